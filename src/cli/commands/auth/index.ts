// billing auth status|token, and billing whoami.
import type { Command } from '@commander-js/extra-typings';
import type { Context } from '../../context.js';
import { buildStatus } from './status.js';
import { buildToken } from './token.js';
import { buildWhoami } from './whoami.js';

export function registerAuth(program: Command, ctx: Context): void {
  const auth = program
    .command('auth')
    .summary('show the login state, print the token')
    .description('The credentials of the active profile.');
  buildStatus(auth, ctx);
  buildToken(auth, ctx);
  buildWhoami(program, ctx);
}
