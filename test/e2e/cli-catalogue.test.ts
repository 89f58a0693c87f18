// `billing products|discounts|benefits|checkout list|org list` end to end: the built bin against
// the local service — what the CLI prints is what the service holds, and what it sends changes
// the service as the flags say.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Json, ndjson, type Suite, startSuite, tsv } from './cli.js';

let s: Suite;
let onSale: Json[];

beforeAll(async () => {
  s = await startSuite();
  onSale = (await s.call('GET', '/v1/products/?is_archived=false&limit=100')).items;
  expect(onSale.map((p: Json) => p.name).sort()).toEqual([
    'Acme API',
    'Acme Desktop',
    'Acme Pro',
    'Acme Starter Kit',
    'Acme Team',
  ]);
});
afterAll(() => s.svc.stop());

const names = (items: Json[]) => items.map((p) => p.name);

/** Runs `billing <args> --all -o ndjson` and returns the objects, stderr empty. */
async function items(...args: string[]): Promise<Json[]> {
  const r = await s.run([...args, '--all', '-o', 'ndjson']);
  expect(r).toMatchObject({ code: 0, stderr: '' });
  return r.stdout === '' ? [] : ndjson(r.stdout);
}

/** `$19.00 USD/month, $190.00 USD/year`: how a demo product's prices on sale read. */
function pricesText(prices: Json[]): string {
  return live(prices)
    .map((p) => {
      const amount =
        p.amount_type === 'free' ? 'Free' : `$${(p.price_amount / 100).toFixed(2)} USD`;
      return p.recurring_interval ? `${amount}/${p.recurring_interval}` : amount;
    })
    .join(', ');
}

/**
 * The prices on sale. The real service's Product.prices holds only those; the local one also
 * sends the archived ones (is_archived: true), which the CLI leaves out.
 */
function live(prices: Json[]): Json[] {
  return prices.filter((p) => !p.is_archived);
}

describe('products list', () => {
  it("TSV to a pipe: the service's products on sale in its order, prices summed up", async () => {
    const r = await s.run(['products', 'list']);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    const { header, rows } = tsv(r.stdout);
    expect(header).toEqual(['ID', 'NAME', 'PRICES', 'ARCHIVED', 'CREATED']);
    expect(rows).toEqual(
      onSale.map((p) => [p.id, p.name, pricesText(p.prices), 'false', p.created_at]),
    );
    const pro = rows.find((row) => row[1] === 'Acme Pro')!;
    expect(pro[2]?.split(', ').sort()).toEqual(['$19.00 USD/month', '$190.00 USD/year']);
  });

  it('--recurring and --one-time split the products on sale; --archived shows the others', async () => {
    const [recurring, oneTime, archived] = await Promise.all([
      items('products', 'list', '--recurring'),
      items('products', 'list', '--one-time'),
      items('products', 'list', '--archived'),
    ]);
    expect(names(recurring).sort()).toEqual(['Acme API', 'Acme Pro', 'Acme Team']);
    expect(names(oneTime).sort()).toEqual(['Acme Desktop', 'Acme Starter Kit']);
    expect(names(archived)).toEqual(['Acme Legacy']);
    expect(archived[0].is_archived).toBe(true);
  });

  it("--query, --benefit and --sort are the service's", async () => {
    const pro = onSale.find((p) => p.name === 'Acme Pro');
    const benefit = pro.benefits[0].id;
    const [query, byBenefit, cheapest, expected] = await Promise.all([
      items('products', 'list', '--query', 'PRO'),
      items('products', 'list', '--benefit', benefit),
      items('products', 'list', '--sort', 'price_amount,name'),
      s.call('GET', '/v1/products/?is_archived=false&sorting=price_amount&sorting=name&limit=100'),
    ]);
    expect(names(query)).toEqual(['Acme Pro']);
    expect(byBenefit.every((p) => p.benefits.some((b: Json) => b.id === benefit))).toBe(true);
    expect(names(byBenefit)).toContain('Acme Pro');
    expect(cheapest).toEqual(expected.items);
  });

  it("another organization's products are not listed (--org of one the token cannot see)", async () => {
    const r = await s.run(['products', 'list', '--org', s.demo.other.organization_id]);
    expect(r).toEqual({ code: 0, stdout: 'ID\tNAME\tPRICES\tARCHIVED\tCREATED\n', stderr: '' });
  });

  it('a bad flag is refused with the valid criteria', async () => {
    const r = await s.run(['products', 'list', '--sort', 'amount']);
    expect(r).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'billing: --sort: "amount" is not a sort criterion here; valid: created_at, name, ' +
        'price_type, price_amount_type, price_amount (prefix - for descending)\n',
    });
  });
});

