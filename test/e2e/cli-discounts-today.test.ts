// `billing discounts …` end to end in today's generation (BILLING_API_VERSION=2026-10): the built
// bin against the local service, which answers in the 2026-10 forms (discount/schemas.py at
// c6c3645e: `amounts`, `max_redemptions_per_customer`, sorting by `ends_at`). Each run is checked
// against what the service itself answers to the same version.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Json, type Suite, startSuite, tsv } from './cli.js';

let s: Suite;
beforeAll(async () => {
  s = await startSuite({ apiVersion: '2026-10' });
});
afterAll(() => s.svc.stop());

const run = (args: string[], env: Record<string, string> = {}) =>
  s.run(args, { env: { BILLING_ORG: s.demo.organization_id, ...env } });

/** The service's own answer at 2026-10. */
const today = (path: string): Promise<Json> => s.call('GET', path);

describe('discounts at 2026-10', () => {
  it("list: TSV of today's answer; --sort ends_at, a criterion only today has", async () => {
    const ending = JSON.parse(
      (
        await run([
          'discounts',
          'create',
          '--name',
          'Ends first',
          '--percent',
          '5',
          '--ends-at',
          '2099-01-01T00:00:00Z',
          '--json',
        ])
      ).stdout,
    );
    const [plain, sorted, all] = await Promise.all([
      run(['discounts', 'list']),
      run(['discounts', 'list', '--sort', 'ends_at', '--json']),
      today('/v1/discounts/?limit=100'),
    ]);
    expect(plain).toMatchObject({ code: 0, stderr: '' });
    const { header, rows } = tsv(plain.stdout);
    expect(header).toEqual(['ID', 'DISCOUNT', 'CODE', 'DURATION', 'REDEEMED', 'MAX', 'ENDS']);
    expect(rows.map((r) => r[0])).toEqual(all.items.map((d: Json) => d.id));
    expect(sorted.code).toBe(0);
    expect(JSON.parse(sorted.stdout)[0].id).toBe(ending.id);
    // The seed's generation has no such criterion: refused before anything is sent.
    const seed = await run(['discounts', 'list', '--sort', 'ends_at'], {
      BILLING_API_VERSION: 'none',
    });
    expect(seed).toMatchObject({ code: 2, stdout: '' });
    expect(seed.stderr).toContain('sort criterion "ends_at"');
  });

  it('create, get, update: a limit per customer, the amount per currency in --json', async () => {
    const made = await run([
      'discounts',
      'create',
      '--name',
      'Once each',
      '--code',
      'ONCEEACH',
      '--amount',
      '7.5',
      '--max-per-customer',
      '1',
      '--json',
    ]);
    expect(made).toMatchObject({ code: 0, stderr: '' });
    const d = JSON.parse(made.stdout);
    expect(d).toMatchObject({
      type: 'fixed',
      amount: 750,
      currency: 'usd',
      amounts: { usd: 750 },
      max_redemptions_per_customer: 1,
    });
    expect(d).toEqual(await today(`/v1/discounts/${d.id}`));
    const card = await run(['discounts', 'get', d.id]);
    expect(card.stdout).toContain('max_redemptions_per_customer\t1\n');
    const changed = await run([
      'discounts',
      'update',
      d.id,
      '--max-per-customer',
      'none',
      '--amount',
      '3',
      '--json',
    ]);
    expect(changed).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(changed.stdout)).toMatchObject({
      amounts: { usd: 300 },
      max_redemptions_per_customer: null,
    });
    // A percentage given to a fixed discount: today's service refuses the change of type.
    const type = await run(['discounts', 'update', d.id, '--percent', '5']);
    expect(type).toEqual({
      code: 2,
      stdout: '',
      stderr: 'billing: the server rejected the request (422)\n  type: Type cannot be changed.\n',
    });
    // The seed's generation would drop the limit without a word: the CLI refuses it.
    const seed = await run(['discounts', 'update', d.id, '--max-per-customer', '2'], {
      BILLING_API_VERSION: 'none',
    });
    expect(seed.code).toBe(2);
    expect(seed.stderr).toMatch(/^billing: --max-per-customer needs today's API/);
  });

  it('delete: asks for --yes without a terminal; then gone, its code free again', async () => {
    const d = JSON.parse(
      (
        await run([
          'discounts',
          'create',
          '--name',
          'Gone',
          '--code',
          'GONENOW',
          '--percent',
          '1',
          '--json',
        ])
      ).stdout,
    );
    const asked = await run(['discounts', 'delete', d.id]);
    expect(asked.code).toBe(2);
    expect(await run(['discounts', 'delete', d.id, '--yes'])).toEqual({
      code: 0,
      stdout: '',
      stderr: '',
    });
    expect(await run(['discounts', 'get', d.id])).toEqual({
      code: 6,
      stdout: '',
      stderr: `billing: discount ${d.id} not found\n`,
    });
    // Today's unique index is on live discounts (c6c3645e): the code may be used again.
    const again = await run([
      'discounts',
      'create',
      '--name',
      'Back',
      '--code',
      'gonenow',
      '--percent',
      '1',
    ]);
    expect(again.code).toBe(0);
  });
});
