// What `billing subs change-price --preview` prints: what moving a subscription to another
// product would cost, as today's service computes it (its change-preview: the prorations of the
// unused time and of the time left, the discount, the total), and when that is charged under the
// proration behavior that applies — at once (invoice, reset), on the next invoice (prorate), or
// nothing now (next_period). Nothing is changed.
import type { ApiClient } from '../../../api/client.js';
import type { Resource } from '../../../api/schemas.js';
import type { Context, OutputOptions } from '../../context.js';
import type { Column } from '../../io/cells.js';
import { day, done } from '../shared.js';
import { printOne, resources } from '../verb.js';

export interface PreviewTarget {
  id: string;
  productId: string;
  proration?: string;
  asCustomer: boolean;
  output: OutputOptions;
}

/** A line per proration as the service words it, then the totals: LINE and AMOUNT. */
const PREVIEW_COLUMNS: Column[] = [
  { header: 'LINE', path: 'line' },
  { header: 'AMOUNT', path: 'amount', kind: 'money', currencyPath: 'currency' },
];
const TOTALS = [
  ['Subtotal', 'subtotal_amount'],
  ['Discount', 'discount_amount'],
  ['Tax', 'tax_amount'],
  ['Total', 'total_amount'],
] as const;

const isJson = (o: OutputOptions) =>
  o.json === true || o.output === 'json' || o.output === 'ndjson';

/** The proration behavior that applies: the one asked for, else the organization's. */
async function behaviorOf(
  ctx: Context,
  client: ApiClient,
  sub: Resource,
  asked: string | undefined,
  mine: boolean,
): Promise<string | undefined> {
  if (asked) return asked;
  const product = sub.product as { organization_id?: string; organization?: Resource } | undefined;
  if (mine) return product?.organization?.proration_behavior as string | undefined;
  if (!product?.organization_id) return undefined;
  const { organizations } = await resources(ctx, 'seller');
  const org = await organizations.get(client, product.organization_id).catch(() => undefined);
  return org?.proration_behavior as string | undefined;
}

export async function printChangePreview(ctx: Context, t: PreviewTarget): Promise<void> {
  const { subscriptions, client } = await resources(ctx, t.asCustomer ? 'customer' : 'seller');
  const mine = t.asCustomer;
  const sub = await (mine
    ? subscriptions.getCustomerPortal(client, t.id)
    : subscriptions.get(client, t.id));
  const body = mine
    ? { product_id: t.productId }
    : {
        product_id: t.productId,
        ...(t.proration ? { proration_behavior: t.proration as 'invoice' } : {}),
      };
  const preview = await subscriptions.changePreview(client, t.id, body, mine);
  if (isJson(t.output)) {
    await printOne(ctx, t.output, [], preview);
    return;
  }
  const currency = typeof sub.currency === 'string' ? sub.currency : 'usd';
  const rows = [
    ...preview.prorations.map((p) => ({ line: p.label, amount: p.amount, currency })),
    ...TOTALS.map(([line, key]) => ({ line, amount: preview[key], currency })),
  ];
  await (await ctx.printer(t.output, PREVIEW_COLUMNS)).printList(rows);
  const { money } = await import('../../io/humanize.js');
  const total = money(preview.total_amount, currency);
  const behavior = await behaviorOf(ctx, client, sub, t.proration, mine);
  const next = day(sub.current_period_end);
  const when =
    behavior === 'invoice' || behavior === 'reset'
      ? `would charge ${total} at once`
      : behavior === 'next_period'
        ? `would charge nothing now: the new product applies from ${next}`
        : `would add ${total} to the next invoice${next ? ` (${next})` : ''}`;
  await done(ctx, `Moving subscription ${t.id} ${when}. Nothing was changed.`);
}