describe('products get', () => {
  it('a pipe gets the card; --json the product as the service has it', async () => {
    const pro = onSale.find((p) => p.name === 'Acme Pro');
    const [card, json] = await Promise.all([
      s.run(['products', 'get', pro.id]),
      s.run(['products', 'get', pro.id, '--json']),
    ]);
    expect(card).toMatchObject({ code: 0, stderr: '' });
    const lines = card.stdout.split('\n');
    expect(lines).toContain(`id\t${pro.id}`);
    expect(lines).toContain(`prices\t${pricesText(pro.prices)}`);
    expect(lines).toContain('is_recurring\ttrue');
    expect(JSON.parse(json.stdout)).toEqual(await s.call('GET', `/v1/products/${pro.id}`));
  });

  it("an unknown id and another organization's product: exit 6", async () => {
    const theirs = (
      await s.call('GET', '/v1/products/?limit=1', undefined, s.demo.other.personal_access_token)
    ).items[0];
    const unknown = '00000000-0000-4000-8000-000000000000';
    const [a, b] = await Promise.all([
      s.run(['products', 'get', unknown]),
      s.run(['products', 'get', theirs.id]),
    ]);
    expect(a).toEqual({ code: 6, stdout: '', stderr: `billing: product ${unknown} not found\n` });
    expect(b).toEqual({ code: 6, stdout: '', stderr: `billing: product ${theirs.id} not found\n` });
  });
});

describe('products create, update, archive', () => {
  const org = () => ({ env: { BILLING_ORG: s.demo.organization_id } });

  it('create: a subscription with a monthly and a yearly price, in cents', async () => {
    const r = await s.run(
      [
        'products',
        'create',
        '--name',
        'CLI Pro',
        '--price',
        '12.50/month',
        '--price',
        '125/year',
        '--json',
      ],
      org(),
    );
    expect(r).toMatchObject({ code: 0, stderr: '' });
    const created = JSON.parse(r.stdout);
    const stored = await s.call('GET', `/v1/products/${created.id}`);
    expect(stored).toEqual(created);
    expect(stored.organization_id).toBe(s.demo.organization_id);
    expect(stored.is_recurring).toBe(true);
    expect(
      stored.prices.map((p: Json) => [p.amount_type, p.price_amount, p.recurring_interval]),
    ).toEqual([
      ['fixed', 1250, 'month'],
      ['fixed', 12500, 'year'],
    ]);
  });

  it('create: one-time free and pay-what-you-want products', async () => {
    const [free, custom] = await Promise.all([
      s.run(['products', 'create', '--name', 'CLI Freebie', '--price', 'free', '--json'], org()),
      s.run(['products', 'create', '--name', 'CLI Tip jar', '--price', 'custom', '--json'], org()),
    ]);
    expect(JSON.parse(free.stdout)).toMatchObject({
      is_recurring: false,
      prices: [{ amount_type: 'free', type: 'one_time' }],
    });
    expect(JSON.parse(custom.stdout)).toMatchObject({
      prices: [{ amount_type: 'custom', type: 'one_time', price_currency: 'usd' }],
    });
  });

  it("create refused by the CLI sends nothing; without --org, the token's one organization", async () => {
    const before = (await s.call('GET', '/v1/products/?limit=1')).pagination.total_count;
    const mixed = await s.run(
      ['products', 'create', '--name', 'Mixed', '--price', '10/month', '--price', '99'],
      org(),
    );
    expect(mixed).toEqual({
      code: 2,
      stdout: '',
      stderr:
        "billing: --price: a product's prices are all one-time or all recurring (with /month or /year)\n",
    });
    expect((await s.call('GET', '/v1/products/?limit=1')).pagination.total_count).toBe(before);
    // BILLING_TOKEN is a user's token and nothing names an organization: the one it can see is
    // the one (issue 24; several: exit 2 naming --org, test/cli/commands/products/create.test.ts).
    const noOrg = await s.run([
      'products',
      'create',
      '--name',
      'Orphan',
      '--price',
      '10',
      '--json',
    ]);
    expect(noOrg.code, noOrg.stderr).toBe(0);
    expect(JSON.parse(noOrg.stdout).organization_id).toBe(s.demo.organization_id);
  });

  it('update --archive-price/--add-price: the price leaves the product, the new one joins', async () => {
    const made = JSON.parse(
      (
        await s.run(
          ['products', 'create', '--name', 'CLI Swap', '--price', '10/month', '--json'],
          org(),
        )
      ).stdout,
    );
    const old = made.prices[0].id;
    const r = await s.run([
      'products',
      'update',
      made.id,
      '--archive-price',
      old,
      '--add-price',
      '11/month',
      '--add-price',
      '110/year',
      '--name',
      'CLI Swapped',
      '--json',
    ]);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    const stored = await s.call('GET', `/v1/products/${made.id}`);
    expect(JSON.parse(r.stdout)).toEqual(stored);
    expect(stored.name).toBe('CLI Swapped');
    expect(live(stored.prices).map((p: Json) => p.id)).not.toContain(old);
    expect(live(stored.prices).map((p: Json) => p.price_amount)).toEqual([1100, 11000]);

    // Adding a second monthly price is refused after reading the product: nothing changes.
    const again = await s.run(['products', 'update', made.id, '--add-price', '12/month']);
    expect(again).toEqual({
      code: 2,
      stdout: '',
      stderr: 'billing: --add-price: one price per interval at most (a monthly and a yearly one)\n',
    });
    expect(await s.call('GET', `/v1/products/${made.id}`)).toEqual(stored);
  });

  it('archive takes it off sale, update --unarchive puts it back', async () => {
    const made = JSON.parse(
      (
        await s.run(
          ['products', 'create', '--name', 'CLI Seasonal', '--price', '5', '--json'],
          org(),
        )
      ).stdout,
    );
    const archived = await s.run(['products', 'archive', made.id, '--fields', 'is_archived']);
    expect(archived).toEqual({ code: 0, stdout: 'is_archived\ttrue\n', stderr: '' });
    expect(names(await items('products', 'list', '--archived'))).toContain('CLI Seasonal');
    expect(names(await items('products', 'list'))).not.toContain('CLI Seasonal');
    const back = await s.run([
      'products',
      'update',
      made.id,
      '--unarchive',
      '--fields',
      'is_archived',
    ]);
    expect(back).toEqual({ code: 0, stdout: 'is_archived\tfalse\n', stderr: '' });
    expect((await s.call('GET', `/v1/products/${made.id}`)).is_archived).toBe(false);
  });
});

