// billing login / logout.
import type { Command } from '@commander-js/extra-typings';
import type { Context } from '../../context.js';
import { buildLogin } from './login.js';
import { buildLogout } from './logout.js';

export function registerLogin(program: Command, ctx: Context): void {
  buildLogin(program, ctx);
  buildLogout(program, ctx);
}
