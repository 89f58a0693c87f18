import type { Command } from '@commander-js/extra-typings';
import type { Context } from '../../context.js';
import { buildServe } from './serve.js';

export function registerServe(program: Command, ctx: Context): void {
  buildServe(program, ctx);
}
