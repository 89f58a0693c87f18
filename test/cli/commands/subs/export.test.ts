// billing subs export: argv -> options; the CSV as sent to a file, made safe on a terminal.
import { describe, expect, it } from 'vitest';
import { buildExport, runExport } from '../../../../src/cli/commands/subs/export.js';
import { execute, ID, ORG, parse } from '../verb.js';

const CSV =
  'Email,Created At,Active,Product,Price,Currency,Interval\r\njane@example.com,2026-11-01,true,Pro\x1b[31m,10.00,usd,month\r\n';
const path = (query = '') => `/v1/subscriptions/export${query}`;

describe('subs export: argv -> options', () => {
  it.each([
    [[], {}],
    [['--org', ORG, '--org', ID.toUpperCase()], { organizations: [ORG, ID] }],
  ])('%j', async (argv, options) => {
    const r = await parse(buildExport, 'export', argv, { noun: 'subs' });
    expect({ ...r, options: JSON.parse(JSON.stringify(r.options)) }).toEqual({
      options,
      code: 0,
      stderr: '',
    });
  });

  it('--org acme -> usage error', async () => {
    expect(await parse(buildExport, 'export', ['--org', 'acme'], { noun: 'subs' })).toEqual({
      code: 2,
      stderr: 'billing: --org: "acme" is not a UUID\n',
    });
  });
});

describe('subs export: options + answers -> output', () => {
  const answer = (query?: string) => (pool: import('../../../helpers/http.js').ScriptedHost) =>
    pool
      .intercept({ path: path(query), method: 'GET', headers: { accept: 'text/csv' } })
      .reply(200, CSV, { headers: { 'content-type': 'text/csv; charset=utf-8' } });

  it('to a file or pipe: the bytes as sent', async () => {
    expect(
      await execute(
        runExport,
        { organizations: [ORG] },
        { http: answer(`?organization_id=${ORG}`) },
      ),
    ).toEqual({
      code: 0,
      stdout: CSV,
      stderr: '',
    });
  });

  it('on a terminal: control characters shown as escapes, lines end in \\n', async () => {
    const r = await execute(runExport, {}, { tty: true, http: answer() });
    expect(r).toEqual({
      code: 0,
      stdout:
        'Email,Created At,Active,Product,Price,Currency,Interval\n' +
        'jane@example.com,2026-11-01,true,Pro\\x1b[31m,10.00,usd,month\n',
      stderr: '',
    });
  });
});
