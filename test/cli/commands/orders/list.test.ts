// billing orders list|get: argv -> usage error or the exact query; a terminal shows a money table.
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { buildList, type ListOptions, runList } from '../../../../src/cli/commands/orders/list.js';
import { start } from '../../../../src/server/index.js';
import { run } from '../../../helpers/cli.js';
import { lookup } from '../customers/fixtures.js';
import { ID, ID2, useRecorder } from '../harness.js';
import { answered, CUSTOMER_TOKEN, execute, json, page, parse } from '../verb.js';

const rec = useRecorder();

describe('orders list: argv -> usage error, nothing sent', () => {
  it.each([
    [
      ['--fields', 'id,amont'],
      'billing: --fields: "amont" is not a field here\n' +
        'Fields: id, created_at, modified_at, amount, tax_amount, currency, billing_reason, ' +
        'customer_id, product_id, product_price_id, discount_id, subscription_id, checkout_id, ' +
        'user_id, metadata, custom_field_data, billing_address.…, customer.…, user.…, product.…, ' +
        'product_price.…, discount.…, subscription.…, status, paid, subtotal_amount, ' +
        'discount_amount, net_amount, total_amount, applied_balance_amount, due_amount, ' +
        'refunded_amount, refunded_tax_amount, billing_name, invoice_number, ' +
        'is_invoice_generated, receipt_number, seats, next_payment_attempt_at, ' +
        'platform_fee_amount, platform_fee_currency, items.…, description, refundable_amount, ' +
        'refundable_tax_amount (nested ones by dot path, e.g. customer.email)\n',
    ],
    [
      ['--fields', 'customer.emial'],
      'billing: --fields: "customer.emial" is not a field here\n' +
        'Fields: customer.id, customer.created_at, customer.modified_at, customer.email, ' +
        'customer.email_verified, customer.name, customer.tax_id, customer.organization_id, ' +
        'customer.avatar_url, customer.metadata, customer.billing_address.…, ' +
        'customer.external_id, customer.type, customer.billing_name, customer.locale, ' +
        'customer.default_payment_method_id, customer.deleted_at, customer.first_user_event_at ' +
        '(nested ones by dot path, e.g. customer.email)\n',
    ],
    [
      ['--fields', 'amount.currency'],
      'billing: --fields: "amount.currency" is not a field here\n' +
        '"amount" is a value, with no fields inside\n',
    ],
    [['--limit', '0'], 'billing: --limit: must be an integer at least 1, got 0\n'],
    [['--limit', '2.5'], 'billing: --limit: "2.5" is not an integer\n'],
    [['--page', '0'], 'billing: --page: must be an integer at least 1, got 0\n'],
    [['--page-size', '101'], 'billing: --page-size: must be an integer from 1 to 100, got 101\n'],
    [
      ['--type', 'monthly'],
      "billing: option '--type <type>' argument 'monthly' is invalid. Allowed choices are one_time, recurring.\n",
    ],
    [['--product', 'acme-pro'], 'billing: --product: "acme-pro" is not a UUID\n'],
    [
      ['--customer', ID, '--customer', 'x'],
      'billing: --customer: "x" is neither a customer id (UUID) nor an email\n',
    ],
    [['--org', `${ID}0`], `billing: --org: "${ID}0" is not a UUID\n`],
    [
      ['--sort', 'bogus'],
      'billing: --sort: "bogus" is not a sort criterion here; valid: created_at, amount, customer, ' +
        'product, discount, subscription, status, invoice_number, net_amount ' +
        '(prefix - for descending)\n',
    ],
    [
      ['--fields', 'id,,amount'],
      'billing: invalid --fields: (empty)\nUse comma-separated dot paths, e.g. --fields id,status,customer.email\n',
    ],
    [['--json', '-o', 'ndjson'], 'billing: --json conflicts with --output ndjson\n'],
    [
      ['-o', 'yaml'],
      "billing: option '-o, --output <format>' argument 'yaml' is invalid. Allowed choices are table, tsv, json, ndjson.\n",
    ],
    [['--bogus'], "billing: unknown option '--bogus'\n"],
  ])('%j', async (args, stderr) => {
    await rec.usage(['orders', 'list', ...args], stderr);
  });

  it('orders get: a malformed id or bad --fields is refused before the request', async () => {
    await rec.usage(['orders', 'get', 'nope'], 'billing: order id: "nope" is not a UUID\n');
    await rec.usage(
      ['orders', 'get', ID, '--fields', 'a b'],
      'billing: invalid --fields: "a b"\nUse comma-separated dot paths, e.g. --fields id,status,customer.email\n',
    );
  });
});

