// `billing trigger <type>` end to end: every event type of the service happens for real, and a
// webhook endpoint receives it, verified by the official SDK.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_TYPES } from '../../src/shared/api-facts.js';
import { type Receiver, startReceiver, verify } from '../server/webhook-helpers.js';
import { type Suite, startSuite } from './cli.js';

let s: Suite;
let receiver: Receiver;
let secret: string;

beforeAll(async () => {
  s = await startSuite();
  receiver = await startReceiver();
  const endpoint = await s.call('POST', '/v1/webhooks/endpoints', {
    url: receiver.url,
    format: 'raw',
    events: [...WEBHOOK_EVENT_TYPES],
    organization_id: s.demo.organization_id,
  });
  secret = endpoint.secret;
});
afterAll(async () => {
  await receiver.close();
  await s.svc.stop();
});

/** Waits until an event of `type` arrived after the first `from` deliveries. */
async function arrived(type: string, from: number): Promise<string[]> {
  for (let i = 0; i < 100; i++) {
    const types = receiver.received.slice(from).map((r) => verify(r, secret).type);
    if (types.includes(type)) return types;
    await new Promise((done) => setTimeout(done, 50));
  }
  throw new Error(`no ${type} arrived`);
}

describe('billing trigger', () => {
  it.each(WEBHOOK_EVENT_TYPES.map((t) => [t]))('%s happens, and is delivered', async (type) => {
    const from = receiver.received.length;
    const r = await s.run(['trigger', type, '--org', s.demo.organization_id, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const did = JSON.parse(r.stdout);
    expect(did.event).toBe(type);
    const types = await arrived(type, from);
    expect(types).toContain(type);
    // What it made can be read back with the API.
    if (did.subscription) {
      const subs = await s.call('GET', `/v1/subscriptions/?customer_id=${did.customer}&limit=100`);
      expect(subs.items.map((x: { id: string }) => x.id)).toContain(did.subscription);
    }
    if (did.order) expect((await s.call('GET', `/v1/orders/${did.order}`)).id).toBe(did.order);
  });

  it('an unreachable service: exit 3, nothing tried', async () => {
    const r = await s.run(['trigger', 'order.created'], {
      env: { BILLING_BASE_URL: 'http://127.0.0.1:9' },
    });
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/^billing: cannot reach http:\/\/127\.0\.0\.1:9/);
  });
});
