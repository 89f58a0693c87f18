// Spec §8 in the units the real service uses: lengths of user text count characters (code
// points: an emoji is one, not two UTF-16 units), and a metadata integer is any integer, kept
// exactly beyond 2^53 into storage and back out; other numeric fields refuse those with a 422.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BUYER, invalid, type Json, type Service, startService } from './helpers.js';

let svc: Service;
let pro: string;
let team: string;
beforeAll(async () => {
  svc = await startService();
});
beforeEach(async () => {
  await svc.reset();
  [pro, , team] = svc.demo.open_checkout_ids as [string, string, string];
});
afterAll(() => svc.stop());

const emoji = (n: number) => '😀'.repeat(n);
const patch = (path: string, body: unknown, token = svc.alice) =>
  svc.api('PATCH', path, { token, body });
const raw = (method: string, path: string, text: string, token = svc.alice) =>
  svc.api(method, path, { token, rawBody: text });

describe('lengths count characters, not UTF-16 units', () => {
  it('takes a metadata key of 40 emoji and a value of 500, refuses 41 and 501', async () => {
    const ok = { [emoji(21)]: 'v', [emoji(40)]: emoji(500) };
    const r = await patch(`/v1/checkouts/custom/${pro}`, { metadata: ok, customer_metadata: ok });
    expect(r.status, r.text).toBe(200);
    expect([r.body.metadata, r.body.customer_metadata]).toEqual([ok, ok]);

    const key = await patch(`/v1/checkouts/custom/${pro}`, { metadata: { [emoji(41)]: 'v' } });
    expect([key.status, key.body]).toEqual([
      422,
      invalid({
        type: 'string_too_long',
        loc: ['body', 'metadata', emoji(41), '[key]'],
        msg: 'String should have at most 40 characters',
        input: emoji(41),
        ctx: { max_length: 40 },
      }),
    ]);
    const value = await patch(`/v1/checkouts/custom/${pro}`, {
      customer_metadata: { note: emoji(501) },
    });
    expect(value.status).toBe(422);
    expect(value.body.detail[0]).toMatchObject({
      type: 'string_too_long',
      loc: ['body', 'customer_metadata', 'note', 'str'],
    });
  });

  it('counts characters in every other limited text field too', async () => {
    const accepted: [string, string, Json][] = [
      ['PATCH', `/v1/checkouts/custom/${pro}`, { customer_name: emoji(256) }],
      ['PATCH', `/v1/checkouts/custom/${team}`, { custom_field_data: { company: emoji(100) } }],
      ['PATCH', `/v1/organizations/${svc.demo.organization_id}`, { name: emoji(64) }],
      [
        'POST',
        '/v1/customer-portal/license-keys/activate',
        {
          key: svc.demo.license_key,
          organization_id: svc.demo.organization_id,
          label: emoji(256),
          meta: { [emoji(40)]: emoji(500) },
        },
      ],
    ];
    for (const [method, path, body] of accepted) {
      const r = await svc.api(method, path, { token: svc.alice, body });
      expect([path, r.status, r.text]).toEqual([path, 200, r.text]);
    }
    const refused: [string, Json, (string | number)[], string][] = [
      [
        `/v1/checkouts/custom/${pro}`,
        { customer_name: emoji(257) },
        ['body', 'customer_name'],
        'string_too_long',
      ],
      [
        `/v1/checkouts/custom/${team}`,
        { custom_field_data: { company: emoji(1) } },
        ['body', 'custom_field_data', 'company'],
        'string_too_short',
      ],
      [
        `/v1/organizations/${svc.demo.organization_id}`,
        { name: emoji(2) },
        ['body', 'name'],
        'string_too_short',
      ],
    ];
    for (const [path, body, loc, type] of refused) {
      const r = await patch(path, body);
      expect([r.status, r.body.detail?.[0]?.loc, r.body.detail?.[0]?.type]).toEqual([
        422,
        loc,
        type,
      ]);
    }
  });
});

