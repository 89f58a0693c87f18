import type { Command } from '@commander-js/extra-typings';
import type { Context } from '../../context.js';
import { buildListen } from './listen.js';

export function registerListen(program: Command, ctx: Context): void {
  buildListen(program, ctx);
}
