// billing events ingest: argv -> options or the exact usage error; options + input + answers ->
// what is sent and printed. Today's API only: every batch is checked against the real 2026-10
// description (EventsIngest). Resuming rests on the real service's de-duplication by
// (organization_id, external_id) (event/repository.py insert_batch at c6c3645e, 2026-10).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  buildIngest,
  type IngestOptions,
  runIngest,
} from '../../../../src/cli/commands/events/ingest.js';
import { requestErrors } from '../../../conformance/openapi.js';
import { tempConfigDir } from '../../../helpers/cli.js';
import type { ScriptedHost } from '../../../helpers/http.js';
import { execute, json, ORG, parse } from '../verb.js';
import { CUSTOMER_ID } from './fixtures.js';

const TODAY = { BILLING_API_VERSION: '2026-10' };

describe('events ingest: argv -> options', () => {
  it.each([
    [[], { batchSize: 1000, output: {} }],
    [['-'], { file: '-', batchSize: 1000, output: {} }],
    [
      ['usage.ndjson', '--org', ORG.toUpperCase(), '--batch-size', '250', '--json'],
      { file: 'usage.ndjson', org: ORG, batchSize: 250, output: { json: true } },
    ],
  ])('%j', async (argv, options) => {
    expect(await parse(buildIngest, 'ingest', argv, { noun: 'events' })).toEqual({
      options,
      code: 0,
      stderr: '',
    });
  });

  it.each([
    [
      ['--batch-size', '1001'],
      'billing: --batch-size: must be an integer from 1 to 1000, got 1001\n',
    ],
    [['--batch-size', 'all'], 'billing: --batch-size: "all" is not an integer\n'],
    [['--org', 'acme'], 'billing: --org: "acme" is not a UUID\n'],
    [
      ['a', 'b'],
      "billing: too many arguments for 'ingest'. Expected 1 argument but got 2: a, b.\n",
    ],
  ])('%j -> usage error', async (argv, stderr) => {
    expect(await parse(buildIngest, 'ingest', argv, { noun: 'events' })).toEqual({
      code: 2,
      stderr,
    });
  });
});

type Batch = { events: Record<string, unknown>[] };

/** Answers each batch with `answer(batch, n)` and keeps what was sent. */
function ingestServer(sent: Batch[], answer: (b: Batch, n: number) => [number, object]) {
  return (pool: ScriptedHost) =>
    pool
      .intercept({ path: '/v1/events/ingest', method: 'POST' })
      .reply((req) => {
        const body = JSON.parse(String(req.body)) as Batch;
        const problems = requestErrors('POST', '/v1/events/ingest', body);
        if (problems.length) return { statusCode: 599, data: { problems } };
        sent.push(body);
        const [status, data] = answer(body, sent.length);
        return { statusCode: status, data, responseOptions: json };
      })
      .persist();
}

const line = (n: number, extra: object = {}) =>
  JSON.stringify({
    name: 'api_request',
    external_customer_id: `user_${n}`,
    metadata: { tokens: n },
    ...extra,
  });

