// billing auth token: the access token for other tools (the one command that prints a secret).
import { AuthError } from '../../../errors.js';
import type { Context } from '../../context.js';
import { CUSTOMER_SESSION_FIX } from '../../credentials.js';
import { verb } from '../verb.js';

export interface TokenOptions {
  /** The stored customer session's token instead of the seller's. */
  customer: boolean;
}

export async function runToken(opts: TokenOptions, ctx: Context): Promise<void> {
  const credentials = await ctx.credentials();
  if (opts.customer) {
    const stored = await credentials.customerSession();
    if (!stored) throw new AuthError('no customer session stored (confirm a checkout first)');
    const expires = stored.credentials.expires_at;
    if (expires && Date.parse(expires) <= ctx.now().getTime()) {
      throw new AuthError(`the stored customer session expired at ${expires}`, {
        hint: CUSTOMER_SESSION_FIX,
      });
    }
    ctx.io.stdout.write(`${stored.credentials.access_token}\n`);
    return;
  }
  ctx.io.stdout.write(`${await credentials.sellerToken()}\n`);
}

export const buildToken = verb(runToken, {
  command: (parent) =>
    parent
      .command('token')
      .summary('print the access token (for piping)')
      .description(
        'Print the access token of the active profile, refreshed when needed, for use in other tools. With --customer, the stored customer session token.',
      )
      .option('--customer', 'the customer session token from `checkout confirm`'),
  options: (opts) => ({ customer: Boolean(opts.customer) }),
  examples: ['curl -H "Authorization: Bearer $(billing auth token)" …'],
});
