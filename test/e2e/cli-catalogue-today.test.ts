// `billing keys|products|benefits …` end to end in today's generation (BILLING_API_VERSION=
// 2026-10): each command's answer checked against what the service itself answers to the same
// version, and the lists and cards against the seed's generation (the same columns). License keys
// are validated, activated and deactivated as the seller (license_key/endpoints.py at c6c3645e);
// products are written in today's form (product/service.py: one interval per product).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Json, type Suite, startSuite, tsv } from './cli.js';

let s: Suite;

const SEED = { BILLING_API_VERSION: 'none' };
const run = (args: string[], env: Record<string, string> = {}) => s.run(args, { env });

/** The service's own answer at 2026-10. */
const today = (path: string): Promise<Json> => s.call('GET', path);

/** A key\tvalue card as an object. */
const card = (stdout: string): Record<string, string> =>
  Object.fromEntries(
    stdout
      .trimEnd()
      .split('\n')
      .map((l) => l.split('\t')),
  );

/** Both generations' runs of `args`: both succeed, nothing on stderr. */
async function both(args: string[]) {
  const [seed, now] = await Promise.all([run(args, SEED), run(args)]);
  expect(seed).toMatchObject({ code: 0, stderr: '' });
  expect(now).toMatchObject({ code: 0, stderr: '' });
  return [seed.stdout, now.stdout] as const;
}

beforeAll(async () => {
  s = await startSuite({ apiVersion: '2026-10' });
});
afterAll(() => s.svc.stop());

describe('keys at 2026-10', () => {
  let key: Json;

  it("list: the seed's columns and rows, in the service's order", async () => {
    const [seed, now] = await both(['keys', 'list', '--all']);
    const answer = await today('/v1/license-keys/?limit=100');
    expect(now).toBe(seed);
    const { header, rows } = tsv(now);
    expect(header).toEqual([
      'ID',
      'KEY',
      'STATUS',
      'CUSTOMER',
      'LIMIT',
      'USAGE',
      'VALIDATED',
      'EXPIRES',
    ]);
    expect(rows.map((r) => r[0])).toEqual(answer.items.map((k: Json) => k.id));
    key = answer.items.find((k: Json) => k.key === s.demo.license_key);
    expect(key).toBeDefined();
  });

  it("get: today's answer as JSON; the seed's card", async () => {
    const [seed, now] = await both(['keys', 'get', key.id]);
    expect(card(now)).toEqual(card(seed));
    const json = await run(['keys', 'get', key.id, '--json']);
    expect(JSON.parse(json.stdout)).toEqual(await today(`/v1/license-keys/${key.id}`));
  });

  it('validate, activate, validate the activation, deactivate: as the seller, with the token', async () => {
    const org = ['--org', s.demo.organization_id];
    const validated = await run(['keys', 'validate', s.demo.license_key, ...org, '--json']);
    expect(validated).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(validated.stdout)).toMatchObject({
      id: key.id,
      status: 'granted',
      validations: key.validations + 1,
    });
    const activated = await run([
      'keys',
      'activate',
      s.demo.license_key,
      ...org,
      '--label',
      'build server',
      '--json',
    ]);
    expect(activated).toMatchObject({ code: 0, stderr: '' });
    const activation = JSON.parse(activated.stdout);
    expect(activation).toMatchObject({ license_key_id: key.id, label: 'build server' });
    const withActivation = await run([
      'keys',
      'validate',
      s.demo.license_key,
      ...org,
      '--activation',
      activation.id,
      '--fields',
      'id,activation.label',
    ]);
    expect(withActivation).toMatchObject({
      code: 0,
      stdout: `id\t${key.id}\nactivation.label\tbuild server\n`,
    });
    const gone = await run([
      'keys',
      'deactivate',
      s.demo.license_key,
      ...org,
      '--activation',
      activation.id,
    ]);
    expect(gone).toEqual({
      code: 0,
      stdout: '',
      stderr: `✓ Activation ${activation.id} removed.\n`,
    });
    expect((await today(`/v1/license-keys/${key.id}`)).activations).toEqual([]);
    const again = await run([
      'keys',
      'validate',
      s.demo.license_key,
      ...org,
      '--activation',
      activation.id,
    ]);
    expect(again.code).toBe(6);
  });
});