describe('events ingest: options + input + answers -> output', () => {
  const options: IngestOptions = { org: ORG, batchSize: 2, output: {} };
  const stdin = [line(1), '', line(2), line(3, { timestamp: '2026-11-20T10:00:00Z' })];
  const inserted = (b: Batch): [number, object] => [
    200,
    { inserted: b.events.length, duplicates: 0 },
  ];

  it('NDJSON on stdin: batches of --batch-size, each event with its organization and a made-up external_id; a pipe gets TSV', async () => {
    const sent: Batch[] = [];
    const r = await execute(runIngest, options, {
      env: TODAY,
      stdin,
      http: ingestServer(sent, inserted),
    });
    expect(r).toEqual({ code: 0, stdout: 'inserted\t3\nduplicates\t0\n', stderr: '' });
    expect(sent.map((b) => b.events.length)).toEqual([2, 1]);
    const events = sent.flatMap((b) => b.events);
    expect(events.map((e) => e.organization_id)).toEqual([ORG, ORG, ORG]);
    expect(events[2]).toMatchObject({ name: 'api_request', timestamp: '2026-11-20T10:00:00Z' });
    const ids = events.map((e) => e.external_id as string);
    for (const id of ids) expect(id).toMatch(/^ingest_[0-9a-f]{32}$/);
    expect(new Set(ids).size).toBe(3);
  });

  it('run again: the same external_ids are sent, and what the service had is counted as duplicates', async () => {
    const first: Batch[] = [];
    await execute(runIngest, options, { env: TODAY, stdin, http: ingestServer(first, inserted) });
    const again: Batch[] = [];
    const r = await execute(
      runIngest,
      { ...options, output: { json: true } },
      {
        env: TODAY,
        stdin,
        http: ingestServer(again, (_b, n) => [
          200,
          n === 1 ? { inserted: 0, duplicates: 2 } : { inserted: 1, duplicates: 0 },
        ]),
      },
    );
    expect(r).toEqual({
      code: 0,
      stdout: '{\n  "inserted": 1,\n  "duplicates": 2\n}\n',
      stderr: '',
    });
    const ids = (bs: Batch[]) => bs.flatMap((b) => b.events.map((e) => e.external_id));
    expect(ids(again)).toEqual(ids(first));
  });

  it('an event that changed, or moved, gets another external_id', async () => {
    const a: Batch[] = [];
    const b: Batch[] = [];
    await execute(runIngest, options, {
      env: TODAY,
      stdin: [line(1), line(2)],
      http: ingestServer(a, inserted),
    });
    await execute(runIngest, options, {
      env: TODAY,
      stdin: [line(2), line(1, { metadata: { tokens: 9 } })],
      http: ingestServer(b, inserted),
    });
    const ids = [...a, ...b].flatMap((x) => x.events.map((e) => e.external_id));
    expect(new Set(ids).size).toBe(4);
  });

  it('a JSON file of {"events": […]}: an external_id given is kept; a terminal gets a card and a ✓ line', async () => {
    const file = join(tempConfigDir(), 'usage.json');
    const events = [
      {
        name: 'llm',
        customer_id: CUSTOMER_ID,
        external_id: 'req-1',
        metadata: { model: 'small', tokens: 5 },
      },
      { name: 'llm', customer_id: CUSTOMER_ID, external_id: 'req-2' },
    ];
    writeFileSync(file, JSON.stringify({ events }, null, 2));
    const sent: Batch[] = [];
    const r = await execute(
      runIngest,
      { ...options, file, batchSize: 1000 },
      {
        env: TODAY,
        tty: true,
        http: ingestServer(sent, inserted),
      },
    );
    expect(r.code).toBe(0);
    expect(sent).toEqual([{ events: events.map((e) => ({ ...e, organization_id: ORG })) }]);
    expect(stripVTControlCharacters(r.stdout)).toBe('Inserted    2\nDuplicates  0\n');
    expect(r.stderr).toContain('Sending events… 0/2');
    expect(r.stderr).toContain('2 events sent: 2 inserted, 0 already there.');
  });

  it("an organization's own token: events are sent without organization_id", async () => {
    const sent: Batch[] = [];
    const r = await execute(
      runIngest,
      { batchSize: 1000, output: {} },
      {
        env: { ...TODAY, BILLING_TOKEN: 'polar_oat_orgTokenForVerbTests000000000000000000000' },
        stdin: [line(1)],
        http: ingestServer(sent, inserted),
      },
    );
    expect(r.code).toBe(0);
    expect(sent[0]!.events[0]).not.toHaveProperty('organization_id');
  });

  it.each([
    [[line(1), '{"name": "x"'], 'billing: stdin: line 2: not JSON (one event object per line)\n'],
    [
      [line(1), '', '{"name": "api_request"}'],
      'billing: stdin: line 3: give exactly one of customer_id (UUID) and external_customer_id\n',
    ],
    [
      [JSON.stringify({ name: 'x'.repeat(129), external_customer_id: 'u' })],
      'billing: stdin: line 1: name: at most 128 characters\n',
    ],
    [
      [JSON.stringify({ name: 'a', customer_id: 'u-1' })],
      'billing: stdin: line 1: customer_id: must be a UUID\n',
    ],
    [
      [JSON.stringify({ name: 'a', external_customer_id: 'u', timestamp: '2026-11-20 10:00' })],
      'billing: stdin: line 1: timestamp: an ISO 8601 date-time with its offset (e.g. 2026-11-01T12:00:00Z)\n',
    ],
    [
      [JSON.stringify({ name: 'a', external_customer_id: 'u', metadata: { note: '' } })],
      'billing: stdin: line 1: metadata.note: a text of 1 to 500 characters\n',
    ],
    [
      [JSON.stringify({ name: 'a', external_customer_id: 'u', metadata: { tags: ['x'] } })],
      'billing: stdin: line 1: metadata.tags: must be a text, a number or true/false\n',
    ],
    [
      [JSON.stringify({ name: 'a', external_customer_id: 'u', customer: 'jane' })],
      'billing: stdin: line 1: "customer" is not a field of an event\n',
    ],
    [
      ['[{"name": "a", "external_customer_id": "u"}, 42]'],
      'billing: stdin: event 2: an event is a JSON object\n',
    ],
    [[''], 'billing: events ingest: stdin holds no events\n'],
  ])('%j: one line naming where and the rule, exit 2, nothing sent', async (input, stderr) => {
    expect(await execute(runIngest, options, { env: TODAY, stdin: input })).toEqual({
      code: 2,
      stdout: '',
      stderr,
    });
  });

  it('a terminal on stdin and no file: a usage error', async () => {
    const r = await execute(runIngest, options, { env: TODAY, tty: true });
    expect(r).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'billing: events ingest: give a file, or pipe the events on stdin\ne.g. billing events ingest usage.ndjson\n',
    });
  });

  it('the service refuses a later batch: what was sent is said, then the error', async () => {
    const sent: Batch[] = [];
    const r = await execute(runIngest, options, {
      env: TODAY,
      stdin,
      http: ingestServer(sent, (b, n) =>
        n === 1
          ? inserted(b)
          : [
              422,
              {
                detail: [
                  {
                    loc: ['body', 'events', 0, 'timestamp'],
                    msg: 'Value error, timestamp must be in the past',
                    type: 'value_error',
                  },
                ],
              },
            ],
      ),
    });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(
      /^The service confirmed 2 of 3 events; the same command sends the rest \(the service skips what it has\)\.\nbilling: /,
    );
    // events.0 of the second batch is the third event, on line 4 of stdin.
    expect(r.stderr).toContain('  line 4, timestamp: Value error, timestamp must be in the past\n');
  });

  it('Ctrl+C during the second batch: what was sent is said, exit 130', async () => {
    const abort = new AbortController();
    const sent: Batch[] = [];
    const r = await execute(
      runIngest,
      { ...options, batchSize: 1 },
      {
        env: TODAY,
        stdin,
        signal: abort.signal,
        http: ingestServer(sent, (b, n) => {
          if (n === 2) abort.abort('SIGINT');
          return inserted(b);
        }),
      },
    );
    // The second batch may have landed or not: only the first is counted as sent.
    expect(sent).toHaveLength(2);
    expect(r).toEqual({
      code: 130,
      stdout: '',
      stderr:
        'The service confirmed 1 of 3 events; the same command sends the rest (the service skips what it has).\n' +
        'billing: interrupted\n',
    });
  });

  it("on the seed's generation: one line, nothing read or sent", async () => {
    expect(await execute(runIngest, options, { stdin })).toEqual({
      code: 2,
      stdout: '',
      stderr:
        "billing: events need today's API (2026-04 or later): set api_version, or pass " +
        '--api-version 2026-10\n',
    });
  });
});