describe('integers beyond 2^53', () => {
  const BIG = '12345678901234567891';
  const NEGATIVE = '-98765432109876543210';

  it('are metadata integers, stored and answered digit for digit', async () => {
    const body = `{"metadata": {"big": ${BIG}, "small": 1}, "customer_metadata": {"neg": ${NEGATIVE}}}`;
    const r = await raw('PATCH', `/v1/checkouts/custom/${pro}`, body);
    expect(r.status, r.text).toBe(200);
    expect(r.text).toContain(`"metadata":{"big":${BIG},"small":1}`);
    expect(r.text).toContain(`"customer_metadata":{"neg":${NEGATIVE}}`);
    const again = await svc.api('GET', `/v1/checkouts/custom/${pro}`, { token: svc.alice });
    expect(again.text).toContain(`"big":${BIG}`);

    // Confirming copies them to the order and the new customer, still exact.
    const secret = again.body.client_secret;
    const confirmed = await svc.api('POST', `/v1/checkouts/custom/client/${secret}/confirm`, {
      body: { customer_email: 'big@example.com', ...BUYER, confirmation_token_id: 'tok' },
    });
    expect(confirmed.status, confirmed.text).toBe(200);
    const orders = await svc.api('GET', '/v1/orders/', {
      token: svc.alice,
      query: { customer_id: confirmed.body.customer_id },
    });
    expect(orders.text).toContain(`"metadata":{"big":${BIG},"small":1}`);
    expect(orders.text).toContain(`"metadata":{"big":${BIG},"small":1,"neg":${NEGATIVE}}`);
  });

  it('are a 422 in any other numeric field, never a 500', async () => {
    const key = (await svc.api('GET', '/v1/license-keys', { token: svc.alice })).body.items[0].id;
    const cases: [string, string, string, (string | number)[], string][] = [
      [
        'PATCH',
        `/v1/checkouts/custom/${pro}`,
        `{"amount": ${BIG}}`,
        ['body', 'amount'],
        'less_than_equal',
      ],
      [
        'PATCH',
        `/v1/checkouts/custom/${team}`,
        `{"custom_field_data": {"seats": ${BIG}}}`,
        ['body', 'custom_field_data', 'seats'],
        'less_than_equal',
      ],
      [
        'PATCH',
        `/v1/organizations/${svc.demo.organization_id}`,
        `{"pledge_minimum_amount": ${NEGATIVE}}`,
        ['body', 'pledge_minimum_amount'],
        'greater_than_equal',
      ],
      [
        'PATCH',
        `/v1/license-keys/${key}`,
        `{"usage": ${BIG}, "limit_activations": ${BIG}}`,
        ['body', 'usage'],
        'less_than_equal',
      ],
      [
        'POST',
        '/__local/clock',
        `{"advance_seconds": ${BIG}}`,
        ['body', 'advance_seconds'],
        'less_than_equal',
      ],
    ];
    for (const [method, path, text, loc, type] of cases) {
      const r = await raw(method, path, text);
      expect([path, r.status, r.body.detail?.[0]?.loc, r.body.detail?.[0]?.type]).toEqual([
        path,
        422,
        loc,
        type,
      ]);
      // The offending value is echoed exactly, too.
      expect(r.text).toMatch(/"input":(12345678901234567891|-98765432109876543210)\b/);
    }
    const seats = await raw(
      'PATCH',
      `/v1/checkouts/custom/${team}`,
      `{"custom_field_data": {"seats": ${BIG}}}`,
    );
    expect(seats.body.detail[0]).toMatchObject({
      msg: 'Input should be less than or equal to 10',
      ctx: { le: 10 },
    });
  });

  // The real service takes any JSON in an activation's meta and conditions (dict[str, Any] in
  // license_key/schemas.py at f179ede58c, the seed generation): a big integer too, kept exactly.
  it('are kept digit for digit in an activation’s meta and conditions', async () => {
    const activation = await raw(
      'POST',
      '/v1/customer-portal/license-keys/activate',
      `{"key": "${svc.demo.license_key}", "organization_id": "${svc.demo.organization_id}", "label": "big", "meta": {"n": ${BIG}}, "conditions": {"m": ${NEGATIVE}}}`,
    );
    expect(activation.status, activation.text).toBe(200);
    expect(activation.text).toContain(`"meta":{"n":${BIG}}`);
    const validated = await raw(
      'POST',
      '/v1/customer-portal/license-keys/validate',
      `{"key": "${svc.demo.license_key}", "organization_id": "${svc.demo.organization_id}", "activation_id": "${activation.body.id}", "conditions": {"m": ${NEGATIVE}}}`,
    );
    expect(validated.status, validated.text).toBe(200);
    expect(validated.text).toContain(`"meta":{"n":${BIG}}`);
  });
});