describe('orders list: argv -> query', () => {
  it.each([
    [
      [],
      [
        ['page', '1'],
        ['limit', '30'],
      ],
    ],
    [
      ['--limit', '5', '--page', '3'],
      [
        ['page', '3'],
        ['limit', '5'],
      ],
    ],
    [
      ['--limit', '250'],
      [
        ['page', '1'],
        ['limit', '100'],
      ],
    ],
    [
      ['--limit', '25', '--page-size', '10'],
      [
        ['page', '1'],
        ['limit', '10'],
      ],
    ],
    [
      [
        '--type',
        'recurring',
        '--type',
        'one_time',
        '--product',
        ID,
        '--product',
        ID2.toUpperCase(),
      ],
      [
        ['product_price_type', 'recurring'],
        ['product_price_type', 'one_time'],
        ['product_id', ID],
        ['product_id', ID2],
        ['page', '1'],
        ['limit', '30'],
      ],
    ],
    [
      ['--customer', ID, '--discount', ID2, '--org', ID, '--sort', '-amount, customer'],
      [
        ['organization_id', ID],
        ['discount_id', ID2],
        ['sorting', '-amount'],
        ['sorting', 'customer'],
        // Resolved when run (an email needs a lookup), so it comes last.
        ['customer_id', ID],
        ['page', '1'],
        ['limit', '30'],
      ],
    ],
  ])('%j', async (args, query) => {
    const sent = await rec.request(['orders', 'list', ...args]);
    expect(sent).toEqual({
      method: 'GET',
      path: '/v1/orders/',
      query,
      authorization: expect.stringMatching(/^Bearer polar_pat_/),
    });
  });
});

describe('orders list on a terminal', () => {
  it('prints a table with money as $12.00 USD', async () => {
    const svc = await start({ port: 0 });
    try {
      const env = { BILLING_BASE_URL: svc.url, BILLING_TOKEN: svc.demo!.personal_access_token };
      const r = await run(['orders', 'list', '--limit', '4'], { env, tty: true });
      expect(r.code).toBe(0);
      const res = await fetch(`${svc.url}/v1/orders/?limit=4`, {
        headers: { authorization: `Bearer ${env.BILLING_TOKEN}` },
      });
      const { items: orders } = (await res.json()) as { items: { id: string; amount: number }[] };
      const lines = stripVTControlCharacters(r.stdout).trimEnd().split('\n');
      const header = lines.find((l) => l.includes('CUSTOMER'))!;
      // 100 columns: the low-value REASON gives way so that ids and emails stay whole.
      expect(header).toMatch(/^ID\s+CREATED\s+CUSTOMER\s+PRODUCT\s+AMOUNT$/);
      expect(r.stderr).toContain(
        'Hidden to fit the terminal: REASON (choose columns with --fields)',
      );
      for (const o of orders) {
        const money = `$${(o.amount / 100).toFixed(2)} USD`;
        const row = lines.find((l) => l.startsWith(`${o.id}  `))!;
        expect(row).toMatch(new RegExp(`\\S+@example\\.com\\s.*  ${money.replace('$', '\\$')}$`));
      }
      expect(lines).toHaveLength(5);
      expect(r.stdout).not.toMatch(/\t/);
    } finally {
      await svc.stop();
    }
  });
});

describe('orders list --fields: any field of the order, nested by dots', () => {
  it.each([
    'id,customer.billing_address.city,metadata.campaign',
    'product.prices.0.price_amount,discount.basis_points,user.github_username',
  ])('%s is accepted (and sent on)', async (fields) => {
    const sent = await rec.request(['orders', 'list', '--fields', fields]);
    expect(sent.path).toBe('/v1/orders/');
  });
});

