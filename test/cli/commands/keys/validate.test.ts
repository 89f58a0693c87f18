// billing keys validate: argv -> options (or the exact usage error); options + answers -> output.
import { describe, expect, it } from 'vitest';
import {
  buildValidate,
  runValidate,
  type ValidateOptions,
} from '../../../../src/cli/commands/keys/validate.js';
import { twoOrganizations } from '../fixtures.js';
import {
  answered,
  execute,
  ID,
  ID2,
  json,
  ORG,
  page,
  parse,
  type Setup,
  withoutToken,
} from '../verb.js';
import { KEY, keyCard, LICENSE_KEY, NO_ORG, NOT_IN_ORG, portalPost, REVOKED } from './fixtures.js';

describe('keys validate: argv -> options', () => {
  it.each([
    [[KEY, '--org', ORG.toUpperCase()], { key: KEY, org: ORG, output: {} }],
    [[KEY], { key: KEY, output: {} }],
    [
      [
        KEY,
        '--activation',
        ID2.toUpperCase(),
        '--benefit',
        ID,
        '--customer',
        ID2,
        '--increment-usage',
        '0',
        '--condition',
        'major:=2',
        '--condition',
        'os=linux',
      ],
      {
        key: KEY,
        activationId: ID2,
        benefitId: ID,
        customer: ID2,
        incrementUsage: 0,
        conditions: { major: 2, os: 'linux' },
        output: {},
      },
    ],
    [
      [KEY, '--org', ORG, '-o', 'json', '--fields', 'status,usage'],
      { key: KEY, org: ORG, output: { output: 'json', fields: 'status,usage' } },
    ],
  ])('%j', async (argv, options) => {
    expect(await parse(buildValidate, 'validate', argv, { noun: 'keys' })).toEqual({
      options,
      code: 0,
      stderr: '',
    });
  });

  it('- reads the key from stdin, trimmed', async () => {
    expect(
      await parse(buildValidate, 'validate', ['-', '--increment-usage', '1', '--json'], {
        noun: 'keys',
        stdin: [`  ${KEY}  `],
      }),
    ).toEqual({
      options: { key: KEY, incrementUsage: 1, output: { json: true } },
      code: 0,
      stderr: '',
    });
  });

  it.each([
    [
      [KEY, '--increment-usage', '-1'],
      'billing: --increment-usage: must be an integer at least 0, got -1\n',
    ],
    [
      [KEY, '--customer', 'cus_1'],
      'billing: --customer: "cus_1" is neither a customer id (UUID) nor an email\n',
    ],
    [[KEY, '--org', 'acme'], 'billing: --org: "acme" is not a UUID\n'],
    [
      ['x'.repeat(513)],
      'billing: license key: expected one key without spaces (at most 512 characters)\n',
    ],
    [[], "billing: missing required argument 'key'\n"],
  ])('%j -> usage error, nothing runs', async (argv, stderr) => {
    expect(await parse(buildValidate, 'validate', argv, { noun: 'keys' })).toEqual({
      code: 2,
      stderr,
    });
  });

  it('- with nothing on stdin is a usage error', async () => {
    expect(await parse(buildValidate, 'validate', ['-'], { noun: 'keys', stdin: [] })).toEqual({
      code: 2,
      stderr: 'billing: license key: expected one key without spaces (at most 512 characters)\n',
    });
  });
});

