// `billing subs list|change-price` end to end, as a customer (minted customer session) and seller.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Json, ndjson, requestedQueries, type Suite, startSuite, tsv } from './cli.js';

const HEADER = ['ID', 'STATUS', 'PRODUCT', 'AMOUNT', 'EVERY', 'STARTED', 'RENEWS', 'CANCELS'];
const ACTIVE = ['trialing', 'active'];
const INACTIVE = ['canceled', 'unpaid'];

let s: Suite;
/** The demo customer with the most subscriptions, active and inactive ones among them. */
let token: string;
let mine: Json[];
let prices: Json[];

beforeAll(async () => {
  s = await startSuite();
  const orders: Json[] = (await s.call('GET', '/v1/orders/?limit=100')).items;
  prices = orders.map((o) => o.product_price);
  for (const customer_id of new Set(orders.map((o) => o.customer_id))) {
    const session = await s.call('POST', '/__local/customer-sessions', { customer_id }, null);
    const subs = await s.call(
      'GET',
      '/v1/customer-portal/subscriptions/?limit=100',
      undefined,
      session.token,
    );
    const statuses = subs.items.map((x: Json) => x.status);
    const mixed =
      statuses.some((x: string) => ACTIVE.includes(x)) &&
      statuses.some((x: string) => INACTIVE.includes(x));
    if (mixed && subs.items.length > (mine?.length ?? 0)) {
      token = session.token;
      mine = subs.items;
    }
  }
  expect(mine.length).toBeGreaterThanOrEqual(3);
});
afterAll(() => s.svc.stop());

const asCustomer = (args: string[]) => s.run(args, { env: { BILLING_CUSTOMER_TOKEN: token } });
const items = async (...args: string[]) => {
  const r = await asCustomer(['subs', 'list', '--mine', '-o', 'ndjson', ...args]);
  expect(r).toMatchObject({ code: 0, stderr: '' });
  return r.stdout === '' ? [] : ndjson(r.stdout);
};

describe('subs list --mine', () => {
  it("prints the customer's subscriptions as TSV with a stable header", async () => {
    const r = await asCustomer(['subs', 'list', '--mine']);
    expect(r.code).toBe(0);
    const { header, rows } = tsv(r.stdout);
    expect(header).toEqual(HEADER);
    expect(rows).toEqual(
      mine.map((x) => [
        x.id,
        x.status,
        x.product.name,
        String(x.amount),
        x.recurring_interval,
        x.started_at ?? '',
        x.current_period_end ?? '',
        String(x.cancel_at_period_end),
      ]),
    );
  });

  it('--active / --inactive keep their statuses; --query and --product narrow', async () => {
    const name = mine[0].product.name as string;
    const [active, inactive, query, product] = await Promise.all([
      items('--active'),
      items('--inactive'),
      items('--query', name.slice(-4).toLowerCase()),
      items('--product', mine[0].product_id),
    ]);
    expect(active.map((x) => x.id)).toEqual(
      mine.filter((x) => ACTIVE.includes(x.status)).map((x) => x.id),
    );
    expect(inactive.map((x) => x.id)).toEqual(
      mine.filter((x) => INACTIVE.includes(x.status)).map((x) => x.id),
    );
    expect(active.length).toBeGreaterThan(0);
    expect(inactive.length).toBeGreaterThan(0);
    expect(query.length).toBeGreaterThan(0);
    expect(
      query.every((x) => x.product.name.toLowerCase().includes(name.slice(-4).toLowerCase())),
    ).toBe(true);
    expect(product.map((x) => x.id)).toEqual(
      mine.filter((x) => x.product_id === mine[0].product_id).map((x) => x.id),
    );
  });

  it('--org filters; --sort -amount orders by amount; the comma form repeats sorting', async () => {
    const [own, other, sorted, debug] = await Promise.all([
      items('--org', s.demo.organization_id),
      items('--org', s.demo.other.organization_id),
      items('--sort', '-amount'),
      asCustomer(['--debug', 'subs', 'list', '--mine', '--sort', 'amount,-status', '--limit', '1']),
    ]);
    expect(own).toHaveLength(mine.length);
    expect(other).toEqual([]);
    const amounts = sorted.map((x) => x.amount);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    expect(amounts.length).toBe(mine.length);
    expect(requestedQueries(debug.stderr)).toEqual([
      'sorting=amount&sorting=-status&page=1&limit=1',
    ]);
  });

  it('pages: --limit 3 --page-size 1 fetches three pages of one', async () => {
    const r = await asCustomer([
      '--debug',
      'subs',
      'list',
      '--mine',
      '--limit',
      '3',
      '--page-size',
      '1',
      '--fields',
      'id',
    ]);
    expect(r.stdout).toBe(
      `id\n${mine
        .slice(0, 3)
        .map((x) => `${x.id}\n`)
        .join('')}`,
    );
    expect(requestedQueries(r.stderr)).toEqual([
      'page=1&limit=1',
      'page=2&limit=1',
      'page=3&limit=1',
    ]);
  });

  it('an invalid --sort lists the valid criteria and exits 2', async () => {
    expect(await asCustomer(['subs', 'list', '--mine', '--sort', 'created_at'])).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'billing: --sort: "created_at" is not a sort criterion here; valid: started_at, amount, ' +
        'status, organization, product (prefix - for descending)\n',
    });
  });
});

