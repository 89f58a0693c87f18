// billing checkout confirm: argv -> usage error or the exact POST (public: no Authorization).
import { describe, expect, it } from 'vitest';
import { ID, useRecorder } from '../harness.js';

const rec = useRecorder();
const SECRET = 'polar_c_l0IuINmNgJ18zxjAHvjiMedst1DwXcHSq6x7k39tbb6';

describe('checkout confirm', () => {
  it.each([
    [['nope'], 'billing: client secret: expected polar_c_… or a checkout session id (UUID)\n'],
    [
      ['polar_c_bad-secret'],
      'billing: client secret: expected polar_c_… or a checkout session id (UUID)\n',
    ],
    [['0b4c2a7e-nope'], 'billing: checkout id: "0b4c2a7e-nope" is not a UUID\n'],
    [[SECRET, '--data', 'null'], 'billing: --data: must be a JSON object\n'],
    [
      [SECRET, '--fields', ''],
      'billing: invalid --fields: (empty)\nUse comma-separated dot paths, e.g. --fields id,status,customer.email\n',
    ],
    [[], "billing: missing required argument 'client-secret'\n"],
  ])('%j -> usage error', async (args, stderr) => {
    await rec.usage(['checkout', 'confirm', ...args], stderr);
  });

  it('sends the flags as body fields over --data, without a token', async () => {
    const sent = await rec.request([
      'checkout',
      'confirm',
      SECRET,
      '--data',
      '{"customer_name": "Data", "custom_field_data": {"company": "Initech"}}',
      '--customer-email',
      'jane@example.com',
      '--customer-name',
      'Jane',
      '--discount-code',
      'LAUNCH10',
      '--confirmation-token',
      'tok_test',
    ]);
    expect(sent).toEqual({
      method: 'POST',
      path: `/v1/checkouts/custom/client/${SECRET}/confirm`,
      query: [],
      body: {
        customer_name: 'Jane',
        custom_field_data: { company: 'Initech' },
        customer_email: 'jane@example.com',
        discount_code: 'LAUNCH10',
        confirmation_token_id: 'tok_test',
      },
    });
  });

  it('given a session id, looks the secret up with the seller token first', async () => {
    const sent = await rec.request(['checkout', 'confirm', ID.toUpperCase()]);
    expect(sent).toMatchObject({ method: 'GET', path: `/v1/checkouts/custom/${ID}` });
    expect(sent.authorization).toMatch(/^Bearer polar_pat_/);
  });
});