describe('keys validate: options + answers -> output', () => {
  const VALID = {
    ...LICENSE_KEY,
    usage: 4,
    validations: 8,
    last_validated_at: '2026-11-23T12:00:00Z',
    expires_at: '2027-01-31T00:00:00Z',
  };
  const validate = (options: ValidateOptions, status: number, body: object, setup: Setup = {}) =>
    answered(runValidate, options, portalPost('validate'), status, body, setup);

  it('sends the key and the checks without a token, and prints the key as a card', async () => {
    const r = await validate(
      {
        key: KEY,
        org: ORG,
        activationId: ID2,
        benefitId: ID2,
        customer: ID,
        incrementUsage: 1,
        conditions: { major: 2 },
        output: {},
      },
      200,
      VALID,
    );
    expect(r).toEqual({
      code: 0,
      stdout: keyCard(VALID),
      stderr: '',
      seen: withoutToken({
        key: KEY,
        organization_id: ORG,
        activation_id: ID2,
        benefit_id: ID2,
        customer_id: ID,
        increment_usage: 1,
        conditions: { major: 2 },
      }),
    });
  });

  it('--customer as an email: looked up in that organization with the seller token, sent as an id', async () => {
    let sent: Record<string, unknown> | undefined;
    let auth: unknown;
    const r = await execute(
      runValidate,
      { key: KEY, org: ORG, customer: 'jane@example.com', output: { json: true } },
      {
        http: (pool) => {
          pool
            .intercept({
              path: `/v1/customers/?query=jane%40example.com&organization_id=${ORG}&page=1&limit=100`,
            })
            .reply(200, page([{ id: ID2, email: 'jane@example.com', organization_id: ORG }]), json);
          pool
            .intercept({
              ...portalPost('validate'),
              body: (b) => {
                sent = JSON.parse(b);
                return true;
              },
            })
            .reply((req) => {
              auth = (req.headers as Record<string, string>).authorization;
              return { statusCode: 200, data: VALID, responseOptions: json };
            });
        },
      },
    );
    expect(r.code).toBe(0);
    expect(sent).toEqual({ key: KEY, organization_id: ORG, customer_id: ID2 });
    expect(auth).toBeUndefined();
  });

  it('without --org: BILLING_ORG, the profile default; only the key and organization sent', async () => {
    const r = await validate({ key: KEY, output: { fields: 'status,usage' } }, 200, VALID, {
      env: { BILLING_ORG: ORG },
    });
    expect(r).toEqual({
      code: 0,
      stdout: 'status\tgranted\nusage\t4\n',
      stderr: '',
      seen: withoutToken({ key: KEY, organization_id: ORG }),
    });
  });

  it('without --org or a default organization: exit 2, nothing sent', async () => {
    expect(
      await execute(runValidate, { key: KEY, output: {} }, { http: twoOrganizations }),
    ).toEqual({
      code: 2,
      stdout: '',
      stderr: NO_ORG,
    });
  });

  it.each([
    REVOKED,
    [
      403,
      { error: 'NotPermitted', detail: 'License key has expired.' },
      7,
      'billing: the license key has expired\n' +
        'The seller can extend it: billing keys update <key-id> --expires-at <date-time>\n',
    ],
    [
      400,
      { error: 'BadRequest', detail: 'License key only has 0 more usages.' },
      7,
      'billing: License key only has 0 more usages.\n' +
        'The seller can reset or raise it: billing keys update <key-id> --usage 0 or --limit-usage <n>\n',
    ],
    NOT_IN_ORG,
  ])('a %i %j: exit code and message', async (status, body, code, stderr) => {
    const r = await validate({ key: KEY, org: ORG, output: {} }, status, body);
    expect(r).toEqual({
      code,
      stdout: '',
      stderr,
      seen: withoutToken({ key: KEY, organization_id: ORG }),
    });
  });
});

// --activation with a 404 (issue 24): the activation may be what is unknown, not the key.
describe('keys validate --activation: which is not found', () => {
  const validate = (options: ValidateOptions, status: number, body: object) =>
    answered(runValidate, options, portalPost('validate'), status, body);
  const opts = { key: KEY, org: ORG, activationId: ID2, output: {} };
  const sent = { key: KEY, organization_id: ORG, activation_id: ID2 };
  it.each([
    [
      // The local service says which.
      { error: 'ResourceNotFound', detail: 'License key activation does not exist.' },
      `billing: activation ${ID2} not found on that license key\n`,
    ],
    [
      // The real one answers "Not found" for both (license_key/service.py, f179ede58c).
      { error: 'ResourceNotFound', detail: 'Not found' },
      `billing: license key for that organization, or its activation ${ID2}, not found\n`,
    ],
  ])('%j', async (body, message) => {
    const r = await validate(opts, 404, body);
    expect(r).toEqual({
      code: 6,
      stdout: '',
      stderr: `${message}The key's activations: billing keys get <key-id> (billing keys list finds its id)\n`,
      seen: withoutToken(sent),
    });
  });
});

// Today's API (2026-10): the seller's door, with the token; a key that is revoked or expired is a
// 404 with these words, checked before the activation (license_key/service.py `validate` at
// c6c3645e): a state (exit 7), not a key or activation not found.
describe("keys validate on today's API: a key it will not validate", () => {
  const TODAY = { env: { BILLING_API_VERSION: '2026-10' } };
  const sellerPost = { method: 'POST', path: '/v1/license-keys/validate' };
  it.each([
    [
      'License key is no longer active.',
      'billing: the license key is revoked or disabled\n' +
        'The seller can grant it again: billing keys update <key-id> --status granted\n',
    ],
    [
      'License key has expired.',
      'billing: the license key has expired\n' +
        'The seller can extend it: billing keys update <key-id> --expires-at <date-time>\n',
    ],
  ])('%s', async (detail, stderr) => {
    const r = await answered(
      runValidate,
      { key: KEY, org: ORG, activationId: ID2, output: {} },
      sellerPost,
      404,
      { error: 'ResourceNotFound', detail },
      TODAY,
    );
    expect(r).toMatchObject({ code: 7, stdout: '', stderr });
    expect(r.seen.authorization).toMatch(/^Bearer /);
    expect(r.seen.body).toEqual({ key: KEY, organization_id: ORG, activation_id: ID2 });
  });
});