describe('subs change-price', () => {
  const target = () => mine.find((x) => ACTIVE.includes(x.status))!;
  const otherPrice = (sub: Json) =>
    prices.find(
      (p) => p.type === 'recurring' && p.id !== sub.price_id && p.product_id === sub.product_id,
    ) ?? prices.find((p) => p.type === 'recurring' && p.id !== sub.price_id);

  it('as the seller with --proration, then back as the customer', async () => {
    const sub = target();
    const price = otherPrice(sub);
    const seller = await s.run([
      'subs',
      'change-price',
      sub.id,
      '--price',
      price.id,
      '--proration',
      'invoice',
      '--fields',
      'price_id,amount',
    ]);
    expect(seller).toEqual({
      code: 0,
      stdout: `price_id\t${price.id}\namount\t${price.price_amount}\n`,
      stderr: '',
    });
    const back = await asCustomer([
      'subs',
      'change-price',
      sub.id,
      '--price',
      sub.price_id,
      '--as-customer',
      '--json',
    ]);
    expect(back.code).toBe(0);
    expect(JSON.parse(back.stdout)).toMatchObject({
      id: sub.id,
      price_id: sub.price_id,
      amount: sub.amount,
    });
  });

  it("--price given a product's id (issue 24): its one recurring price, or exit 2 listing them", async () => {
    const sub = target();
    const solo = await s.call('POST', '/v1/products/', {
      name: 'Acme Solo',
      organization_id: s.demo.organization_id,
      prices: [
        {
          type: 'recurring',
          recurring_interval: 'month',
          amount_type: 'fixed',
          price_amount: 1500,
          price_currency: 'usd',
        },
      ],
    });
    const one = solo.prices[0].id;
    const moved = await s.run(['subs', 'change-price', sub.id, '--price', solo.id, '--json']);
    expect(moved.code, moved.stderr).toBe(0);
    expect(moved.stderr).toBe(
      `${solo.id} is the product Acme Solo: moving to its one price, ${one}\n`,
    );
    expect(JSON.parse(moved.stdout)).toMatchObject({ id: sub.id, price_id: one, amount: 1500 });

    const several = await s.call('GET', `/v1/products/${sub.product_id}`);
    const recurring = several.prices.filter((p: Json) => !p.is_archived).map((p: Json) => p.id);
    expect(recurring.length).toBeGreaterThan(1);
    const refused = await s.run(['subs', 'change-price', sub.id, '--price', several.id]);
    expect(refused).toEqual({
      code: 2,
      stdout: '',
      stderr:
        `billing: --price: ${several.id} is the product ${several.name}, not one of its prices\n` +
        `Its recurring prices: ${recurring.join(', ')}\n`,
    });
    // Put it back for the tests after.
    expect((await s.run(['subs', 'change-price', sub.id, '--price', sub.price_id])).code).toBe(0);
  });

  it('a one-time price is a 422 naming the field; an unknown subscription exits 6', async () => {
    const oneTime = prices.find((p) => p.type === 'one_time');
    const missing = '00000000-0000-4000-8000-000000000000';
    const [bad, unknown] = await Promise.all([
      s.run(['subs', 'change-price', target().id, '--price', oneTime.id]),
      s.run(['subs', 'change-price', missing, '--price', oneTime.id]),
    ]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(
      /^billing: the server rejected the request \(422\)\n {2}product_price_id: .+\n$/,
    );
    expect(unknown.code).toBe(6);
    expect(unknown.stderr).toBe(`billing: subscription ${missing} not found\n`);
  });
});

describe('subs cancel / resume', () => {
  const card = (stdout: string) =>
    Object.fromEntries(
      stdout
        .replace(/\n$/, '')
        .split('\n')
        .map((l) => l.split('\t') as [string, string]),
    );

  it('cancels at period end with a reason, resumes, then ends at once with --now', async () => {
    const sub = mine.find((x) => ACTIVE.includes(x.status))!;
    const fields = [
      '--fields',
      'status,cancel_at_period_end,customer_cancellation_reason,ends_at,ended_at',
    ];
    const cancel = await s.run(['subs', 'cancel', sub.id, '--reason', 'too_expensive', ...fields]);
    expect(cancel.code).toBe(0);
    expect(card(cancel.stdout)).toMatchObject({
      status: sub.status,
      cancel_at_period_end: 'true',
      customer_cancellation_reason: 'too_expensive',
      ends_at: sub.current_period_end,
    });
    const again = await asCustomer([
      'subs',
      'resume',
      sub.id,
      '--as-customer',
      '--fields',
      'cancel_at_period_end,ends_at',
    ]);
    expect(again.code).toBe(0);
    expect(card(again.stdout)).toEqual({ cancel_at_period_end: 'false', ends_at: '' });
    // Ending it at once is destructive: without a terminal to ask on, only --yes does it.
    const unconfirmed = await s.run(['subs', 'cancel', sub.id, '--now', ...fields]);
    expect(unconfirmed).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'billing: subs cancel --now ends the subscription at once: add --yes to confirm (there is no terminal to ask on)\n',
    });
    const now = await s.run(['subs', 'cancel', sub.id, '--now', '--yes', ...fields]);
    expect(now.code).toBe(0);
    expect(card(now.stdout).status).toBe('canceled');
    expect(card(now.stdout).ended_at).not.toBe('');
    const [twice, resume] = await Promise.all([
      s.run(['subs', 'cancel', sub.id]),
      s.run(['subs', 'resume', sub.id]),
    ]);
    // Advice from its state (issue 24): an ended subscription is not sent to `resume`.
    const noWayBack =
      'An ended subscription cannot come back; the customer can buy again through a new ' +
      'checkout: billing checkout create --help\n';
    expect(twice).toMatchObject({
      code: 7,
      stderr: `billing: subscription ${sub.id} has ended (canceled): cannot cancel it\n${noWayBack}`,
    });
    // True to the command: resume does not talk about canceling.
    expect(resume).toMatchObject({
      code: 7,
      stderr: `billing: subscription ${sub.id} has ended; only a cancellation at period end can be undone\n${noWayBack}`,
    });
  });

  it('refuses --now as the customer and an unknown reason, before sending anything', async () => {
    const id = mine[0]!.id;
    expect(await asCustomer(['subs', 'cancel', id, '--as-customer', '--now'])).toMatchObject({
      code: 2,
      stderr: 'billing: --now is for the seller; customers cancel at the end of the period\n',
    });
    const bad = await s.run(['subs', 'cancel', id, '--reason', 'bored']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("option '--reason <reason>' argument 'bored' is invalid");
  });
});