describe('products at 2026-10', () => {
  it("list: the seed's columns and rows; --recurring and --query are today's filters", async () => {
    const [seed, now] = await both(['products', 'list', '--all']);
    // The demo's Acme API (seed/usage.ts) has a metered price only today's generation shows.
    const api = (text: string) => text.split('\n').find((l) => l.includes('\tAcme API\t'));
    const others = (text: string) => text.replace(`${api(text)}\n`, '');
    expect(others(now)).toBe(others(seed));
    expect(api(seed)).toContain('\t$9.00 USD/month\t');
    expect(api(now)).toContain('\t$9.00 USD/month, ');
    const answer = await today('/v1/products/?limit=100&is_archived=false');
    expect(tsv(now).rows.map((r) => r[0])).toEqual(answer.items.map((p: Json) => p.id));
    const recurring = await run(['products', 'list', '--recurring', '--all', '--fields', 'name']);
    expect(tsv(recurring.stdout).rows.map((r) => r[0])).toEqual(
      answer.items.filter((p: Json) => p.is_recurring).map((p: Json) => p.name),
    );
  });

  it("get: today's answer as JSON; the card has the seed's rows and today's interval and visibility", async () => {
    const product = (await today('/v1/products/?limit=100&is_recurring=true')).items.find(
      (p: Json) => p.name !== 'Acme API',
    );
    const [seed, now] = await both(['products', 'get', product.id]);
    const a = card(seed);
    const b = card(now);
    for (const [k, v] of Object.entries(a)) expect(b[k], k).toBe(v);
    expect(b).toMatchObject({ visibility: 'public' });
    const json = await run(['products', 'get', product.id, '--json']);
    expect(JSON.parse(json.stdout)).toEqual(await today(`/v1/products/${product.id}`));
  });

  it('create: a monthly product has its interval, prices without one; one-time, free and custom', async () => {
    const monthly = await run([
      'products',
      'create',
      '--name',
      'Acme Lite',
      '--price',
      '19/month',
      '--description',
      'Less of it',
      '--json',
    ]);
    expect(monthly).toMatchObject({ code: 0, stderr: '' });
    const made = JSON.parse(monthly.stdout);
    expect(made).toMatchObject({
      name: 'Acme Lite',
      description: 'Less of it',
      recurring_interval: 'month',
      is_recurring: true,
      prices: [{ amount_type: 'fixed', price_amount: 1900, price_currency: 'usd' }],
    });
    expect(await today(`/v1/products/${made.id}`)).toEqual(made);
    for (const [price, summary] of [
      ['79', '$79.00 USD'],
      ['free', 'Free'],
      ['custom', 'Pay what you want (from $0.50 USD)'],
    ] as const) {
      const r = await run([
        'products',
        'create',
        '--name',
        `Acme ${price}`,
        '--price',
        price,
        '--fields',
        'recurring_interval,prices',
      ]);
      expect(r).toMatchObject({ code: 0, stdout: `recurring_interval\t\nprices\t${summary}\n` });
    }
    const mixed = await run([
      'products',
      'create',
      '--name',
      'Acme Both',
      '--price',
      '19/month',
      '--price',
      '190/year',
    ]);
    expect(mixed.code).toBe(2);
    expect(mixed.stderr).toMatch(
      /^billing: a product of API version 2026-10 has one billing interval/,
    );
  });

  it('update: a new name and description; a price replaced by another of its interval', async () => {
    const made = JSON.parse(
      (await run(['products', 'create', '--name', 'Acme Swap', '--price', '19/month', '--json']))
        .stdout,
    );
    const old = made.prices[0].id;
    const r = await run([
      'products',
      'update',
      made.id,
      '--name',
      'Acme Swapped',
      '--description',
      'New price',
      '--archive-price',
      old,
      '--add-price',
      '24/month',
      '--fields',
      'name,description,prices',
    ]);
    expect(r).toMatchObject({
      code: 0,
      stdout: 'name\tAcme Swapped\ndescription\tNew price\nprices\t$24.00 USD/month\n',
    });
    const now = await today(`/v1/products/${made.id}`);
    expect(now.prices.filter((p: Json) => !p.is_archived).map((p: Json) => p.price_amount)).toEqual(
      [2400],
    );
    const yearly = await run(['products', 'update', made.id, '--add-price', '240/year']);
    expect(yearly).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'billing: this product is billed every month: a product of API version 2026-10 has one ' +
        'billing interval, so a /year price needs a product of its own\n' +
        'e.g. billing products create --name "Acme Swapped (yearly)" --price 240/year\n',
    });
  });
});

describe('benefits at 2026-10', () => {
  it("list: the seed's columns; today's benefits newest first, without the ads the seed's has", async () => {
    const [seed, now] = await both(['benefits', 'list', '--all']);
    const answer = await today('/v1/benefits/?limit=100');
    const a = tsv(seed);
    const b = tsv(now);
    expect(b.header).toEqual(a.header);
    expect(b.header).toEqual(['ID', 'TYPE', 'DESCRIPTION', 'CREATED']);
    expect(b.rows.map((r) => r[0])).toEqual(answer.items.map((x: Json) => x.id));
    // The same row for every benefit both have; only the seed's lists the removed ads type, and
    // only today's the meter credits (issue 27: the demo's Acme API).
    const seedRows = new Map(a.rows.map((r) => [r[0], r]));
    const both_ = b.rows.filter((r) => r[1] !== 'meter_credit');
    for (const row of both_) expect(row).toEqual(seedRows.get(row[0]!));
    expect(b.rows.filter((r) => !seedRows.has(r[0]!)).map((r) => r[1])).toEqual(['meter_credit']);
    expect(a.rows.filter((r) => !b.rows.some((x) => x[0] === r[0])).map((r) => r[1])).toEqual([
      'ads',
    ]);
  });

  it("get: the seed's card; --json today's answer", async () => {
    const benefit = (await today('/v1/benefits/?limit=1&type=custom')).items[0];
    const [seed, now] = await both(['benefits', 'get', benefit.id]);
    expect(card(now)).toEqual(card(seed));
    const json = await run(['benefits', 'get', benefit.id, '--json']);
    expect(JSON.parse(json.stdout)).toEqual(await today(`/v1/benefits/${benefit.id}`));
  });
});
