// billing fixtures apply and billing serve --fixtures end to end (issue 29): the built bin
// against the local service, the example fixture (test/fixtures/shop.json) made through today's
// API, applied again without a change, its dated subscription renewed by the clock since.
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningService, start } from '../../src/server/index.js';
import { BIN, configDirWithFileStorage, type Json, spawnBin, tsv } from './cli.js';

const SHOP = fileURLToPath(new URL('../fixtures/shop.json', import.meta.url));

async function today(url: string, token: string, path: string): Promise<Json> {
  const res = await fetch(url + path, {
    headers: { authorization: `Bearer ${token}`, 'polar-version': '2026-10' },
  });
  expect(res.status).toBe(200);
  return res.json();
}

describe('billing fixtures apply against billing serve --seed empty', () => {
  let svc: RunningService;
  let env: Record<string, string>;
  beforeAll(async () => {
    svc = await start({ port: 0, seed: 'empty' });
    env = {
      BILLING_BASE_URL: svc.url,
      BILLING_TOKEN: svc.owner!.personal_access_token,
      BILLING_CONFIG_DIR: configDirWithFileStorage(),
      BILLING_API_VERSION: '2026-10',
    };
  });
  afterAll(() => svc?.stop());
  const get = (path: string) => today(svc.url, svc.owner!.personal_access_token, path);

  it('--dry-run prints the plan and makes nothing', async () => {
    const r = await spawnBin(['fixtures', 'apply', SHOP, '--dry-run'], env);
    expect(r.code).toBe(0);
    const { header, rows } = tsv(r.stdout);
    expect(header).toEqual(['action', 'kind', 'name', 'id', 'what']);
    expect(rows.map((row) => `${row[0]} ${row[1]}.${row[2]}`)).toEqual([
      'create benefits.support',
      'create products.hobby',
      'create products.pro',
      'create discounts.launch',
      'create customers.jane',
      'create customers.joe',
      'create subscriptions.jane_pro',
      'create subscriptions.joe_hobby',
      'create webhook_endpoints.local',
    ]);
    expect((await get('/v1/products/')).items).toEqual([]);
  });

  it('makes every object, then keeps them all on a second apply', async () => {
    const clockBefore = svc.clock.now().getTime();
    const first = await spawnBin(['fixtures', 'apply', SHOP], env);
    expect(first.code).toBe(0);
    const clockAfter = svc.clock.now().getTime();
    expect(tsv(first.stdout).rows.every((row) => row[0] === 'create' && row[3])).toBe(true);
    const products = (await get('/v1/products/?sorting=name')).items;
    expect(products.map((p: Json) => [p.name, p.metadata.fixture])).toEqual([
      ['Hobby', 'products.hobby'],
      ['Pro', 'products.pro'],
    ]);
    // The reference was replaced: Pro grants the support benefit, the discount is Pro's.
    expect(products[1].benefits.map((b: Json) => b.description)).toEqual(['Priority support']);
    const discount = (await get('/v1/discounts/')).items[0];
    expect(discount.products.map((p: Json) => p.id)).toEqual([products[1].id]);
    // Jane's subscription began on its date, and the clock since renewed it month by month.
    const subs = (await get('/v1/subscriptions/?sorting=started_at')).items;
    expect(subs[0]).toMatchObject({
      metadata: { fixture: 'subscriptions.jane_pro' },
      status: 'active',
      customer: { email: 'jane@example.com' },
    });
    expect(subs[0].started_at.slice(0, 10)).toBe('2026-01-15');
    const orders = (await get(`/v1/orders/?subscription_id=${subs[0].id}&limit=100`)).items;
    // One order at the start, one per calendar month passed since (the 15th, 09:00 UTC).
    let renewals = 0;
    while (Date.UTC(2026, renewals + 1, 15, 9) <= Date.now()) renewals++;
    expect(orders.length).toBe(1 + renewals);
    // Joe's is from now, on the clock as it was: within the apply, on the service's clock.
    expect(Date.parse(subs[1].started_at)).toBeGreaterThanOrEqual(clockBefore);
    expect(Date.parse(subs[1].started_at)).toBeLessThanOrEqual(clockAfter);

    const again = await spawnBin(['fixtures', 'apply', SHOP], env);
    expect(again.code).toBe(0);
    expect(tsv(again.stdout).rows.map((row) => [row[0], row[3]])).toEqual(
      tsv(first.stdout).rows.map((row) => ['keep', row[3]]),
    );
    expect((await get('/v1/products/')).items).toHaveLength(2);
  });
});

describe('billing serve --seed empty --fixtures', () => {
  let child: ChildProcess;
  afterAll(() => child?.kill('SIGTERM'));

  it('starts with the fixture applied and prints its organization and token', async () => {
    child = spawn(
      process.execPath,
      [BIN, 'serve', '--port', '0', '--json', '--quiet', '--seed', 'empty', '--fixtures', SHOP],
      { env: { PATH: process.env.PATH, BILLING_CONFIG_DIR: configDirWithFileStorage() } },
    );
    const line = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout! }).once('line', resolve);
      child.once('exit', (code) => reject(new Error(`serve exited ${code}`)));
    });
    const info = JSON.parse(line);
    expect(info.demo).toBeNull();
    const products = await today(
      info.url,
      info.personal_access_token,
      `/v1/products/?organization_id=${info.organization_id}&sorting=name`,
    );
    expect(products.items.map((p: Json) => p.name)).toEqual(['Hobby', 'Pro']);
  });

  it('refuses a broken fixture before it starts, naming the line', async () => {
    const r = await spawnBin(['serve', '--port', '0', '--fixtures', `${SHOP}.missing`], {});
    expect(r).toMatchObject({ code: 2, stdout: '' });
    expect(r.stderr).toBe(`billing: cannot read ${SHOP}.missing: no such file\n`);
  });
});
