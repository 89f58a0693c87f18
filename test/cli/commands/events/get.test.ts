// billing events get: argv -> options or the exact usage error; options + answers -> output.
// Today's API only: the request is checked against the real 2026-10 description.
import { describe, expect, it } from 'vitest';
import { buildGet, type GetOptions, runGet } from '../../../../src/cli/commands/events/get.js';
import { answered, execute, ID, NOT_FOUND, parse } from '../verb.js';
import { CUSTOMER_ID, EVENT } from './fixtures.js';

const TODAY = { env: { BILLING_API_VERSION: '2026-10' } };

describe('events get: argv -> options', () => {
  it.each([
    [[ID], { id: ID, output: {} }],
    [[ID.toUpperCase(), '--json'], { id: ID, output: { json: true } }],
    [
      [ID, '--fields', 'id,customer.email,metadata.tokens'],
      {
        id: ID,
        output: { fields: 'id,customer.email,metadata.tokens' },
      },
    ],
  ])('%j', async (argv, options) => {
    expect(await parse(buildGet, 'get', argv, { noun: 'events' })).toEqual({
      options,
      code: 0,
      stderr: '',
    });
  });

  it.each([
    [['e-1'], 'billing: event id: "e-1" is not a UUID\n'],
    [[], "billing: missing required argument 'id'\n"],
    [
      [ID, '--fields', 'meter'],
      'billing: --fields: "meter" is not a field here\n' +
        'Fields: id, timestamp, organization_id, customer_id, external_customer_id, member_id, ' +
        'external_member_id, child_count, parent_id, label, name, source, customer.…, metadata ' +
        '(nested ones by dot path, e.g. customer.email)\n',
    ],
  ])('%j -> usage error', async (argv, stderr) => {
    expect(await parse(buildGet, 'get', argv, { noun: 'events' })).toEqual({ code: 2, stderr });
  });
});

describe('events get: options + answers -> output', () => {
  const options: GetOptions = { id: ID, output: {} };

  it('a pipe gets the card as path<TAB>value lines', async () => {
    const r = await answered(
      runGet,
      options,
      { method: 'GET', path: `/v1/events/${ID}` },
      200,
      EVENT,
      TODAY,
    );
    expect(r).toMatchObject({
      code: 0,
      stdout:
        `id\t${ID}\ntimestamp\t2026-11-20T10:00:00Z\nname\tapi_request\nlabel\tapi_request\n` +
        'source\tuser\ncustomer.email\tjane@example.com\n' +
        `customer_id\t${CUSTOMER_ID}\nexternal_customer_id\tuser_4711\nparent_id\t\n` +
        `organization_id\t${EVENT.organization_id}\nmetadata\t{"tokens":120}\n`,
      stderr: '',
    });
  });

  it('--json prints the API object as it came', async () => {
    const r = await answered(
      runGet,
      { ...options, output: { json: true } },
      { method: 'GET', path: `/v1/events/${ID}` },
      200,
      EVENT,
      TODAY,
    );
    expect(JSON.parse(r.stdout)).toEqual(EVENT);
  });

  it('an unknown id: exit 6 naming the event', async () => {
    const r = await execute(runGet, options, {
      ...TODAY,
      http: (pool) => pool.intercept({ path: `/v1/events/${ID}` }).reply(404, NOT_FOUND),
    });
    expect(r).toMatchObject({ code: 6, stdout: '' });
    expect(r.stderr).toMatch(new RegExp(`^billing: event ${ID} `));
  });

  it("on the seed's generation: one line, nothing sent", async () => {
    expect(await execute(runGet, options)).toEqual({
      code: 2,
      stdout: '',
      stderr:
        "billing: events need today's API (2026-04 or later): set api_version, or pass " +
        '--api-version 2026-10\n',
    });
  });
});