describe('orders list: argv -> options', () => {
  const all = { limit: Number.POSITIVE_INFINITY, startPage: 1, pageSize: 100 };
  it.each([
    [[], { mine: false, filters: {}, page: { limit: 30, startPage: 1, pageSize: 30 }, output: {} }],
    [
      ['--type', 'recurring', '--product', ID2.toUpperCase(), '--sort', '-amount,customer'],
      {
        mine: false,
        filters: {
          product_price_type: ['recurring'],
          product_id: [ID2],
          sorting: ['-amount', 'customer'],
        },
        page: { limit: 30, startPage: 1, pageSize: 30 },
        output: {},
      },
    ],
    [
      ['--all', '-o', 'ndjson', '--fields', 'id,amount'],
      { mine: false, filters: {}, page: all, output: { output: 'ndjson', fields: 'id,amount' } },
    ],
    // --page with --page-size and no --limit: that one page.
    [
      ['--page', '3', '--page-size', '10'],
      { mine: false, filters: {}, page: { limit: 10, startPage: 3, pageSize: 10 }, output: {} },
    ],
    [
      ['--limit', '250', '--page', '2', '--json'],
      {
        mine: false,
        filters: {},
        page: { limit: 250, startPage: 2, pageSize: 100 },
        output: { json: true },
      },
    ],
    [
      ['--customer', 'Jane@Example.com', '--customer', ID, '--discount', ID2],
      {
        mine: false,
        filters: { customer: ['jane@example.com', ID], discount_id: [ID2] },
        page: { limit: 30, startPage: 1, pageSize: 30 },
        output: {},
      },
    ],
    [
      [
        '--mine',
        '--subscription',
        ID,
        '--query',
        'pro',
        '--type',
        'recurring',
        '--sort',
        'subscription,-amount',
      ],
      {
        mine: true,
        filters: {
          product_price_type: ['recurring'],
          subscription_id: [ID],
          query: 'pro',
          sorting: ['subscription', '-amount'],
        },
        page: { limit: 30, startPage: 1, pageSize: 30 },
        output: {},
      },
    ],
  ])('%j', async (argv, options) => {
    const r = await parse(buildList, 'list', argv, { noun: 'orders' });
    // Undefined filters are never sent: compare the ones given.
    const given = { ...r.options, filters: JSON.parse(JSON.stringify(r.options?.filters)) };
    expect({ ...r, options: given }).toEqual({ options, code: 0, stderr: '' });
  });

  it.each([
    [
      ['--customer', 'x'],
      'billing: --customer: "x" is neither a customer id (UUID) nor an email\n',
    ],
    [['--mine', '--customer', ID], 'billing: --customer cannot be used with --mine\n'],
    [['--mine', '--discount', ID], 'billing: --discount cannot be used with --mine\n'],
    [['--subscription', ID], 'billing: --subscription needs --mine\n'],
    [['--query', 'pro'], 'billing: --query needs --mine\n'],
    [['--mine', '--subscription', 'x'], 'billing: --subscription: "x" is not a UUID\n'],
    [
      ['--mine', '--sort', 'customer'],
      'billing: --sort: "customer" is not a sort criterion here; valid: created_at, amount, ' +
        'organization, product, subscription, net_amount (prefix - for descending)\n',
    ],
  ])('%j: refused with the exact line, and nothing runs', async (argv, stderr) => {
    expect(await parse(buildList, 'list', argv, { noun: 'orders' })).toEqual({ code: 2, stderr });
  });
});

