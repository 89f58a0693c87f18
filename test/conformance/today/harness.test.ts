// The harness of today's suites can fail: it reports an answer that does not fit the 2026-10
// document or lacks the version header, counts calls per resource, and its webhook receiver
// refuses a delivery that SDK 1.0.1's validateEvent refuses.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isAuthRefusal, payloadSchema, Receiver, Recorder } from './harness.js';

const ID = '0b4c2a7e-1f7d-4d2b-9a7e-3c1f0e6d5b21';

describe('the recorder', () => {
  it('reports a missing version, a body that breaks the document, and a status it does not list', () => {
    const r = new Recorder();
    const path = `/v1/customers/${ID}`;
    r.record({ method: 'GET', path, status: 200, version: null, body: {}, template: undefined });
    r.record({
      method: 'GET',
      path,
      status: 418,
      version: '2026-10',
      body: { detail: 'teapot' },
      template: '/v1/customers/{id}',
    });
    expect(r.problems).toEqual([
      `GET ${path} → 200: Polar-Version null, not 2026-10`,
      expect.stringContaining(`GET ${path} → 200: `),
      `GET ${path} → 418: no 418 answer for GET /v1/customers/{id}`,
    ]);
    expect(r.problems[1]).toContain("must have required property 'type'");
  });

  it("takes the real service's token refusals, which the document does not describe", () => {
    expect(isAuthRefusal(401, { error: 'Unauthorized', detail: 'Unauthorized' })).toBe(true);
    expect(isAuthRefusal(401, { error: 'invalid_token' })).toBe(true);
    expect(isAuthRefusal(403, { error: 'insufficient_scope' })).toBe(true);
    expect(isAuthRefusal(403, { error: 'NotPermitted' })).toBe(false);
    expect(isAuthRefusal(401, { detail: 'Not Found' })).toBe(false);
  });

  it('counts calls by the resource of the route they reached', () => {
    const r = new Recorder();
    const call = (path: string, template: string) =>
      r.record({ method: 'GET', path, status: 200, version: '2026-10', body: {}, template });
    call('/v1/customers/x', '/v1/customers/{id}');
    call('/v1/customers/', '/v1/customers/');
    call('/v1/customer-portal/customers/me', '/v1/customer-portal/customers/me');
    expect(r.counts()).toEqual({ customers: 2, 'customer-portal': 1 });
  });
});

describe('the webhook receiver', () => {
  it('names the payload schema of each event type', () => {
    expect(payloadSchema('customer.state_changed')).toBe('WebhookCustomerStateChangedPayload');
    expect(payloadSchema('benefit_grant.created')).toBe('WebhookBenefitGrantCreatedPayload');
  });

  it('refuses a delivery signed with another secret, and checks a good one against the document', async () => {
    const receiver = new Receiver();
    receiver.secret = 'polar_whs_right';
    const url = await receiver.start();
    const body = JSON.stringify({
      type: 'customer.deleted',
      timestamp: new Date().toISOString(),
      data: { id: ID },
    });
    const send = async (secret: string) => {
      const id = 'msg_1';
      const ts = Math.floor(Date.now() / 1000);
      const signature = createHmac('sha256', secret).update(`${id}.${ts}.${body}`).digest('base64');
      return (
        await fetch(url, {
          method: 'POST',
          body,
          headers: {
            'webhook-id': id,
            'webhook-timestamp': String(ts),
            'webhook-signature': `v1,${signature}`,
          },
        })
      ).status;
    };
    expect(await send('polar_whs_wrong')).toBe(400);
    expect(receiver.problems[0]).toContain('validateEvent refused a delivery');
    expect(await send('polar_whs_right')).toBe(202);
    expect(receiver.deliveries.map((d) => d.type)).toEqual(['customer.deleted']);
    // Its data is no Customer: the document says so.
    expect(receiver.problems.slice(1).join('\n')).toContain('customer.deleted: ');
    await receiver.stop();
  });
});
