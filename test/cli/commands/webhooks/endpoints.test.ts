// billing webhooks list|get|update|delete: the secret never printed; argv checked; deletes asked.
import { describe, expect, it } from 'vitest';
import { buildDelete, runDelete } from '../../../../src/cli/commands/webhooks/delete.js';
import { buildGet, runGet } from '../../../../src/cli/commands/webhooks/get.js';
import { buildList, runList } from '../../../../src/cli/commands/webhooks/list.js';
import { buildUpdate, runUpdate } from '../../../../src/cli/commands/webhooks/update.js';
import { run } from '../../../helpers/cli.js';
import { answered, execute, ID, json, NOT_FOUND, ORG, page, parse } from '../verb.js';
import { ENDPOINT, SECRET } from './fixtures.js';

const first = { limit: 30, startPage: 1, pageSize: 30 };

describe('webhooks list|get|update|delete: argv -> options', () => {
  it('list --org; get <id>; update; delete --yes', async () => {
    expect(await parse(buildList, 'list', ['--org', ORG], { noun: 'webhooks' })).toEqual({
      options: { filters: { organization_id: [ORG] }, page: first, output: {} },
      code: 0,
      stderr: '',
    });
    expect(
      await parse(buildGet, 'get', [ID.toUpperCase(), '--json'], { noun: 'webhooks' }),
    ).toEqual({
      options: { id: ID, output: { json: true } },
      code: 0,
      stderr: '',
    });
    expect(
      await parse(buildUpdate, 'update', [ID, '--events', 'order.created', '--secret', 'new'], {
        noun: 'webhooks',
      }),
    ).toEqual({
      options: { id: ID, body: { events: ['order.created'], secret: 'new' }, output: {} },
      code: 0,
      stderr: '',
    });
    expect(await parse(buildDelete, 'delete', [ID, '-y'], { noun: 'webhooks' })).toEqual({
      options: { id: ID, yes: true },
      code: 0,
      stderr: '',
    });
  });

  it.each([
    [buildGet, 'get', ['x'], 'billing: webhook endpoint id: "x" is not a UUID\n'],
    [
      buildUpdate,
      'update',
      [ID],
      'billing: nothing to change: give --url, --events, --secret or --format\n',
    ],
    [
      buildUpdate,
      'update',
      [ID, '--url', 'ftp://x'],
      'billing: --url: must be an http or https URL, got ftp:\n',
    ],
    [buildDelete, 'delete', ['x'], 'billing: webhook endpoint id: "x" is not a UUID\n'],
  ] as const)('%#: %s %j -> usage error', async (build, verb, argv, stderr) => {
    expect(await parse(build as typeof buildGet, verb, [...argv], { noun: 'webhooks' })).toEqual({
      code: 2,
      stderr,
    });
  });
});

describe('webhooks list|get|update|delete: options + answers -> output', () => {
  it('list: no secret in TSV or JSON', async () => {
    const path = '/v1/webhooks/endpoints?page=1&limit=30';
    const tsv = await answered(
      runList,
      { filters: {}, page: first, output: {} },
      { method: 'GET', path },
      200,
      page([ENDPOINT]),
    );
    const js = await answered(
      runList,
      { filters: {}, page: first, output: { json: true } },
      { method: 'GET', path },
      200,
      page([ENDPOINT]),
    );
    expect(tsv.code).toBe(0);
    expect(tsv.stdout.split('\n')[0]).toBe('ID\tURL\tEVENTS\tCREATED');
    for (const r of [tsv, js]) expect(r.stdout).not.toContain(SECRET);
    const { secret: _s, ...shown } = ENDPOINT;
    expect(JSON.parse(js.stdout)).toEqual([shown]);
  });

  it('get and update print the endpoint without its secret', async () => {
    const g = await answered(
      runGet,
      { id: ID, output: { json: true } },
      { method: 'GET', path: `/v1/webhooks/endpoints/${ID}` },
      200,
      ENDPOINT,
    );
    const u = await answered(
      runUpdate,
      { id: ID, body: { secret: 'new-secret' }, output: {} },
      { method: 'PATCH', path: `/v1/webhooks/endpoints/${ID}` },
      200,
      { ...ENDPOINT, secret: 'new-secret' },
    );
    expect(u.seen.body).toEqual({ secret: 'new-secret' });
    for (const r of [g, u]) {
      expect(r.code).toBe(0);
      expect(r.stdout).not.toContain(SECRET);
      expect(r.stdout).not.toContain('new-secret');
    }
  });

  it('delete: needs --yes without a terminal; 404 exit 6', async () => {
    expect(await execute(runDelete, { id: ID, yes: false })).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'billing: webhooks delete removes the endpoint: add --yes to confirm (there is no terminal to ask on)\n',
    });
    const gone = await execute(
      runDelete,
      { id: ID, yes: true },
      {
        http: (pool) =>
          pool
            .intercept({ method: 'DELETE', path: `/v1/webhooks/endpoints/${ID}` })
            .reply(404, NOT_FOUND, json),
      },
    );
    expect(gone).toEqual({
      code: 6,
      stdout: '',
      stderr: `billing: webhook endpoint ${ID} not found\n`,
    });
  });
});

describe('webhooks get --help', () => {
  it('says the secret is left out, of --json too, and how to get a new one', async () => {
    const r = await run(['webhooks', 'get', '--help'], { env: {} });
    const help = r.stdout.replace(/\s+/g, ' ');
    expect(help).toContain('Its signing secret is left out, of --json too');
    expect(help).toContain("`billing webhooks rotate-secret <id>` (today's API) prints it");
  });
});
