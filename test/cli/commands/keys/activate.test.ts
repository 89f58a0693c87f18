// billing keys activate|validate|deactivate: argv -> usage error or the exact POST, never a token.
import { describe, expect, it } from 'vitest';
import {
  type ActivateOptions,
  buildActivate,
  runActivate,
} from '../../../../src/cli/commands/keys/activate.js';
import { configDirWith, TWO_ORGS, twoOrganizations } from '../fixtures.js';
import { ID, ID2, useRecorder } from '../harness.js';
import {
  answered,
  execute,
  ORG as ORG_ID,
  page,
  parse,
  type Setup,
  withoutToken,
} from '../verb.js';
import { KEY, NO_ORG, NOT_IN_ORG, portalPost, REVOKED } from './fixtures.js';

const rec = useRecorder();
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

  it('no --org and no default: the token’s organizations are asked, the key is never sent', async () => {
    rec.answers['GET /v1/organizations/'] = { body: page(TWO_ORGS) };
    const r = await rec.run(['keys', 'activate', KEY, '--label', 'x']);
    expect(r).toEqual({ code: 2, stdout: '', stderr: NO_ORG });
    expect(rec.sent.map((s) => `${s.method} ${s.path}`)).toEqual(['GET /v1/organizations/']);
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
        'Free one: billing keys deactivate <key> --activation <activation-id> (billing keys get <key-id> lists them).\n',
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

describe('keys activate: argv -> options', () => {
  it.each([
    [
      [KEY, '--org', ORG_ID.toUpperCase(), '--label', "Jane's laptop"],
      { key: KEY, org: ORG_ID, label: "Jane's laptop", output: {} },
    ],
    [[KEY, '--label', 'ci'], { key: KEY, label: 'ci', output: {} }],
    [
      [KEY, '--label', 'x', '--meta', 'os=linux', '--meta', 'cores:=8', '--condition', 'major:=2'],
      {
        key: KEY,
        label: 'x',
        meta: { os: 'linux', cores: 8 },
        conditions: { major: 2 },
        output: {},
      },
    ],
    [
      [KEY, '--label', 'x', '--condition', 'beta:=true', '--json'],
      { key: KEY, label: 'x', conditions: { beta: true }, output: { json: true } },
    ],
  ])('%j', async (argv, options) => {
    expect(await parse(buildActivate, 'activate', argv, { noun: 'keys' })).toEqual({
      options,
      code: 0,
      stderr: '',
    });
  });

  it('- reads the key from stdin (keeps it out of the process list)', async () => {
    expect(
      await parse(buildActivate, 'activate', ['-', '--label', 'x'], {
        noun: 'keys',
        stdin: [KEY],
      }),
    ).toEqual({ options: { key: KEY, label: 'x', output: {} }, code: 0, stderr: '' });
  });

  it.each([
    [[KEY], 'billing: --label is required\n'],
    [[KEY, '--org', 'acme', '--label', 'x'], 'billing: --org: "acme" is not a UUID\n'],
    [
      ['two words', '--label', 'x'],
      'billing: license key: expected one key without spaces (at most 512 characters)\n',
    ],
    [
      [KEY, '--label', 'x', '--meta', 'os'],
      'billing: --meta: "os" is not key=value or key:=json\n',
    ],
    [
      [KEY, '--label', 'x', 'extra'],
      `billing: too many arguments for 'activate'. Expected 1 argument but got 2: ${KEY}, extra.\n`,
    ],
  ])('%j -> usage error, nothing runs', async (argv, stderr) => {
    expect(await parse(buildActivate, 'activate', argv, { noun: 'keys' })).toEqual({
      code: 2,
      stderr,
    });
  });
});

describe('keys activate: options + answers -> output', () => {
  const ACTIVATION = {
    id: ID2,
    label: "Jane's laptop",
    created_at: '2026-11-23T12:00:00Z',
    meta: { os: 'linux' },
    license_key: { display_key: '****-8AE3', status: 'granted', limit_activations: 3 },
  };
  const activate = (options: ActivateOptions, status: number, body: object, setup: Setup = {}) =>
    answered(runActivate, options, portalPost('activate'), status, body, setup);

  it('sends the key, organization, label, meta and conditions without a token', async () => {
    const r = await activate(
      {
        key: KEY,
        org: ORG_ID,
        label: "Jane's laptop",
        meta: { os: 'linux' },
        conditions: { major: 2 },
        output: {},
      },
      200,
      ACTIVATION,
    );
    expect(r).toEqual({
      code: 0,
      stdout:
        `id\t${ID2}\n` +
        "label\tJane's laptop\n" +
        'created_at\t2026-11-23T12:00:00Z\n' +
        'meta\t{"os":"linux"}\n' +
        'license_key.display_key\t****-8AE3\n' +
        'license_key.status\tgranted\n' +
        'license_key.limit_activations\t3\n',
      stderr: '',
      seen: withoutToken({
        key: KEY,
        organization_id: ORG_ID,
        label: "Jane's laptop",
        meta: { os: 'linux' },
        conditions: { major: 2 },
      }),
    });
  });

  it("without --org: the profile's organization_id", async () => {
    const configDir = configDirWith({ organization_id: ORG_ID });
    const r = await activate({ key: KEY, label: 'ci', output: { json: true } }, 200, ACTIVATION, {
      configDir,
    });
    expect(r).toEqual({
      code: 0,
      stdout: `${JSON.stringify(ACTIVATION, null, 2)}\n`,
      stderr: '',
      seen: withoutToken({ key: KEY, organization_id: ORG_ID, label: 'ci' }),
    });
  });

  it('without --org or a default organization: exit 2, nothing sent', async () => {
    expect(
      await execute(runActivate, { key: KEY, label: 'ci', output: {} }, { http: twoOrganizations }),
    ).toEqual({
      code: 2,
      stdout: '',
      stderr: NO_ORG,
    });
  });

  it.each([
    [
      403,
      { error: 'NotPermitted', detail: 'This license key does not require activation.' },
      7,
      'billing: the license key has no activation limit, so it is never activated\n' +
        'Check it with billing keys validate instead.\n',
    ],
    REVOKED,
    NOT_IN_ORG,
  ])('a %i %j: exit code and message', async (status, body, code, stderr) => {
    const r = await activate({ key: KEY, org: ORG_ID, label: 'x', output: {} }, status, body);
    expect(r).toEqual({
      code,
      stdout: '',
      stderr,
      seen: withoutToken({ key: KEY, organization_id: ORG_ID, label: 'x' }),
    });
  });
});
