// billing keys deactivate: argv -> options (or the exact usage error); options + answers -> output.
import { describe, expect, it } from 'vitest';
import {
  buildDeactivate,
  type DeactivateOptions,
  runDeactivate,
} from '../../../../src/cli/commands/keys/deactivate.js';
import { configDirWith, twoOrganizations } from '../fixtures.js';
import {
  answered,
  execute,
  ID,
  ID2,
  NOT_FOUND,
  ORG,
  parse,
  type Setup,
  withoutToken,
} from '../verb.js';
import { KEY, NO_ORG, portalPost } from './fixtures.js';

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
  const deactivate = (
    options: DeactivateOptions,
    status: number,
    body: object | string,
    setup: Setup = {},
  ) => answered(runDeactivate, options, portalPost('deactivate'), status, body, setup);

  it('sends the key, organization and activation without a token; stdout stays empty', async () => {
    expect(await deactivate({ key: KEY, org: ORG, activationId: ID2 }, 204, '')).toEqual({
      code: 0,
      stdout: '',
      stderr: `✓ Activation ${ID2} removed.\n`,
      seen: withoutToken({ key: KEY, organization_id: ORG, activation_id: ID2 }),
    });
  });

  it("without --org: the profile's organization_id", async () => {
    const configDir = configDirWith({ organization_id: ORG });
    const r = await deactivate({ key: KEY, activationId: ID2 }, 204, '', { configDir });
    expect(r.seen).toEqual(withoutToken({ key: KEY, organization_id: ORG, activation_id: ID2 }));
    expect(r.code).toBe(0);
  });

  it('without --org or a default organization: exit 2, nothing sent', async () => {
    expect(
      await execute(runDeactivate, { key: KEY, activationId: ID2 }, { http: twoOrganizations }),
    ).toEqual({
      code: 2,
      stdout: '',
      stderr: NO_ORG,
    });
  });

  it('a 404: exit 6, nothing said to have been removed', async () => {
    const r = await deactivate({ key: KEY, org: ORG, activationId: ID }, 404, NOT_FOUND);
    expect(r).toEqual({
      code: 6,
      stdout: '',
      stderr: 'billing: license key or activation not found\n',
      seen: withoutToken({ key: KEY, organization_id: ORG, activation_id: ID }),
    });
  });
});
