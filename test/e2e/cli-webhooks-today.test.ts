// `billing webhooks rotate-secret` end to end in today's generation (BILLING_API_VERSION=2026-10):
// an endpoint made with the CLI receives a customer.updated signed with its secret; after the
// rotation the new secret, printed this once, verifies the next delivery and the old one no
// longer does — checked with the Standard Webhooks library the real service signs with
// (webhook/service.py at c6c3645e: the secret's UTF-8 bytes, base64-encoded, are the key).
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Received, type Receiver, startReceiver } from '../server/webhook-helpers.js';
import { closedPort, type Json, type Suite, startSuite } from './cli.js';

let s: Suite;
let receiver: Receiver;
let customer: Json;

const run = (args: string[], env: Record<string, string> = {}) => s.run(args, { env });

beforeAll(async () => {
  s = await startSuite({ apiVersion: '2026-10' });
  receiver = await startReceiver();
  customer = (await s.call('GET', '/v1/customers/?limit=1')).items[0];
});
afterAll(async () => {
  await receiver.close();
  await s.svc.stop();
});

/** The delivery verified with `secret`: its parsed body, or the library's refusal. */
function verified(r: Received, secret: string): Json {
  return new Webhook(Buffer.from(secret, 'utf8').toString('base64')).verify(r.body, r.headers);
}

/** Renames the customer (a customer.updated) and returns its delivery. */
async function rename(name: string): Promise<Received> {
  const before = receiver.received.length;
  const r = await run(['customers', 'update', customer.id, '--name', name, '--fields', 'name']);
  expect(r).toMatchObject({ code: 0, stdout: `name\t${name}\n` });
  return (await receiver.waitFor(before + 1))[before]!;
}

describe('webhooks rotate-secret at 2026-10', () => {
  let endpoint: Json;
  let first: string;

  it('an endpoint of today: the first secret verifies a customer.updated in the 2026-10 shape', async () => {
    const r = await run([
      'webhooks',
      'create',
      '--url',
      receiver.url,
      '--events',
      'customer.updated',
      '--org',
      s.demo.organization_id,
      '--json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    endpoint = JSON.parse(r.stdout);
    first = endpoint.secret;
    expect(first).toMatch(/^polar_whs_/);
    const body = verified(await rename('Before Rotation'), first);
    expect(body).toMatchObject({
      type: 'customer.updated',
      data: { id: customer.id, name: 'Before Rotation', type: 'individual' },
    });
  });

  it('in a script without --yes: refused, the secret unchanged', async () => {
    expect(await run(['webhooks', 'rotate-secret', endpoint.id])).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'billing: webhooks rotate-secret replaces the signing secret: add --yes to confirm ' +
        '(there is no terminal to ask on)\n',
    });
    expect(() => verified(receiver.received[0]!, first)).not.toThrow();
  });

  it('--yes: a new secret printed once; the next delivery verifies with it, not with the old', async () => {
    const r = await run(['webhooks', 'rotate-secret', endpoint.id, '--yes', '--json']);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    const rotated = JSON.parse(r.stdout);
    expect(rotated).toMatchObject({ id: endpoint.id, url: receiver.url });
    const second: string = rotated.secret;
    expect(second).toMatch(/^polar_whs_/);
    expect(second).not.toBe(first);
    // Printed this once: neither get nor list shows it.
    const [get, list] = await Promise.all([
      run(['webhooks', 'get', endpoint.id, '--json']),
      run(['webhooks', 'list', '--json']),
    ]);
    for (const shown of [get, list]) {
      expect(shown.code).toBe(0);
      expect(shown.stdout).not.toContain(second);
      expect(shown.stdout).not.toContain(first);
    }
    const delivery = await rename('After Rotation');
    expect(verified(delivery, second)).toMatchObject({
      type: 'customer.updated',
      data: { id: customer.id, name: 'After Rotation' },
    });
    expect(() => verified(delivery, first)).toThrow(WebhookVerificationError);
  });

  it("on the seed's generation: refused before anything is sent, with what to do", async () => {
    // Nothing listens at the address: a request would fail to connect.
    const r = await run(['webhooks', 'rotate-secret', endpoint.id, '--yes'], {
      BILLING_API_VERSION: 'none',
      BILLING_BASE_URL: `http://127.0.0.1:${await closedPort()}`,
    });
    expect(r).toEqual({
      code: 2,
      stdout: '',
      stderr:
        "billing: rotating a secret needs today's API (2026-04 or later): the service's API " +
        'generation has no such call\n' +
        'Set api_version, or pass --api-version 2026-10; or choose one: billing webhooks ' +
        'update <id> --secret <new-secret>\n',
    });
  });
});
