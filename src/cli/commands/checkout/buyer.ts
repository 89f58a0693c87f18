// What a confirm needs from the buyer (the real service's required confirm fields: an email; a
// name and a billing address where a payment or a payment method is taken): the --billing-address
// flag, checked before anything is sent, and on a terminal the questions for what is missing.
import type { ApiClient } from '../../../api/client.js';
import type * as api from '../../../api/index.js';
import { ApiError, UsageError } from '../../../errors.js';
import type { Address } from '../../../shared/shapes.js';
import type { Context } from '../../context.js';
import { clip } from '../../input.js';

/** The parts of an address (spec §2.1), in the order the flag's help shows them. */
const PARTS = [
  'country',
  'line1',
  'line2',
  'city',
  'postal_code',
  'state',
] as const satisfies readonly (keyof Address)[];
type Part = (typeof PARTS)[number];

export const ADDRESS_EXAMPLE =
  'country=US,line1=1 Main St,city=Chicago,postal_code=60601,state=US-IL';

/**
 * `country=US,line1=…,city=…,postal_code=…,state=US-IL` as an address. A comma belongs to a value
 * unless a name and `=` follow it ("line1=1 Main St, Apt 2" is one part). The country is
 * two letters; a US or Canadian state is written with its country (US-IL), as the service stores
 * it. Each problem is one line naming the part.
 */
export function parseAddress(flag: string, text: string): Record<string, string> {
  const address: Partial<Record<Part, string>> = {};
  for (const piece of text.split(/,(?=\s*\w+\s*=)/)) {
    const eq = piece.indexOf('=');
    const name = (eq < 0 ? piece : piece.slice(0, eq)).trim();
    const value = eq < 0 ? '' : piece.slice(eq + 1).trim();
    if (!(PARTS as readonly string[]).includes(name)) {
      const what = name ? `unknown part "${clip(name, 20)}"` : 'a part without a name';
      throw new UsageError(`${flag}: ${what} (parts: ${PARTS.join(', ')})`);
    }
    const part = name as Part;
    if (eq < 0 || !value) throw new UsageError(`${flag}: ${part} is empty (write ${part}=…)`);
    if (address[part] !== undefined) throw new UsageError(`${flag}: ${part} is given twice`);
    address[part] = value;
  }
  const country = address.country;
  if (country === undefined)
    throw new UsageError(`${flag}: country is missing (a two-letter code, e.g. country=US)`);
  if (!/^[A-Za-z]{2}$/.test(country))
    throw new UsageError(
      `${flag}: country must be a two-letter code such as US, not "${clip(country, 20)}"`,
    );
  address.country = country.toUpperCase();
  const state = address.state;
  if (state !== undefined && (address.country === 'US' || address.country === 'CA')) {
    if (!new RegExp(`^${address.country}-[A-Za-z]{2}$`, 'i').test(state))
      throw new UsageError(
        `${flag}: state of a ${address.country} address is written ${address.country}-XX, e.g. state=${address.country}-${address.country === 'US' ? 'IL' : 'ON'}, not "${clip(state, 20)}"`,
      );
    address.state = state.toUpperCase();
  }
  return address as Record<string, string>;
}

const given = (v: unknown) => v !== undefined && v !== null && v !== '';

/**
 * On a terminal, asks for what the session still needs and the body does not give: the email,
 * and where a payment or a payment method is taken the name and the billing address. Reads the
 * session by its client secret first (no token needed); without a terminal nothing is asked.
 */
export async function askForMissing(
  ctx: Context,
  { checkouts, client }: { checkouts: typeof api.checkouts; client: ApiClient },
  secret: string,
  body: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const prompt = await import('../../io/prompt.js');
  if (!prompt.canPrompt(ctx)) return body;
  // Nothing could be missing: no need to read the session.
  if (['customer_email', 'customer_name', 'customer_billing_address'].every((f) => given(body[f])))
    return body;
  const session = await checkouts.clientGet(client, secret);
  const missing = (field: string) => !given(body[field]) && !given(session[field]);
  const asked: [field: string, question: string, flag: string][] = [];
  if (missing('customer_email'))
    asked.push(['customer_email', "Buyer's email:", '--customer-email']);
  if (session.is_payment_form_required === true) {
    if (missing('customer_name')) asked.push(['customer_name', "Buyer's name:", '--customer-name']);
    if (missing('customer_billing_address'))
      asked.push([
        'customer_billing_address',
        `Billing address (${ADDRESS_EXAMPLE}):`,
        '--billing-address',
      ]);
  }
  const answers = await prompt.askEach(
    ctx,
    asked.map(([, question]) => question),
  );
  const out = { ...body };
  for (const [i, [field, , flag]] of asked.entries()) {
    const text = answers[i]!;
    if (!text)
      throw new UsageError('checkout confirm: nothing typed; nothing was confirmed', {
        hint: `Or give it with ${flag}.`,
      });
    out[field] =
      field === 'customer_billing_address' ? parseAddress('billing address', text) : text;
  }
  return out;
}

/** A 422 on confirm usually names a field this command has a flag for: say which. */
export function withConfirmHint(err: unknown): unknown {
  if (!(err instanceof ApiError) || err.status !== 422 || err.hint) return err;
  const fields = err.details.map((d) => d.field);
  const hints: string[] = [];
  if (fields.includes('confirmation_token_id')) {
    hints.push('add --confirmation-token <id> (any value on the local service)');
  }
  if (fields.includes('customer_email')) hints.push('add --customer-email <email>');
  if (fields.includes('customer_name')) hints.push('add --customer-name <name>');
  // Today's generation also names the parts it needs (a US address is a full one:
  // customer_billing_address_fields, models/checkout.py at c6c3645e): the flag takes them all.
  const parts = fields
    .filter((f) => f.startsWith('customer_billing_address.'))
    .map((f) => f.slice('customer_billing_address.'.length));
  if (parts.length)
    hints.push(
      `give the billing address's ${parts.join(', ')}: --billing-address ${ADDRESS_EXAMPLE}`,
    );
  else if (fields.includes('customer_billing_address'))
    hints.push(`add --billing-address ${ADDRESS_EXAMPLE}`);
  const custom = fields.filter((f) => f.startsWith('custom_field_data.')).map((f) => f.slice(18));
  if (custom.length) {
    hints.push(
      `set ${custom.join(', ')} with --data '{"custom_field_data": {"${custom[0]}": "…"}}'`,
    );
  }
  if (!hints.length) return err;
  return new ApiError(err.status, err.message, {
    code: err.code,
    body: err.body,
    details: err.details,
    hint: `To confirm: ${hints.join('; ')}.`,
  });
}
