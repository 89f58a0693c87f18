// `billing webhooks …` end to end: an endpoint created with the CLI receives the events of a
// confirm, verified with the official SDK using the secret create printed (and only it printed
// it); deliveries list the attempts; a failed event is redelivered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Receiver, startReceiver, verify } from '../server/webhook-helpers.js';
import { type Json, ndjson, type Suite, startSuite, tsv } from './cli.js';

let s: Suite;
let receiver: Receiver;

beforeAll(async () => {
  s = await startSuite();
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await s.svc.stop();
});

async function confirmDemoCheckout(): Promise<string> {
  const id = s.demo.open_checkout_ids[0]!;
  const r = await s.run([
    'checkout',
    'confirm',
    id,
    '--customer-email',
    'hooks@example.com',
    '--customer-name',
    'Hooks Buyer',
    '--billing-address',
    'country=US,state=US-IL',
    '--confirmation-token',
    'tok',
  ]);
  expect(r.code, r.stderr).toBe(0);
  return id;
}

describe('webhooks', () => {
  let endpoint: Json;
  let secret: string;

  it('create prints the secret once; list and get never do', async () => {
    const r = await s.run([
      'webhooks',
      'create',
      '--url',
      receiver.url,
      '--events',
      'order.created,checkout.updated',
      '--org',
      s.demo.organization_id,
      '--json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    endpoint = JSON.parse(r.stdout);
    secret = endpoint.secret;
    expect(secret).toMatch(/^polar_whs_/);
    expect(endpoint.events).toEqual(['checkout.updated', 'order.created']);
    const [list, get, listJson] = await Promise.all([
      s.run(['webhooks', 'list']),
      s.run(['webhooks', 'get', endpoint.id]),
      s.run(['webhooks', 'list', '--json']),
    ]);
    expect(tsv(list.stdout).rows.map((x) => x[0])).toContain(endpoint.id);
    expect(get.stdout).toContain(receiver.url);
    for (const r2 of [list, get, listJson]) expect(r2.stdout).not.toContain(secret);
  });

  it('a confirm delivers its events, verified by the SDK with that secret; deliveries list them', async () => {
    await confirmDemoCheckout();
    // The confirm's checkout.updated, then the payment's: the session succeeded, the order.
    const got = await receiver.waitFor(3);
    const types = got.map((g) => verify(g, secret).type);
    expect(types).toEqual(['checkout.updated', 'checkout.updated', 'order.created']);
    const r = await s.run(['webhooks', 'deliveries', '--endpoint', endpoint.id, '-o', 'ndjson']);
    expect(r.code, r.stderr).toBe(0);
    const rows = ndjson(r.stdout);
    expect(rows.map((d) => d.webhook_event.type).sort()).toEqual([
      'checkout.updated',
      'checkout.updated',
      'order.created',
    ]);
    expect(rows.every((d) => d.succeeded === true && d.http_code === 200)).toBe(true);
  });

  it('a failed delivery shows under --failed; redeliver sends it again', async () => {
    receiver.answer = () => 500;
    const before = receiver.received.length;
    // Any change the endpoint listens to: update an open checkout.
    const open = s.demo.open_checkout_ids[1]!;
    const u = await s.run(['checkout', 'update', open, '--customer-name', 'Failing Hook']);
    expect(u.code, u.stderr).toBe(0);
    await receiver.waitFor(before + 1);
    let failed: Json[] = [];
    for (let i = 0; i < 50 && failed.length === 0; i++) {
      const r = await s.run([
        'webhooks',
        'deliveries',
        '--endpoint',
        endpoint.id,
        '--failed',
        '-o',
        'ndjson',
      ]);
      failed = r.stdout ? ndjson(r.stdout) : [];
      if (failed.length === 0) await new Promise((done) => setTimeout(done, 100));
    }
    expect(failed[0]).toMatchObject({ succeeded: false, http_code: 500 });
    receiver.answer = () => 200;
    const eventId = failed[0].webhook_event.id;
    const redelivered = await s.run(['webhooks', 'redeliver', eventId]);
    expect(redelivered).toEqual({ code: 0, stdout: '', stderr: '' });
    const all = await receiver.waitFor(before + 2);
    const last = all.at(-1)!;
    expect(last.headers['webhook-id']).toBe(eventId);
    expect(verify(last, secret).type).toBe('checkout.updated');
  });

  it('delete needs --yes without a terminal; then the endpoint is gone', async () => {
    expect((await s.run(['webhooks', 'delete', endpoint.id])).code).toBe(2);
    expect(await s.run(['webhooks', 'delete', endpoint.id, '--yes'])).toEqual({
      code: 0,
      stdout: '',
      stderr: '',
    });
    expect(await s.run(['webhooks', 'get', endpoint.id])).toMatchObject({
      code: 6,
      stderr: `billing: webhook endpoint ${endpoint.id} not found\n`,
    });
  });
});
