// billing benefits list: argv -> options or the exact usage error; options + answers -> output.
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  buildList,
  type ListOptions,
  runList,
} from '../../../../src/cli/commands/benefits/list.js';
import { execute, ID, ID2, json, ORG, page, parse } from '../verb.js';
import { LICENSE, SUPPORT } from './fixtures.js';

const first = { limit: 30, startPage: 1, pageSize: 30 };

describe('benefits list: argv -> options', () => {
  it.each([
    [[], { filters: {}, page: first, output: {} }],
    [
      ['--type', 'license_keys', '--type', 'custom', '--org', ORG.toUpperCase()],
      {
        filters: { type: ['license_keys', 'custom'], organization_id: [ORG] },
        page: first,
        output: {},
      },
    ],
  ])('%j', async (argv, options) => {
    expect(await parse(buildList, 'list', argv, { noun: 'benefits' })).toEqual({
      options,
      code: 0,
      stderr: '',
    });
  });

  it.each([
    [
      ['--type', 'license'],
      "billing: option '--type <type>' argument 'license' is invalid. Allowed choices are custom, " +
        'ads, discord, github_repository, downloadables, license_keys, meter_credit, ' +
        'feature_flag, slack_shared_channel.\n',
    ],
    [['--org', 'acme'], 'billing: --org: "acme" is not a UUID\n'],
    // The API has no sorting for benefits.
    [['--sort', 'created_at'], "billing: unknown option '--sort'\n(Did you mean --org?)\n"],
  ])('%j -> usage error', async (argv, stderr) => {
    expect(await parse(buildList, 'list', argv, { noun: 'benefits' })).toEqual({ code: 2, stderr });
  });
});

describe('benefits list: options + answers -> output', () => {
  const list = (opts: ListOptions, path: string, tty = false) =>
    execute(runList, opts, {
      tty,
      http: (pool) =>
        pool.intercept({ path, method: 'GET' }).reply(200, page([SUPPORT, LICENSE]), json),
    });

  it('the type filter goes as `type`, repeated; a pipe gets TSV', async () => {
    const r = await list(
      {
        filters: { type: ['custom', 'license_keys'], organization_id: [ORG] },
        page: first,
        output: {},
      },
      `/v1/benefits/?type=custom&type=license_keys&organization_id=${ORG}&page=1&limit=30`,
    );
    expect(r).toEqual({
      code: 0,
      stdout:
        'ID\tTYPE\tDESCRIPTION\tCREATED\n' +
        `${ID2}\tcustom\tPriority email support\t2026-01-10T09:00:00Z\n` +
        `${ID}\tlicense_keys\tAcme Pro license\t2026-01-10T09:00:00Z\n`,
      stderr: '',
    });
  });

  it('a terminal gets a table', async () => {
    const r = await list(
      { filters: {}, page: first, output: {} },
      '/v1/benefits/?page=1&limit=30',
      true,
    );
    expect(stripVTControlCharacters(r.stdout).split('\n')[1]).toMatch(
      new RegExp(`^${ID2}  custom +Priority email support +10 months ago$`),
    );
  });
});

describe('benefits list: a type the generation in use does not have', () => {
  it.each([
    [
      { BILLING_API_VERSION: '2026-10' },
      'ads',
      'billing: --type ads: not a benefit type of API version 2026-10\n' +
        'Its types: custom, discord, github_repository, downloadables, license_keys, meter_credit, feature_flag, slack_shared_channel\n',
    ],
    [
      {},
      'meter_credit',
      "billing: --type meter_credit: not a benefit type of the service's API generation\n" +
        'Its types: custom, ads, discord, github_repository, downloadables, license_keys\n',
    ],
  ] as const)('%j --type %s: exit 2, nothing sent', async (env, type, stderr) => {
    expect(
      await execute(runList, { filters: { type: [type] }, page: first, output: {} }, { env }),
    ).toEqual({ code: 2, stdout: '', stderr });
  });
});
