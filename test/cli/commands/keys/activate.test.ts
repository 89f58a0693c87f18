// billing keys activate|validate|deactivate: argv -> usage error or the exact POST, never a token.
import { describe, expect, it } from 'vitest';
import { ID, ID2, useRecorder } from '../harness.js';

const rec = useRecorder();
const KEY = 'ACME-2B022539-21B2-4769-A6FC-0385306A8AE3';
const ORG = ['--org', ID];

describe('argv -> usage error, nothing sent', () => {
  it.each([
    [['activate', KEY, ...ORG], 'billing: --label is required\n'],
    [['activate', KEY, '--org', 'acme', '--label', 'x'], 'billing: --org: "acme" is not a UUID\n'],
    [
      ['activate', 'two words', ...ORG, '--label', 'x'],
      'billing: license key: expected one key without spaces (at most 512 characters)\n',
    ],
    [
      ['activate', KEY, ...ORG, '--label', 'x', '--meta', 'os'],
      'billing: --meta: "os" is not key=value or key:=json\n',
    ],
    [
      ['activate', KEY, ...ORG, '--label', 'x', '--meta', 'n:=1.5'],
      'billing: --meta: value of key "n" after := must be an integer, true or false\n',
    ],
    [
      ['activate', KEY, '--label', 'x'],
      'billing: --org is required (or set a default: billing config set organization_id <id>)\n',
    ],
    [
      ['validate', KEY, ...ORG, '--increment-usage', '-1'],
      'billing: --increment-usage: must be an integer at least 0, got -1\n',
    ],
    [
      ['validate', KEY, ...ORG, '--activation', 'a1'],
      'billing: --activation: "a1" is not a UUID\n',
    ],
    [['validate', KEY, ...ORG, '--benefit', 'b1'], 'billing: --benefit: "b1" is not a UUID\n'],
    [['deactivate', KEY, ...ORG], 'billing: --activation is required\n'],
  ])('%j', async (args, stderr) => {
    await rec.usage(['keys', ...args], stderr);
  });
});

describe('argv -> request (no Authorization header)', () => {
  it('activate: key, organization, label, typed meta and conditions', async () => {
    const sent = await rec.request([
      'keys',
      'activate',
      KEY,
      ...ORG,
      '--label',
      "Jane's laptop",
      '--meta',
      'os=linux',
      '--meta',
      'cores:=8',
      '--condition',
      'major:=2',
    ]);
    expect(sent).toEqual({
      method: 'POST',
      path: '/v1/customer-portal/license-keys/activate',
      query: [],
      body: {
        key: KEY,
        organization_id: ID,
        label: "Jane's laptop",
        meta: { os: 'linux', cores: 8 },
        conditions: { major: 2 },
      },
    });
  });

  it('validate: the optional ids and usage', async () => {
    const sent = await rec.request([
      'keys',
      'validate',
      KEY,
      ...ORG,
      '--activation',
      ID2,
      '--benefit',
      ID,
      '--customer',
      ID2,
      '--increment-usage',
      '3',
    ]);
    expect(sent).toEqual({
      method: 'POST',
      path: '/v1/customer-portal/license-keys/validate',
      query: [],
      body: {
        key: KEY,
        organization_id: ID,
        activation_id: ID2,
        benefit_id: ID,
        customer_id: ID2,
        increment_usage: 3,
      },
    });
  });

  it('deactivate: the activation, the organization from BILLING_ORG', async () => {
    const sent = await rec.request(['keys', 'deactivate', KEY, '--activation', ID2], {
      BILLING_ORG: ID,
    });
    expect(sent).toEqual({
      method: 'POST',
      path: '/v1/customer-portal/license-keys/deactivate',
      query: [],
      body: { key: KEY, organization_id: ID, activation_id: ID2 },
    });
  });
});

describe('refusals because of the key’s state: exit 7 with the way forward', () => {
  it.each([
    [
      'activate',
      '/v1/customer-portal/license-keys/activate',
      403,
      { error: 'NotPermitted', detail: 'License key activation limit already reached' },
      'billing: the license key has no free activation slot: its activation limit is reached\n' +
        'Free one: billing keys deactivate <key> --activation <activation-id> (billing keys get <key-id> --mine lists them).\n',
    ],
    [
      'validate',
      '/v1/customer-portal/license-keys/validate',
      400,
      { error: 'BadRequest', detail: 'License key only has 0 more usages.' },
      'billing: License key only has 0 more usages.\n' +
        'The seller can reset or raise it: billing keys update <key-id> --usage 0 or --limit-usage <n>\n',
    ],
  ])('%s answered %s', async (verb, path, status, body, stderr) => {
    rec.answers = { [`POST ${path}`]: { status, body } };
    const extra = verb === 'activate' ? ['--label', 'x'] : ['--increment-usage', '1'];
    expect(await rec.run(['keys', verb, KEY, ...ORG, ...extra])).toEqual({
      code: 7,
      stdout: '',
      stderr,
    });
  });
});
