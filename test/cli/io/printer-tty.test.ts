import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPrinter } from '../../../src/cli/io/printer.js';
import { COLOR_ENV, fakeIO } from './fake-stream.js';
import { columns, now, orders } from './fixtures.js';

function stubEnv(env: Record<string, string | undefined>) {
  for (const [key, value] of Object.entries(env)) vi.stubEnv(key, value);
}

afterEach(() => {
  vi.unstubAllEnvs();
});

async function table(width: number | undefined, opts: { fields?: string; color?: boolean } = {}) {
  const { io, stdout, stderr } = fakeIO({ isTTY: true, columns: width });
  const printer = createPrinter({ io, format: 'table', columns, now, color: false, ...opts });
  await printer.printList(orders);
  return { stdout, stderr };
}

const WIDE = [
  'ID     CREATED     STATUS    AMOUNT      CUSTOMER         PAID  NOTE',
  'ord_1  3 days ago  paid      $12.00 USD  ann@example.com  yes   line1 line2 x',
  'ord_2  1 day ago   refunded  -           bob@example.com  no    -',
  '',
].join('\n');

describe('table on a terminal', () => {
  it.each([
    [120, WIDE],
    [undefined, WIDE], // 80 columns by default: everything fits
    [
      60,
      [
        'ID     CREATED     STATUS    AMOUNT      CUSTOMER       PAID',
        'ord_1  3 days ago  paid      $12.00 USD  ann@example.…  yes',
        'ord_2  1 day ago   refunded  -           bob@example.…  no',
        '',
      ].join('\n'),
    ],
    [
      40,
      [
        'ID     CREATED     STATUS    AMOUNT',
        'ord_1  3 days ago  paid      $12.00 USD',
        'ord_2  1 day ago   refunded  -',
        '',
      ].join('\n'),
    ],
  ])('fits %s columns', async (width, expected) => {
    const { stdout } = await table(width);
    expect(stdout.text).toBe(expected);
    for (const line of stdout.text.split('\n')) {
      expect(line.length).toBeLessThanOrEqual(width ?? 80);
    }
  });

  it('uses --fields paths as columns, reusing known column kinds', async () => {
    const { stdout } = await table(120, { fields: 'id,amount,customer.name,nope' });
    expect(stdout.text).toBe(
      [
        'id     amount      customer.name  nope',
        'ord_1  $12.00 USD  Ann            -',
        'ord_2  -           -              -',
        '',
      ].join('\n'),
    );
  });

  it('reports an empty list and a partial page on stderr only', async () => {
    const empty = fakeIO({ isTTY: true });
    await createPrinter({ io: empty.io, format: 'table', columns, now }).printList([]);
    expect(empty.stdout.text).toBe('');
    expect(empty.stderr.text).toBe('No results\n');

    const some = fakeIO({ isTTY: true, errTTY: false });
    const printer = createPrinter({ io: some.io, format: 'table', columns, now, color: false });
    await printer.printList(orders, { totalCount: 10 });
    expect(some.stdout.text).toBe(WIDE);
    expect(some.stderr.text).toBe('Showing 2 of 10\n');
  });

  it('prints one object as a card', async () => {
    const { io, stdout } = fakeIO({ isTTY: true, columns: 80 });
    const printer = createPrinter({ io, format: 'table', columns, now, color: false });
    await printer.printOne(orders[1]!, [
      { header: 'ID', path: 'id', kind: 'id' },
      { header: 'Status', path: 'status', kind: 'status' },
      { header: 'Total', path: 'amount', kind: 'money', currencyPath: 'currency' },
      { header: 'Paid', path: 'paid', kind: 'bool' },
      { header: 'Created', path: 'created_at', kind: 'time' },
    ]);
    expect(stdout.text).toBe(
      'ID       ord_2\nStatus   refunded\nTotal    -\nPaid     no\nCreated  1 day ago\n',
    );
  });
});

