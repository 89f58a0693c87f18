// billing keys deactivate: argv -> options (or the exact usage error); options + answers -> output.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  buildDeactivate,
  type DeactivateOptions,
  runDeactivate,
} from '../../../../src/cli/commands/keys/deactivate.js';
import { tempConfigDir } from '../../../helpers/cli.js';
import { execute, ID, ID2, json, ORG, parse, type Setup } from '../verb.js';

const KEY = 'ACME-2B022539-21B2-4769-A6FC-0385306A8AE3';

describe('keys deactivate: argv -> options', () => {
  it.each([
    [[KEY, '--activation', ID2.toUpperCase()], { key: KEY, activationId: ID2 }],
    [
      [KEY, '--org', ORG.toUpperCase(), '--activation', ID2],
      { key: KEY, org: ORG, activationId: ID2 },
    ],
  ])('%j', async (argv, options) => {
    expect(await parse(buildDeactivate, 'deactivate', argv, { noun: 'keys' })).toEqual({
      options,
      code: 0,
      stderr: '',
    });
  });

  it('- reads the key from stdin', async () => {
    expect(
      await parse(buildDeactivate, 'deactivate', ['-', '--activation', ID2], {
        noun: 'keys',
        stdin: [KEY],
      }),
    ).toEqual({ options: { key: KEY, activationId: ID2 }, code: 0, stderr: '' });
  });

  it.each([
    [[KEY], 'billing: --activation is required\n'],
    [[KEY, '--activation', 'act_1'], 'billing: --activation: "act_1" is not a UUID\n'],
    [[KEY, '--org', 'acme', '--activation', ID2], 'billing: --org: "acme" is not a UUID\n'],
    [[KEY, '--activation', ID2, '--json'], "billing: unknown option '--json'\n"],
  ])('%j -> usage error, nothing runs', async (argv, stderr) => {
    expect(await parse(buildDeactivate, 'deactivate', argv, { noun: 'keys' })).toEqual({
      code: 2,
      stderr,
    });
  });
});

describe('keys deactivate: options + answers -> output', () => {
  const PATH = '/v1/customer-portal/license-keys/deactivate';

  /** Answers the POST; returns the result and what the server saw. */
  async function deactivate(
    opts: DeactivateOptions,
    status: number,
    body: object | string,
    setup: Setup = {},
  ) {
    const seen: { authorized?: boolean; body?: unknown } = {};
    const r = await execute(runDeactivate, opts, {
      ...setup,
      http: (pool) =>
        pool.intercept({ path: PATH, method: 'POST' }).reply((req) => {
          seen.authorized = 'authorization' in (req.headers as Record<string, string>);
          seen.body = JSON.parse(String(req.body));
          return { statusCode: status, data: body, responseOptions: json };
        }),
    });
    return { ...r, seen };
  }

  it('sends the key, organization and activation without a token; stdout stays empty', async () => {
    expect(await deactivate({ key: KEY, org: ORG, activationId: ID2 }, 204, '')).toEqual({
      code: 0,
      stdout: '',
      stderr: `✓ Activation ${ID2} removed.\n`,
      seen: {
        authorized: false,
        body: { key: KEY, organization_id: ORG, activation_id: ID2 },
      },
    });
  });

  it("without --org: the profile's organization_id", async () => {
    const configDir = tempConfigDir();
    writeFileSync(
      join(configDir, 'config.json'),
      JSON.stringify({ profiles: { local: { organization_id: ORG } } }),
    );
    const r = await deactivate({ key: KEY, activationId: ID2 }, 204, '', { configDir });
    expect(r.seen).toEqual({
      authorized: false,
      body: { key: KEY, organization_id: ORG, activation_id: ID2 },
    });
    expect(r.code).toBe(0);
  });

  it('without --org or a default organization: exit 2, nothing sent', async () => {
    expect(await execute(runDeactivate, { key: KEY, activationId: ID2 })).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'billing: --org is required (or set a default: billing config set organization_id <id>)\n',
    });
  });

  it('a 404: exit 6, nothing said to have been removed', async () => {
    const r = await deactivate({ key: KEY, org: ORG, activationId: ID }, 404, {
      error: 'ResourceNotFound',
      detail: 'Not found',
    });
    expect(r).toEqual({
      code: 6,
      stdout: '',
      stderr: 'billing: license key or activation not found\n',
      seen: { authorized: false, body: { key: KEY, organization_id: ORG, activation_id: ID } },
    });
  });
});