describe('discounts', () => {
  const org = () => ({ env: { BILLING_ORG: s.demo.organization_id } });
  const row = (d: Json) => [
    d.id,
    d.name,
    d.code ?? '',
    d.duration,
    String(d.redemptions_count),
    d.max_redemptions === null ? '' : String(d.max_redemptions),
    d.ends_at ?? '',
  ];

  it("list: TSV of the service's discounts; --query and --sort are the service's", async () => {
    const [r, query, sorted, all, byName] = await Promise.all([
      s.run(['discounts', 'list']),
      items('discounts', 'list', '--query', 'LAUNCH'),
      items('discounts', 'list', '--sort', '-name'),
      s.call('GET', '/v1/discounts/?limit=100'),
      s.call('GET', '/v1/discounts/?sorting=-name&limit=100'),
    ]);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    const { header, rows } = tsv(r.stdout);
    expect(header).toEqual(['ID', 'DISCOUNT', 'CODE', 'DURATION', 'REDEEMED', 'MAX', 'ENDS']);
    expect(rows).toEqual(all.items.map(row));
    expect(names(query)).toEqual(['Launch 10']);
    expect(sorted).toEqual(byName.items);
  });

  it("get: the discount as the service has it; an unknown or another organization's: exit 6", async () => {
    const mine = (await s.call('GET', '/v1/discounts/?limit=1')).items[0];
    const theirs = (
      await s.call('GET', '/v1/discounts/?limit=1', undefined, s.demo.other.personal_access_token)
    ).items[0];
    const [json, other] = await Promise.all([
      s.run(['discounts', 'get', mine.id, '--json']),
      s.run(['discounts', 'get', theirs.id]),
    ]);
    expect(JSON.parse(json.stdout)).toEqual(mine);
    expect(other).toEqual({
      code: 6,
      stdout: '',
      stderr: `billing: discount ${theirs.id} not found\n`,
    });
  });

  it('create: a fixed amount in cents, a percentage in basis points for some months', async () => {
    const pro = onSale.find((p) => p.name === 'Acme Pro');
    const [fixed, percent] = await Promise.all([
      s.run(
        [
          'discounts',
          'create',
          '--name',
          'CLI Ten',
          '--code',
          'CLITEN',
          '--amount',
          '10',
          '--max-redemptions',
          '5',
          '--ends-at',
          '2030-01-01T00:00:00Z',
          '--json',
        ],
        org(),
      ),
      s.run(
        [
          'discounts',
          'create',
          '--name',
          'CLI Third',
          '--percent',
          '33.5',
          '--duration',
          'repeating',
          '--months',
          '6',
          '--product',
          pro.id,
          '--json',
        ],
        org(),
      ),
    ]);
    expect(fixed).toMatchObject({ code: 0, stderr: '' });
    expect(percent).toMatchObject({ code: 0, stderr: '' });
    const f = await s.call('GET', `/v1/discounts/${JSON.parse(fixed.stdout).id}`);
    expect(f).toMatchObject({
      name: 'CLI Ten',
      code: 'CLITEN',
      type: 'fixed',
      amount: 1000,
      currency: 'usd',
      duration: 'once',
      max_redemptions: 5,
      organization_id: s.demo.organization_id,
    });
    expect(Date.parse(f.ends_at)).toBe(Date.parse('2030-01-01T00:00:00Z'));
    const p = await s.call('GET', `/v1/discounts/${JSON.parse(percent.stdout).id}`);
    expect(p).toMatchObject({
      type: 'percentage',
      basis_points: 3350,
      duration: 'repeating',
      duration_in_months: 6,
    });
    expect(p.products.map((x: Json) => x.id)).toEqual([pro.id]);
  });

  it("create refused by the CLI sends nothing; a code taken is the service's 422", async () => {
    const count = async () =>
      (await s.call('GET', '/v1/discounts/?limit=1')).pagination.total_count;
    const before = await count();
    const months = await s.run(
      ['discounts', 'create', '--name', 'X', '--percent', '10', '--months', '3'],
      org(),
    );
    expect(months).toEqual({
      code: 2,
      stdout: '',
      stderr: 'billing: --months goes with --duration repeating\n',
    });
    const taken = await s.run(
      ['discounts', 'create', '--name', 'Again', '--code', 'launch10', '--amount', '1'],
      org(),
    );
    expect(taken.code).toBe(2);
    expect(taken.stderr).toMatch(/^billing: the server rejected the request \(422\)\n {2}code: /);
    expect(await count()).toBe(before);
  });

  it('update: none clears, --product restricts; a type change is refused by the service', async () => {
    const made = JSON.parse(
      (
        await s.run(
          [
            'discounts',
            'create',
            '--name',
            'CLI Edit',
            '--code',
            'CLIEDIT',
            '--percent',
            '5',
            '--max-redemptions',
            '9',
            '--json',
          ],
          org(),
        )
      ).stdout,
    );
    const desktop = onSale.find((p) => p.name === 'Acme Desktop');
    const r = await s.run([
      'discounts',
      'update',
      made.id,
      '--code',
      'none',
      '--max-redemptions',
      'none',
      '--percent',
      '7.5',
      '--product',
      desktop.id,
      '--json',
    ]);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    const stored = await s.call('GET', `/v1/discounts/${made.id}`);
    expect(JSON.parse(r.stdout)).toEqual(stored);
    expect(stored).toMatchObject({ code: null, max_redemptions: null, basis_points: 750 });
    expect(stored.products.map((x: Json) => x.id)).toEqual([desktop.id]);

    const typed = await s.run(['discounts', 'update', made.id, '--amount', '5']);
    expect(typed).toEqual({
      code: 2,
      stdout: '',
      stderr: 'billing: the server rejected the request (422)\n  type: Type cannot be changed.\n',
    });
    expect(await s.call('GET', `/v1/discounts/${made.id}`)).toEqual(stored);
  });

  it('delete: refused without --yes and a terminal; with --yes it is gone', async () => {
    const made = JSON.parse(
      (await s.run(['discounts', 'create', '--name', 'CLI Gone', '--amount', '1', '--json'], org()))
        .stdout,
    );
    const asked = await s.run(['discounts', 'delete', made.id]);
    expect(asked).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'billing: discounts delete removes the discount: add --yes to confirm ' +
        '(there is no terminal to ask on)\n',
    });
    expect((await s.call('GET', `/v1/discounts/${made.id}`)).id).toBe(made.id);
    expect(await s.run(['discounts', 'delete', made.id, '--yes'])).toEqual({
      code: 0,
      stdout: '',
      stderr: '',
    });
    expect(await s.run(['discounts', 'get', made.id])).toEqual({
      code: 6,
      stdout: '',
      stderr: `billing: discount ${made.id} not found\n`,
    });
  });
});