describe('cards read what the real service sends (issue 11)', () => {
  const rows = [
    { header: 'Price', path: 'product_price.price_amount', kind: 'price' as const },
    { header: 'Discount', path: 'discount.name', kind: 'discount' as const },
    { header: 'Social', path: 'social_username', alt: ['twitter_username'] },
    { header: 'Amount', path: 'amount', kind: 'money' as const, currencyPath: 'currency' },
  ];
  async function card(obj: object) {
    const { io, stdout } = fakeIO({ isTTY: true, columns: 80 });
    const printer = createPrinter({ io, format: 'table', columns: rows, now, color: false });
    await printer.printOne(obj, rows);
    const tsv = fakeIO({ isTTY: false });
    await createPrinter({ io: tsv.io, format: 'tsv', columns: rows, now }).printOne(obj, rows);
    return { human: stdout.text, tsv: tsv.stdout.text };
  }

  it.each([
    [
      'a fixed price, a fixed discount, the spec name',
      {
        product_price: { amount_type: 'fixed', price_amount: 1900, price_currency: 'usd' },
        discount: { name: 'Launch 10', type: 'fixed', amount: 1000, currency: 'usd' },
        social_username: 'acme',
        amount: 900,
        currency: 'usd',
      },
      'Price     $19.00 USD\nDiscount  Launch 10 ($10.00 USD off)\nSocial    acme\nAmount    $9.00 USD\n',
      'product_price.price_amount\t1900\ndiscount.name\tLaunch 10\nsocial_username\tacme\namount\t900\n',
    ],
    [
      'a free price without amount or currency, a percentage discount, the real name',
      {
        product_price: { amount_type: 'free', type: 'one_time' },
        discount: { name: 'Half off', type: 'percentage', basis_points: 5000 },
        twitter_username: 'acme_hq',
        amount: '900',
      },
      'Price     Free\nDiscount  Half off (50% off)\nSocial    acme_hq\nAmount    900\n',
      'product_price.price_amount\t\ndiscount.name\tHalf off\nsocial_username\tacme_hq\namount\t900\n',
    ],
    [
      'a pay-what-you-want price, no discount, nothing else',
      { product_price: { amount_type: 'custom', minimum_amount: 500, price_currency: 'eur' } },
      'Price     Pay what you want (from €5.00 EUR)\nDiscount  -\nSocial    -\nAmount    -\n',
      'product_price.price_amount\t\ndiscount.name\t\nsocial_username\t\namount\t\n',
    ],
  ])('%s', async (_name, obj, human, tsv) => {
    expect(await card(obj)).toEqual({ human, tsv });
  });

  // A recurring price says how often (issue 24): the seed's price carries its interval, today's
  // product does; a one-time or free price says nothing of it.
  it.each([
    [
      "the seed's recurring price",
      {
        product_price: {
          type: 'recurring',
          recurring_interval: 'month',
          amount_type: 'fixed',
          price_amount: 4900,
          price_currency: 'usd',
        },
      },
      '$49.00 USD/month',
    ],
    [
      "today's price of a yearly product",
      {
        product: { recurring_interval: 'year' },
        product_price: { amount_type: 'fixed', price_amount: 49000, price_currency: 'usd' },
      },
      '$490.00 USD/year',
    ],
    [
      'a one-time price',
      {
        product: { recurring_interval: null },
        product_price: { amount_type: 'fixed', price_amount: 900, price_currency: 'usd' },
      },
      '$9.00 USD',
    ],
    [
      'a free recurring price',
      { product: { recurring_interval: 'month' }, product_price: { amount_type: 'free' } },
      'Free',
    ],
  ])('%s', async (_name, obj, text) => {
    const price = [{ ...rows[0]!, intervalPath: 'product.recurring_interval' }];
    const { io, stdout } = fakeIO({ isTTY: true, columns: 80 });
    await createPrinter({ io, format: 'table', columns: price, now, color: false }).printOne(
      obj,
      price,
    );
    expect(stdout.text).toBe(`Price  ${text}\n`);
  });
});

describe('colour', () => {
  it('styles headers, statuses and nulls on a colour terminal', async () => {
    stubEnv(COLOR_ENV);
    const { io, stdout } = fakeIO({ isTTY: true, columns: 120 });
    await createPrinter({ io, format: 'table', columns, now }).printList(orders);
    const lines = stdout.text.split('\n');
    expect(lines[0]).toBe(
      '\x1b[1mID\x1b[22m     \x1b[1mCREATED\x1b[22m     \x1b[1mSTATUS\x1b[22m    ' +
        '\x1b[1mAMOUNT\x1b[22m      \x1b[1mCUSTOMER\x1b[22m         \x1b[1mPAID\x1b[22m  ' +
        '\x1b[1mNOTE\x1b[22m',
    );
    expect(lines[1]).toBe(
      'ord_1  3 days ago  \x1b[32mpaid\x1b[39m      $12.00 USD  ann@example.com  yes   line1 line2 x',
    );
    expect(lines[2]).toBe(
      'ord_2  1 day ago   \x1b[33mrefunded\x1b[39m  \x1b[2m-\x1b[22m           ' +
        'bob@example.com  no    \x1b[2m-\x1b[22m',
    );
  });

  it.each([
    ['NO_COLOR set', { ...COLOR_ENV, NO_COLOR: '1' }, true, undefined],
    ['TERM=dumb', { ...COLOR_ENV, TERM: 'dumb' }, true, undefined],
    ['not a TTY, even with FORCE_COLOR', { ...COLOR_ENV, FORCE_COLOR: '1' }, false, undefined],
    ['color: false', COLOR_ENV, true, false],
  ])('no ANSI with %s', async (_name, env, isTTY, color) => {
    stubEnv(env);
    const { io, stdout } = fakeIO({ isTTY, columns: 120 });
    await createPrinter({ io, format: 'table', columns, now, color }).printList(orders);
    expect(stdout.text).toBe(WIDE);
  });

  it('color: true forces colour', async () => {
    stubEnv({ ...COLOR_ENV, NO_COLOR: '1' });
    const { io, stdout } = fakeIO({ isTTY: false, columns: 120 });
    await createPrinter({ io, format: 'table', columns, now, color: true }).printList(orders);
    expect(stdout.text).toContain('\x1b[32mpaid\x1b[39m');
  });
});
