// Request bodies are JSON (spec §4.1): a body of any other type is a 422, as FastAPI answers it
// (it validates the raw bytes against the endpoint's model), so a form post from a web page
// changes nothing. Only the OAuth token, revocation and introspection endpoints, and the
// consent page's own form, take form-encoded bodies.
import { request } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Json, type Service, startService } from './helpers.js';

let svc: Service;
beforeAll(async () => {
  svc = await startService();
});
beforeEach(() => svc.reset());
afterAll(() => svc.stop());

const FORM = 'application/x-www-form-urlencoded';

/** FastAPI 0.115 / pydantic 2.10: the bytes of a non-JSON body, validated as the model. */
const notAnObject = (input: string) => ({
  error: 'RequestValidationError',
  detail: [
    {
      type: 'model_attributes_type',
      loc: ['body'],
      msg: 'Input should be a valid dictionary or object to extract fields from',
      input,
    },
  ],
});

const send = (method: string, path: string, type: string, body: string, token?: string) =>
  svc.api(method, path, { token, rawBody: body, headers: { 'content-type': type } });

/** A request with a body and no Content-Type at all (fetch would add text/plain). */
function untyped(method: string, path: string, body: string, token: string): Promise<Json> {
  return new Promise((resolve, reject) => {
    const req = request(`${svc.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-length': Buffer.byteLength(body) },
    });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (d: string) => {
        text += d;
      });
      res.on('end', () => resolve({ status: res.statusCode, body: JSON.parse(text) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('bodies that are not JSON', () => {
  it('refuses a form-encoded checkout PATCH with 422 and leaves the checkout alone', async () => {
    const id = svc.demo.open_checkout_ids[0]!;
    const r = await send(
      'PATCH',
      `/v1/checkouts/custom/${id}`,
      FORM,
      'customer_name=Mallory',
      svc.alice,
    );
    expect([r.status, r.body]).toEqual([422, notAnObject('customer_name=Mallory')]);
    const after = await svc.api('GET', `/v1/checkouts/custom/${id}`, { token: svc.alice });
    expect(after.body.customer_name).toBeNull();
  });

  it('refuses a form-encoded organization PATCH with 422 and keeps the name', async () => {
    const path = `/v1/organizations/${svc.demo.organization_id}`;
    const r = await send('PATCH', path, FORM, 'name=Pwned', svc.alice);
    expect([r.status, r.body]).toEqual([422, notAnObject('name=Pwned')]);
    expect((await svc.api('GET', path, { token: svc.alice })).body.name).toBe('Acme Software');
  });

  it('answers every JSON endpoint the same for form, text, XML and multipart bodies', async () => {
    const key = svc.demo.license_key;
    const keyId = svc.running.store.get<{ id: string }>(
      'SELECT id FROM license_keys WHERE key = ?',
      key,
    )!.id;
    const sub = svc.running.store.get<{ id: string; customer_id: string }>(
      "SELECT id, customer_id FROM subscriptions WHERE organization_id = ? AND status = 'active' LIMIT 1",
      svc.demo.organization_id,
    )!;
    const secret = svc.running.store.get<{ client_secret: string }>(
      'SELECT client_secret FROM checkouts WHERE id = ?',
      svc.demo.open_checkout_ids[0],
    )!.client_secret;
    const customer = await svc.customerSession(sub.customer_id);
    const writes: [string, string, string | undefined][] = [
      ['PATCH', `/v1/license-keys/${keyId}`, svc.alice],
      ['PATCH', `/v1/subscriptions/${sub.id}`, svc.alice],
      ['PATCH', `/v1/customer-portal/subscriptions/${sub.id}`, customer],
      ['POST', '/v1/customer-portal/license-keys/activate', undefined],
      ['POST', '/v1/customer-portal/license-keys/validate', undefined],
      ['POST', '/v1/customer-portal/license-keys/deactivate', undefined],
      ['POST', `/v1/checkouts/custom/client/${secret}/confirm`, undefined],
      ['POST', '/v1/oauth2/register', undefined],
    ];
    const bodies: [string, string][] = [
      [FORM, `key=${key}&organization_id=${svc.demo.organization_id}&label=x`],
      ['text/plain', '{"customer_email":"a@example.com"}'],
      ['application/xml', '<a>1</a>'],
      [
        'multipart/form-data; boundary=x',
        '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
      ],
    ];
    for (const [method, path, token] of writes) {
      for (const [type, body] of bodies) {
        const r = await send(method, path, type, body, token);
        expect([method, path, type, r.status, r.body]).toEqual([
          method,
          path,
          type,
          422,
          notAnObject(body),
        ]);
      }
    }
    // Nothing was activated, validated or confirmed.
    const k = svc.running.store.get<{ validations: number }>(
      'SELECT validations FROM license_keys WHERE id = ?',
      keyId,
    )!;
    expect(k.validations).toBe(0);
    const checkout = await svc.api('GET', `/v1/checkouts/custom/${svc.demo.open_checkout_ids[0]}`, {
      token: svc.alice,
    });
    expect(checkout.body.status).toBe('open');
  });

  it('answers a body that is not UTF-8 with the same 422, never a 500', async () => {
    const path = `/v1/organizations/${svc.demo.organization_id}`;
    const r = await svc.api('PATCH', path, {
      token: svc.alice,
      rawBody: Buffer.from([0x6e, 0x3d, 0xff, 0xfe]).toString('latin1'),
      headers: { 'content-type': 'text/plain; charset=latin1' },
    });
    expect(r.status).toBe(422);
    expect(r.body.detail[0]).toMatchObject({ type: 'model_attributes_type', loc: ['body'] });
  });
});

describe('bodies that are JSON', () => {
  it('parses application/*+json and a body without Content-Type as JSON, like FastAPI', async () => {
    const path = `/v1/organizations/${svc.demo.organization_id}`;
    const merge = await send(
      'PATCH',
      path,
      'application/merge-patch+json',
      '{"name":"Merged"}',
      svc.alice,
    );
    expect([merge.status, merge.body.name]).toEqual([200, 'Merged']);
    const bare = await untyped('PATCH', path, '{"name":"Bare"}', svc.alice);
    expect([bare.status, bare.body.name]).toEqual([200, 'Bare']);
    const broken = await untyped('PATCH', path, 'name=Bare', svc.alice);
    expect([broken.status, broken.body.detail[0].type]).toEqual([422, 'json_invalid']);
  });

  it('takes an empty body with any Content-Type as no body', async () => {
    const r = await send('POST', '/__local/reset', FORM, '');
    expect(r.status).not.toBe(500);
    const clock = await send('POST', '/__local/clock', 'application/json', '');
    expect(clock.status).toBe(200);
  });
});

describe('the form-encoded endpoints', () => {
  it('keeps taking forms at the token, revocation and introspection endpoints', async () => {
    for (const path of ['/v1/oauth2/token', '/v1/oauth2/revoke', '/v1/oauth2/introspect']) {
      const r = await send(
        'POST',
        path,
        FORM,
        'client_id=nobody&token=x&grant_type=refresh_token&refresh_token=x',
      );
      // Parsed as a form: the answer is about the client, not about the body's type.
      expect([path, r.status, r.body.error]).toEqual([path, 401, 'invalid_client']);
    }
  });
});
