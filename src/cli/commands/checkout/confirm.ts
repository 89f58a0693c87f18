// billing checkout confirm <client-secret|id> → POST /v1/checkouts/custom/client/{client_secret}/confirm

import { UsageError } from '../../../errors.js';
import { CUSTOMER_SESSION_SECONDS } from '../../../shared/api-facts.js';
import type { Context, OutputOptions } from '../../context.js';
import { dataObject, uuid } from '../../input.js';
import { columnNotes, outputOf, withOutput } from '../shared.js';
import { stateError } from '../state-errors.js';
import { printOne, resources, verb } from '../verb.js';
import { askForMissing, parseAddress, withConfirmHint } from './buyer.js';
import { CHECKOUT_CARD } from './columns.js';

/** true, or why the customer session could not be kept. */
async function storeSession(
  ctx: Context,
  token: string,
  confirmed: Record<string, unknown>,
): Promise<true | string> {
  try {
    const settings = await ctx.settings();
    await (await ctx.tokenStore()).writeCustomerSession(settings.profile, {
      token,
      email: typeof confirmed.customer_email === 'string' ? confirmed.customer_email : undefined,
      expiresAt: new Date(ctx.now().getTime() + CUSTOMER_SESSION_SECONDS * 1000).toISOString(),
    });
    return true;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

export interface ConfirmOptions {
  /** The client secret, or the checkout's id (its secret is looked up with the seller's token). */
  checkout: { secret: string } | { id: string };
  /** --data with the flags applied over it. */
  body: Record<string, unknown>;
  output: OutputOptions;
}

export async function runConfirm(opts: ConfirmOptions, ctx: Context): Promise<void> {
  const { checkouts, client: publicClient } = await resources(ctx, 'none');
  const secret =
    'secret' in opts.checkout
      ? opts.checkout.secret
      : await checkouts.clientSecret(await ctx.api('seller'), opts.checkout.id);
  // On a terminal, what the session still needs is asked for (nothing is asked in a script).
  const body = await askForMissing(ctx, { checkouts, client: publicClient }, secret, opts.body);
  const confirmed = await checkouts.confirm(publicClient, secret, body).catch((err: unknown) => {
    throw stateError(withConfirmHint(err), [
      {
        code: 'NotOpenCheckout',
        hint: 'A confirmed checkout is done: its order is in `billing orders list`.',
      },
    ]);
  });
  // The checkout is confirmed on the server now: whatever happens to the local bookkeeping,
  // its answer is printed and the command succeeds (issue 12).
  const token = confirmed.customer_session_token;
  const stored = typeof token === 'string' ? await storeSession(ctx, token, confirmed) : undefined;
  // The session token is a secret: it goes to the token store, not to stdout.
  const shown = {
    ...confirmed,
    customer_session_token:
      typeof token === 'string' ? (stored === true ? '[stored]' : '[not stored]') : token,
  };
  await printOne(ctx, opts.output, CHECKOUT_CARD, shown);
  const { createMessenger } = await import('../../io/index.js');
  const say = createMessenger(ctx.io);
  const email = confirmed.customer_email;
  say.success(
    `Checkout confirmed${typeof email === 'string' ? ` for ${email}` : ''}.${stored === true ? ' The customer session is stored for this profile for an hour.' : ''}`,
  );
  if (stored !== undefined && stored !== true) {
    const customer =
      typeof confirmed.customer_id === 'string' ? confirmed.customer_id : '<customer-id>';
    say.warn(`The customer session could not be stored: ${stored}`);
    say.info(
      `To act as this customer, create a session: export BILLING_CUSTOMER_TOKEN=$(billing api POST /v1/customer-sessions/ -f customer_id=${customer} | jq -r .token)`,
    );
  }
}

export const buildConfirm = verb(runConfirm, {
  command: (parent) =>
    withOutput(
      parent
        .command('confirm')
        .summary('confirm a checkout as the buyer')
        .description(
          'Confirm a checkout session as the buyer would: creates the order (and the ' +
            'subscription for a recurring price) once the payment goes through. A paid ' +
            'session (or a subscription) needs the buyer’s name and billing address; on a ' +
            'terminal, what is missing is asked for. Takes the client secret, or the session ' +
            'id (then the secret is looked up with your token). The customer session token ' +
            'it returns is stored for the profile for an hour and used by `subs list --mine`, ' +
            '`keys list --mine` and `keys get --mine`; print it with `billing auth token --customer`. ' +
            'Not retried automatically: a POST may create an order.',
        )
        .argument('<client-secret>', 'client secret (polar_c_…) or checkout session id')
        .option('--customer-email <email>', "the buyer's email (required unless already set)")
        .option(
          '--customer-name <name>',
          "the buyer's name (required where a payment or a payment method is taken)",
        )
        .option(
          '--billing-address <parts>',
          "the buyer's billing address, required with the name: parts country (two " +
            'letters), line1, line2, city, postal_code, state (US-IL for a US state), as ' +
            'country=US,state=US-IL,postal_code=60601',
        )
        .option('--discount-code <code>', 'apply a discount code')
        .option(
          '--confirmation-token <id>',
          'payment confirmation token, required for paid checkouts (the local service accepts any value)',
        )
        .option('--data <json>', 'request body as JSON, @file or - for stdin'),
      'CHECKOUT',
    ),
  options: async (secretOrId, opts, ctx): Promise<ConfirmOptions> => {
    let checkout: ConfirmOptions['checkout'];
    if (/^[0-9a-f]{8}-/i.test(secretOrId)) checkout = { id: uuid('checkout id', secretOrId) };
    else if (/^polar_c_[A-Za-z0-9]+$/.test(secretOrId)) checkout = { secret: secretOrId };
    else throw new UsageError('client secret: expected polar_c_… or a checkout session id (UUID)');
    const body: Record<string, unknown> = { ...(await dataObject(opts.data, ctx.io.stdin)) };
    if (opts.customerEmail !== undefined) body.customer_email = opts.customerEmail;
    if (opts.customerName !== undefined) body.customer_name = opts.customerName;
    if (opts.billingAddress !== undefined)
      body.customer_billing_address = parseAddress('--billing-address', opts.billingAddress);
    if (opts.discountCode !== undefined) body.discount_code = opts.discountCode;
    if (opts.confirmationToken !== undefined) body.confirmation_token_id = opts.confirmationToken;
    return { checkout, body, output: outputOf(opts) };
  },
  notes: columnNotes('Read from either API generation', CHECKOUT_CARD),
  examples: [
    "billing checkout confirm <checkout-id> --customer-email jane@example.com --customer-name 'Jane Doe' --billing-address country=US,state=US-IL,postal_code=60601 --confirmation-token tok_test",
    'billing checkout confirm polar_c_… --discount-code LAUNCH10 --confirmation-token tok_test',
  ],
});