describe('benefits', () => {
  it("list: TSV in the service's order (by type); --type several times", async () => {
    const [r, typed, all, expected] = await Promise.all([
      s.run(['benefits', 'list', '--all']),
      items('benefits', 'list', '--type', 'license_keys', '--type', 'ads'),
      s.call('GET', '/v1/benefits/?limit=100'),
      s.call('GET', '/v1/benefits/?type=license_keys&type=ads&limit=100'),
    ]);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    const { header, rows } = tsv(r.stdout);
    expect(header).toEqual(['ID', 'TYPE', 'DESCRIPTION', 'CREATED']);
    expect(rows).toEqual(all.items.map((b: Json) => [b.id, b.type, b.description, b.created_at]));
    expect(typed).toEqual(expected.items);
    expect(new Set(typed.map((b) => b.type))).toEqual(new Set(['license_keys', 'ads']));
  });

  it("get: the benefit with its properties; another organization's: exit 6", async () => {
    const mine = (await s.call('GET', '/v1/benefits/?type=license_keys&limit=1')).items[0];
    const theirs = (
      await s.call('GET', '/v1/benefits/?limit=1', undefined, s.demo.other.personal_access_token)
    ).items[0];
    const [card, json, other] = await Promise.all([
      s.run(['benefits', 'get', mine.id]),
      s.run(['benefits', 'get', mine.id, '--json']),
      s.run(['benefits', 'get', theirs.id]),
    ]);
    expect(card.stdout.split('\n')).toContain(`properties\t${JSON.stringify(mine.properties)}`);
    expect(JSON.parse(json.stdout)).toEqual(mine);
    expect(other).toEqual({
      code: 6,
      stdout: '',
      stderr: `billing: benefit ${theirs.id} not found\n`,
    });
  });
});

