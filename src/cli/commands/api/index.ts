import type { Command } from '@commander-js/extra-typings';
import type { Context } from '../../context.js';
import { buildApi } from './api.js';

export function registerApi(program: Command, ctx: Context): void {
  buildApi(program, ctx);
}
