import type { Command } from '@commander-js/extra-typings';
import type { Context } from '../../context.js';
import { buildComplete } from './complete.js';
import { buildCompletion } from './completion.js';

export function registerCompletion(program: Command, ctx: Context): void {
  buildCompletion(program, ctx);
  buildComplete(program, ctx);
}
