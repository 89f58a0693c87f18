// A write that succeeded on the server is reported as a success even when the local
// bookkeeping after it fails (issue 12): `checkout confirm` with a credentials store that
// cannot be written prints the server's answer, warns, says how to get a session, exits 0.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Json, type Suite, startSuite } from '../e2e/cli.js';

let s: Suite;
beforeAll(async () => {
  s = await startSuite();
});
afterAll(() => s.svc.stop());

it('checkout confirm: the session cannot be stored → the answer, a warning, the way out, exit 0', async () => {
  const id = s.demo.open_checkout_ids[0]!;
  // A directory where the store's lock file must be created: every write of the store fails.
  mkdirSync(join(s.configDir, 'credentials.json.lock'));
  const r = await s.run([
    'checkout',
    'confirm',
    id,
    '--customer-email',
    'blocked@example.com',
    '--customer-name',
    'Blocked Buyer',
    '--billing-address',
    'country=US,state=US-IL,line1=1 Main St,city=Chicago,postal_code=60601',
    '--confirmation-token',
    'tok_test',
    '--fields',
    'id,status,customer_session_token',
  ]);
  expect(r.code).toBe(0);
  expect(r.stdout).toBe(`id\t${id}\nstatus\tconfirmed\ncustomer_session_token\t[not stored]\n`);
  const lines = r.stderr.split('\n');
  expect(lines[0]).toBe('✓ Checkout confirmed for blocked@example.com.');
  expect(lines[1]).toMatch(/^! The customer session could not be stored: .*EISDIR/);
  const checkout: Json = await s.call('GET', `/v1/checkouts/custom/${id}`);
  expect(lines[2]).toBe(
    `To act as this customer, create a session: export BILLING_CUSTOMER_TOKEN=$(billing api POST /v1/customer-sessions/ -f customer_id=${checkout.customer_id} | jq -r .token)`,
  );
  expect(lines.slice(3)).toEqual(['']);
  // Nothing was lost: exactly one order for the checkout.
  const orders: Json = await s.call('GET', '/v1/orders/?limit=100');
  expect(orders.items.filter((o: Json) => o.checkout_id === id)).toHaveLength(1);
});