describe('orders list: options + answers -> output', () => {
  const ORDER = {
    id: ID,
    created_at: '2026-11-20T10:00:00Z',
    amount: 1200,
    currency: 'usd',
    billing_reason: 'purchase',
    customer: { email: 'jane@example.com' },
    product: { name: 'Pro' },
  };
  const options: ListOptions = {
    mine: false,
    filters: { product_price_type: ['one_time'] },
    page: { limit: 30, startPage: 1, pageSize: 30 },
    output: {},
  };

  it('asks for the filters and prints TSV to a pipe', async () => {
    const r = await execute(runList, options, {
      http: (pool) =>
        pool
          .intercept({ path: '/v1/orders/?product_price_type=one_time&page=1&limit=30' })
          .reply(200, page([ORDER]), json),
    });
    expect(r).toEqual({
      code: 0,
      stdout: `ID\tCREATED\tCUSTOMER\tPRODUCT\tAMOUNT\tREASON\n${ID}\t2026-11-20T10:00:00Z\tjane@example.com\tPro\t1200\tpurchase\n`,
      stderr: '',
    });
  });

  // Today's generation (Polar-Version 2026-10): the filter's name is product_billing_type
  // (components/schemas of the real description, orders:list), AMOUNT reads net_amount.
  const TODAY_ORDER = {
    ...ORDER,
    amount: undefined,
    net_amount: 1800,
    total_amount: 2160,
    status: 'paid',
  };
  const today = { env: { BILLING_API_VERSION: '2026-10' } };

  it("today's generation: Polar-Version sent, product_billing_type asked, AMOUNT = net_amount", async () => {
    const r = await execute(runList, options, {
      ...today,
      http: (pool) =>
        pool
          .intercept({
            path: '/v1/orders/?product_billing_type=one_time&page=1&limit=30',
            headers: { 'polar-version': '2026-10' },
          })
          .reply(200, page([TODAY_ORDER]), json),
    });
    expect(r).toEqual({
      code: 0,
      stdout: `ID\tCREATED\tCUSTOMER\tPRODUCT\tAMOUNT\tREASON\n${ID}\t2026-11-20T10:00:00Z\tjane@example.com\tPro\t1800\tpurchase\n`,
      stderr: '',
    });
  });

  it.each([
    ['amount of a today order is its net_amount', TODAY_ORDER, 'amount', '1800'],
    ['net_amount of a seed order is its amount', ORDER, 'net_amount', '1200'],
    ['amount of a seed order', ORDER, 'amount', '1200'],
  ])('--fields: %s (TSV and JSON)', async (_name, body, field, value) => {
    for (const output of ['tsv', 'json']) {
      const r = await execute(
        runList,
        { ...options, filters: {}, output: { output, fields: `id,${field}` } },
        {
          http: (pool) =>
            pool.intercept({ path: '/v1/orders/?page=1&limit=30' }).reply(200, page([body]), json),
        },
      );
      expect(r.stdout).toBe(
        output === 'tsv'
          ? `id\t${field}\n${ID}\t${value}\n`
          : `${JSON.stringify([{ id: ID, [field]: Number(value) }], null, 2)}\n`,
      );
    }
  });

  it("today's generation: a sort criterion only the seed's knows is refused, nothing sent", async () => {
    const r = await execute(
      runList,
      { ...options, mine: true, filters: { sorting: ['-organization'] } },
      { ...today, env: { ...today.env, BILLING_CUSTOMER_TOKEN: CUSTOMER_TOKEN } },
    );
    expect(r).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'billing: sort criterion "organization" is not one of API version 2026-10\'s for this list\n' +
        'Criteria: created_at, amount, net_amount, product, subscription\n',
    });
  });

  it('--customer by email: resolved through the customers list, then sent as an id', async () => {
    const r = await execute(
      runList,
      { ...options, filters: { customer: ['jane@example.com'] } },
      {
        http: (pool) => {
          lookup(pool, 'jane@example.com', [{ id: ID2, email: 'jane@example.com' }]);
          pool
            .intercept({ path: `/v1/orders/?customer_id=${ID2}&page=1&limit=30` })
            .reply(200, page([ORDER]), json);
        },
      },
    );
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(r.stdout.split('\n')[1]).toContain('jane@example.com');
  });

  it('--mine: the customer portal with the customer token; no customer or reason columns', async () => {
    const mine: ListOptions = {
      mine: true,
      filters: { query: 'pro' },
      page: options.page,
      output: {},
    };
    const r = await answered(
      runList,
      mine,
      { method: 'GET', path: '/v1/customer-portal/orders/?query=pro&page=1&limit=30' },
      200,
      page([ORDER]),
      { env: { BILLING_CUSTOMER_TOKEN: CUSTOMER_TOKEN } },
    );
    expect(r).toEqual({
      code: 0,
      stdout: `ID\tCREATED\tPRODUCT\tAMOUNT\n${ID}\t2026-11-20T10:00:00Z\tPro\t1200\n`,
      stderr: '',
      seen: { authorization: `Bearer ${CUSTOMER_TOKEN}` },
    });
  });

  it('prints NDJSON, one object per line, as the server sent it', async () => {
    const r = await execute(
      runList,
      { ...options, filters: {}, output: { output: 'ndjson' } },
      {
        http: (pool) =>
          pool
            .intercept({ path: '/v1/orders/?page=1&limit=30' })
            .reply(200, page([ORDER, { ...ORDER, id: ID2 }]), json),
      },
    );
    expect(r.stdout).toBe(`${JSON.stringify(ORDER)}\n${JSON.stringify({ ...ORDER, id: ID2 })}\n`);
    expect(r.code).toBe(0);
  });

  it.each([
    [
      401,
      { error: 'invalid_token' },
      4,
      'billing: the token in BILLING_TOKEN was rejected: it is unknown, expired or revoked\nSet BILLING_TOKEN to a valid personal access token, or unset it to use your login.\n',
    ],
    [403, { error: 'NotPermitted', detail: 'no orders:read' }, 5, 'billing: no orders:read\n'],
  ])('a %i ends the command with its exit code and message', async (status, body, code, stderr) => {
    const r = await execute(runList, options, {
      http: (pool) => pool.intercept({ path: /^\/v1\/orders\// }).reply(status, body, json),
    });
    expect(r).toEqual({ code, stdout: '', stderr });
  });
});
