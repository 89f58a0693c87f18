// billing customers state <id|email> | --external-id <id> → GET /v1/customers/{id}/state, or
// GET /v1/customers/external/{external_id}/state (today's API only: the seed's generation has
// no customer state). What a customer has now: active subscriptions, granted benefits, meters.

import { UsageError } from '../../../errors.js';
import type { Context, OutputOptions } from '../../context.js';
import { clip } from '../../input.js';
import { outputOf, printSection, withOutput } from '../shared.js';
import { printOne, resources, verb } from '../verb.js';
import {
  STATE_BENEFIT_COLUMNS,
  STATE_CARD,
  STATE_METER_COLUMNS,
  STATE_SUBSCRIPTION_COLUMNS,
} from './columns.js';
import { customerId, customerRef, externalId } from './ref.js';

/** `id`: a customer id or an email; `externalId`: the seller's own id of the customer. */
export type StateOptions = ({ id: string } | { externalId: string }) & { output: OutputOptions };

type Item = Record<string, unknown>;
const items = (v: unknown): Item[] => (Array.isArray(v) ? (v as Item[]) : []);

export async function runState(opts: StateOptions, ctx: Context): Promise<void> {
  const { customers, client } = await resources(ctx, 'seller');
  if (!client.today) {
    // Said before anything is sent (an email is not even looked up): the seed's service would
    // answer a bare 404.
    const again =
      'id' in opts ? clip(opts.id) : `--external-id ${JSON.stringify(clip(opts.externalId))}`;
    throw new UsageError(
      `customers state needs today's API (2026-04 or later): billing customers state ${again} --api-version 2026-10`,
    );
  }
  const key =
    'id' in opts
      ? { id: await customerId(ctx, 'customer', opts.id) }
      : { externalId: opts.externalId };
  const state = await customers.state(client, key);
  const { output } = opts;
  await printOne(ctx, output, STATE_CARD, state);
  // On a terminal the lists follow the card as tables; scripts read them from --json.
  if (output.json || output.output || output.fields || !ctx.io.stdout.isTTY) return;
  const [subscriptions, grants] = await named(ctx, state);
  await printSection(ctx, 'Active subscriptions', STATE_SUBSCRIPTION_COLUMNS, subscriptions);
  await printSection(ctx, 'Granted benefits', STATE_BENEFIT_COLUMNS, grants);
  await printSection(ctx, 'Active meters', STATE_METER_COLUMNS, items(state.active_meters));
}

/**
 * The state's subscriptions and grants with their product's name and benefit's description
 * (one list request each, by id). Names are for the eye: without them (a token that may not
 * read products, say) the ids are shown.
 */
async function named(ctx: Context, state: Item): Promise<[Item[], Item[]]> {
  const subs = items(state.active_subscriptions);
  const grants = items(state.granted_benefits);
  const { products, benefits, client } = await resources(ctx, 'seller');
  const read = async (ids: unknown[], list: (id: string[]) => AsyncIterable<Item>) => {
    const wanted = [...new Set(ids.filter((id): id is string => typeof id === 'string'))];
    const found = new Map<string, Item>();
    if (wanted.length === 0) return found;
    try {
      for await (const item of list(wanted)) found.set(String(item.id), item);
    } catch {
      // Shown by id instead.
    }
    return found;
  };
  const [productsById, benefitsById] = await Promise.all([
    read(
      subs.map((s) => s.product_id),
      (id) => products.list(client, { id }, { limit: 100 }),
    ),
    read(
      grants.map((g) => g.benefit_id),
      (id) => benefits.list(client, { id }, { limit: 100 }),
    ),
  ]);
  return [
    subs.map((s) => {
      const product = productsById.get(String(s.product_id));
      return product ? { ...s, product: { name: product.name } } : s;
    }),
    grants.map((g) => {
      const benefit = benefitsById.get(String(g.benefit_id));
      return benefit ? { ...g, benefit: { description: benefit.description } } : g;
    }),
  ];
}

export const buildState = verb(runState, {
  command: (parent) =>
    withOutput(
      parent
        .command('state')
        .summary("what a customer has now: subscriptions, benefits, meters (today's API)")
        .description(
          "Show what a customer has now (today's API, 2026-04 and later): the customer, its " +
            'active subscriptions (product, amount, interval, renewal), the benefits granted to ' +
            'it and its active meters. By id, by email, or by your own id of the customer with ' +
            '--external-id. On a terminal the lists follow the card as tables; --json prints ' +
            "the service's CustomerState.",
        )
        .argument('[customer]', 'customer id (UUID) or email')
        .option('--external-id <id>', 'your own id of the customer (external_id), instead'),
      'CUSTOMER_STATE',
    ),
  options: (customer, opts): StateOptions => {
    const output = outputOf(opts);
    if (opts.externalId !== undefined) {
      if (customer !== undefined) {
        throw new UsageError('give a customer or --external-id, not both');
      }
      return { externalId: externalId('--external-id', opts.externalId), output };
    }
    if (customer === undefined) {
      throw new UsageError('give a customer (id or email), or --external-id <id>');
    }
    return { id: customerRef('customer', customer), output };
  },
  examples: [
    'billing customers state jane@example.com',
    'billing customers state --external-id user_4711 --json',
    'billing customers state <customer-id> --json | jq ".granted_benefits[].benefit_type"',
  ],
});
