// Write commands end with a ✓ line for a person at a terminal, and say nothing extra to a
// script (issue 13).
import { stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningService, start } from '../../src/server/index.js';
import { run } from '../helpers/cli.js';

let svc: RunningService;
let env: Record<string, string>;
let subscription: { id: string; price_id: string; other_price: string };
let keyId: string;

beforeAll(async () => {
  svc = await start({ port: 0 });
  // The seed's generation (the demo objects' seed forms are what these writes take).
  env = {
    BILLING_BASE_URL: svc.url,
    BILLING_TOKEN: svc.demo!.personal_access_token,
    BILLING_API_VERSION: 'none',
  };
  const row = svc.store.get<{ id: string; price_id: string; product_id: string }>(
    `SELECT id, price_id, product_id FROM subscriptions WHERE status = 'active' AND organization_id = ?
     AND cancel_at_period_end = 0 ORDER BY id`,
    svc.demo!.organization_id,
  )!;
  const other = svc.store.get<{ id: string }>(
    `SELECT id FROM prices WHERE product_id = ? AND id != ? AND is_archived = 0 AND type = 'recurring'`,
    row.product_id,
    row.price_id,
  )!;
  subscription = { id: row.id, price_id: row.price_id, other_price: other.id };
  keyId = svc.store.get<{ id: string }>(
    "SELECT id FROM license_keys WHERE status = 'granted' AND organization_id = ? ORDER BY id",
    svc.demo!.organization_id,
  )!.id;
});
afterAll(() => svc.stop());

describe('✓ lines', () => {
  it.each([
    () => [
      ['subs', 'change-price', subscription.id, '--price', subscription.other_price],
      `✓ Subscription ${subscription.id} is now on price ${subscription.other_price}.`,
    ],
    () => [
      ['subs', 'cancel', subscription.id],
      new RegExp(
        `^✓ Subscription ${subscription.id} will end with its current period \\(\\d{4}-\\d\\d-\\d\\d\\)\\.$`,
      ),
      // A second cancellation is refused (the real service's 403): taken back in between.
      ['subs', 'resume', subscription.id],
    ],
    () => [
      ['subs', 'resume', subscription.id],
      new RegExp(
        `^✓ Subscription ${subscription.id} continues; it renews on \\d{4}-\\d\\d-\\d\\d\\.$`,
      ),
      // Only a cancellation can be resumed (the real service's 400 otherwise).
      ['subs', 'cancel', subscription.id],
    ],
    () => [['keys', 'update', keyId, '--usage', '0'], `✓ License key ${keyId} updated.`],
    () => [
      ['checkout', 'update', svc.demo!.open_checkout_ids[0]!, '--customer-name', 'Jane'],
      `✓ Checkout ${svc.demo!.open_checkout_ids[0]} updated.`,
    ],
    () => [
      ['org', 'update', svc.demo!.organization_id, '--name', 'Acme Software'],
      `✓ Organization ${svc.demo!.organization_id} updated.`,
    ],
  ])('end a write on a terminal, and only there (%#)', async (make) => {
    const [argv, line, between] = make() as [string[], string | RegExp, string[]?];
    const tty = await run([...argv, '--fields', 'id'], { env, tty: true });
    expect(tty.code).toBe(0);
    const last = stripVTControlCharacters(tty.stderr).trimEnd().split('\n').at(-1)!;
    if (typeof line === 'string') expect(last).toBe(line);
    else expect(last).toMatch(line);
    if (between) expect((await run(between, { env })).code).toBe(0);
    const piped = await run([...argv, '--fields', 'id'], { env });
    expect(piped).toMatchObject({ code: 0, stderr: '' });
  });
});