describe('checkout list', () => {
  it("TSV of the service's sessions, newest first, whatever their status", async () => {
    const [r, all] = await Promise.all([
      s.run(['checkout', 'list', '--all']),
      s.call('GET', '/v1/checkouts/custom/?limit=100'),
    ]);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    const { header, rows } = tsv(r.stdout);
    expect(header).toEqual(['ID', 'STATUS', 'PRODUCT', 'TOTAL', 'CUSTOMER', 'CREATED', 'EXPIRES']);
    expect(rows).toEqual(
      all.items.map((c: Json) => [
        c.id,
        c.status,
        c.product.name,
        String(c.total_amount),
        c.customer_email ?? '',
        c.created_at,
        c.expires_at,
      ]),
    );
    expect(rows.map((row) => row[0])).toEqual(expect.arrayContaining(s.demo.open_checkout_ids));
  });

  it("--product and --sort are the service's; another organization's --org lists nothing", async () => {
    const pro = onSale.find((p) => p.name === 'Acme Pro');
    const [forPro, expected, other] = await Promise.all([
      items('checkout', 'list', '--product', pro.id, '--sort', 'expires_at'),
      s.call('GET', `/v1/checkouts/custom/?product_id=${pro.id}&sorting=expires_at&limit=100`),
      s.run(['checkout', 'list', '--org', s.demo.other.organization_id, '--fields', 'id']),
    ]);
    expect(forPro.length).toBeGreaterThan(0);
    expect(forPro.every((c) => c.product_id === pro.id)).toBe(true);
    expect(forPro).toEqual(expected.items);
    expect(other).toEqual({ code: 0, stdout: 'id\n', stderr: '' });
  });
});

describe('org list', () => {
  it('the organizations the token can act for, as the service lists them', async () => {
    const [r, bySlug, expected] = await Promise.all([
      s.run(['org', 'list']),
      s.run(['org', 'list', '--slug', 'acme', '--fields', 'id']),
      s.call('GET', '/v1/organizations/'),
    ]);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(tsv(r.stdout).rows).toEqual(
      expected.items.map((o: Json) => [o.id, o.name, o.slug, o.created_at]),
    );
    expect(tsv(r.stdout).rows.map((row) => row[0])).toEqual([s.demo.organization_id]);
    expect(bySlug).toEqual({ code: 0, stdout: `id\n${s.demo.organization_id}\n`, stderr: '' });
  });
});
