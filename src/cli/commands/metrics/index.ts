import type { Command } from '@commander-js/extra-typings';
import type { Context } from '../../context.js';
import { buildMetrics } from './metrics.js';

export function registerMetrics(program: Command, ctx: Context): void {
  buildMetrics(program, ctx);
}
