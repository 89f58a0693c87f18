// billing checkout update: argv -> usage error (spec §8 metadata rules, --data) or the exact PATCH.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  buildUpdate,
  runUpdate,
  type UpdateOptions,
} from '../../../../src/cli/commands/checkout/update.js';
import { tempConfigDir } from '../../../helpers/cli.js';
import { ID, useRecorder } from '../harness.js';
import { execute, json, NOT_FOUND, parse, TOKEN } from '../verb.js';
import { checkoutCard, CHECKOUT as OPEN } from './fixtures.js';

const rec = useRecorder();
const update = (...args: string[]) => ['checkout', 'update', ID, ...args];
const pairs = (n: number) => Array.from({ length: n }, (_, i) => ['--metadata', `k${i}=v`]).flat();
const K41 = 'k'.repeat(41);

describe('checkout update: argv -> usage error, nothing sent', () => {
  it.each([
    [
      ['checkout', 'update', 'abc', '--customer-name', 'x'],
      'billing: checkout id: "abc" is not a UUID\n',
    ],
    [
      update('--metadata', `${K41}=v`),
      `billing: --metadata: key "${K41}" is longer than 40 characters\n`,
    ],
    [update(...pairs(51)), 'billing: --metadata: at most 50 pairs, got 51\n'],
    [
      update('--metadata', `note=${'x'.repeat(501)}`),
      'billing: --metadata: value of key "note" is longer than 500 characters\n',
    ],
    [
      update('--metadata', 'k:=1.5'),
      'billing: --metadata: value of key "k" after := must be an integer, true or false\n',
    ],
    [
      update('--metadata', 'k:={"a":1}'),
      'billing: --metadata: value of key "k" after := must be an integer, true or false\n',
    ],
    [
      // Spec §8 counts characters: 41 emoji are 41 characters (82 UTF-16 code units).
      update('--metadata', `${'😀'.repeat(41)}=v`),
      `billing: --metadata: key "${'😀'.repeat(41)}" is longer than 40 characters\n`,
    ],
    [
      update('--metadata', `note=${'é'.repeat(501)}`),
      'billing: --metadata: value of key "note" is longer than 500 characters\n',
    ],
    [
      update('--data', '{"metadata": {"n": 1.5}}'),
      'billing: --data metadata: value of key "n" must be a string, an integer or a boolean\n',
    ],
    [
      update('--metadata', 'k:=yes'),
      'billing: --metadata: value of key "k" after := must be an integer, true or false\n',
    ],
    [update('--metadata', '=v'), 'billing: --metadata: a key is empty in "=v"\n'],
    [
      update('--metadata', 'novalue'),
      'billing: --metadata: "novalue" is not key=value or key:=json\n',
    ],
    [
      update(
        '--data',
        `{"metadata": {${Array.from({ length: 51 }, (_, i) => `"k${i}": 1`).join(',')}}}`,
      ),
      'billing: --data metadata: at most 50 pairs, got 51\n',
    ],
    [
      update('--data', `{"customer_metadata": {"${K41}": "v"}}`),
      `billing: --data customer_metadata: key "${K41}" must be 1 to 40 characters\n`,
    ],
    [
      update(
        '--data',
        `{"metadata": {${Array.from({ length: 50 }, (_, i) => `"d${i}": 1`).join(',')}}}`,
        '--metadata',
        'one=more',
      ),
      'billing: --metadata: at most 50 pairs, got 51\n',
    ],
    [update('--data', '{"a":'), expect.stringMatching(/^billing: --data: invalid JSON: .+\n$/)],
    [update('--data', '[1]'), 'billing: --data: must be a JSON object\n'],
    [
      update('--data', '@/nonexistent/body.json'),
      'billing: --data: cannot read /nonexistent/body.json: no such file\n',
    ],
    [
      update('--customer-name', 'x', '--json', '-o', 'tsv'),
      'billing: --json conflicts with --output tsv\n',
    ],
  ])('%#: %j', async (argv, stderr) => {
    await rec.usage(argv as string[], stderr as string);
  });
});

describe('checkout update: argv -> PATCH body', () => {
  it('typed metadata, flags over --data fields, --data keys passed through', async () => {
    const sent = await rec.request(
      update(
        '--data',
        '{"customer_name": "Data", "metadata": {"a": "1"}, "success_url": "https://x.example"}',
        '--customer-name',
        'Flag',
        '--customer-email',
        'jane@example.com',
        '--metadata',
        'seats:=5',
        '--metadata',
        'trial:=false',
        '--metadata',
        'ref=a=b',
        '--metadata',
        `k40${'x'.repeat(37)}=${'y'.repeat(500)}`,
      ),
    );
    expect(sent).toMatchObject({ method: 'PATCH', path: `/v1/checkouts/custom/${ID}`, query: [] });
    expect(sent.body).toEqual({
      customer_name: 'Flag',
      customer_email: 'jane@example.com',
      success_url: 'https://x.example',
      metadata: {
        a: '1',
        seats: 5,
        trial: false,
        ref: 'a=b',
        [`k40${'x'.repeat(37)}`]: 'y'.repeat(500),
      },
    });
  });

  it('counts characters, not UTF-16 units, and sends integers beyond 2^53 exactly', async () => {
    const emojiKey = '😀'.repeat(40);
    const sent = await rec.request(
      update(
        '--replace-metadata',
        '--metadata',
        `${emojiKey}=${'🎉'.repeat(500)}`,
        '--metadata',
        'big:=12345678901234567891',
        '--metadata',
        'negative:=-98765432109876543210',
        '--data',
        '{"customer_metadata": {"seq": 90071992547409931}}',
      ),
    );
    const [text] = rec.texts;
    expect(text).toContain('"big":12345678901234567891');
    expect(text).toContain('"negative":-98765432109876543210');
    expect(text).toContain('"seq":90071992547409931');
    expect((sent.body as { metadata: Record<string, unknown> }).metadata[emojiKey]).toBe(
      '🎉'.repeat(500),
    );
  });

  it('--data @file and 50 pairs exactly are accepted', async () => {
    const file = join(tempConfigDir(), 'body.json');
    writeFileSync(file, '{"customer_email": "file@example.com"}');
    const sent = await rec.request(
      update('--data', `@${file}`, '--replace-metadata', ...pairs(50)),
    );
    expect(sent.body).toMatchObject({ customer_email: 'file@example.com' });
    expect(Object.keys((sent.body as { metadata: object }).metadata)).toHaveLength(50);
  });
});

describe('checkout update: metadata is merged, unset or replaced (issue 13)', () => {
  const GET = `GET /v1/checkouts/custom/${ID}`;
  const current = { id: ID, metadata: { keep: 'x', ref: 'old', gone: 1 } };

  it('--metadata merges into what the session has, --unset-metadata removes a key', async () => {
    rec.answers = { [GET]: { body: current } };
    const r = await rec.run(
      update('--metadata', 'ref=new', '--metadata', 'n:=2', '--unset-metadata', 'gone'),
    );
    expect(r.code).toBe(2); // the recorder answers the PATCH with 400 "recorded"
    expect(rec.sent.map((x) => `${x.method} ${x.path}`)).toEqual([
      GET,
      `PATCH /v1/checkouts/custom/${ID}`,
    ]);
    expect(rec.sent[1]!.body).toEqual({ metadata: { keep: 'x', ref: 'new', n: 2 } });
  });

  it('--replace-metadata sends exactly the pairs given, without reading', async () => {
    const sent = await rec.request(update('--replace-metadata', '--metadata', 'only=1'));
    expect(sent).toMatchObject({ method: 'PATCH', body: { metadata: { only: '1' } } });
  });

  it('--data metadata is the base: no read', async () => {
    const sent = await rec.request(update('--data', '{"metadata": {"a": 1}}', '--metadata', 'b=2'));
    expect(sent).toMatchObject({ method: 'PATCH', body: { metadata: { a: 1, b: '2' } } });
  });

  it('a merge past 50 pairs is refused before anything is changed', async () => {
    const many = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, i]));
    rec.answers = { [GET]: { body: { id: ID, metadata: many } } };
    const r = await rec.run(update('--metadata', 'one=more'));
    expect(r).toEqual({
      code: 2,
      stdout: '',
      stderr: 'billing: --metadata: at most 50 pairs, got 51\n',
    });
    expect(rec.sent.map((x) => x.method)).toEqual(['GET']);
  });
});

describe('checkout update: argv -> options', () => {
  it.each([
    [
      [ID.toUpperCase(), '--customer-email', 'jane@example.com', '--customer-name', 'Jane'],
      {
        id: ID,
        body: { customer_email: 'jane@example.com', customer_name: 'Jane' },
        metadata: {},
        output: {},
      },
    ],
    [
      [ID, '--metadata', 'seats:=5', '--metadata', 'ref=a=b', '--unset-metadata', 'trial'],
      {
        id: ID,
        body: {},
        metadata: { set: { seats: 5, ref: 'a=b' }, unset: ['trial'] },
        output: {},
      },
    ],
    [
      [ID, '--replace-metadata', '--metadata', 'only=1', '--json'],
      { id: ID, body: {}, metadata: { set: { only: '1' }, replace: true }, output: { json: true } },
    ],
    [
      [
        ID,
        '--data',
        '{"customer_name": "Data", "success_url": "https://x.example", "metadata": {"a": 1}}',
        '--customer-name',
        'Flag',
        '--fields',
        'id,metadata',
      ],
      {
        id: ID,
        body: { customer_name: 'Flag', success_url: 'https://x.example', metadata: { a: 1 } },
        metadata: {},
        output: { fields: 'id,metadata' },
      },
    ],
  ])('%j', async (argv, options) => {
    expect(await parse(buildUpdate, 'update', argv, { noun: 'checkout' })).toEqual({
      options,
      code: 0,
      stderr: '',
    });
  });

  it('--data - reads the body from stdin', async () => {
    expect(
      await parse(buildUpdate, 'update', [ID, '--data', '-'], {
        noun: 'checkout',
        stdin: ['{"customer_name": "Jane"}'],
      }),
    ).toEqual({
      options: { id: ID, body: { customer_name: 'Jane' }, metadata: {}, output: {} },
      code: 0,
      stderr: '',
    });
  });

  it.each([
    [['abc', '--customer-name', 'x'], 'billing: checkout id: "abc" is not a UUID\n'],
    [
      [ID, '--metadata', 'k:=1.5'],
      'billing: --metadata: value of key "k" after := must be an integer, true or false\n',
    ],
    [[ID, '--data', '[1]'], 'billing: --data: must be a JSON object\n'],
    [
      [ID, '--data', '{"metadata": {"n": 1.5}}'],
      'billing: --data metadata: value of key "n" must be a string, an integer or a boolean\n',
    ],
  ])('%j -> usage error, nothing runs', async (argv, stderr) => {
    expect(await parse(buildUpdate, 'update', argv, { noun: 'checkout' })).toEqual({
      code: 2,
      stderr,
    });
  });
});

describe('checkout update: options + answers -> output', () => {
  const CHECKOUT = { ...OPEN, customer_id: null, metadata: { keep: 'x', ref: 'new', n: 2 } };
  const PATH = `/v1/checkouts/custom/${ID}`;
  const base: UpdateOptions = { id: ID, body: {}, metadata: {}, output: {} };

  /** Scripts an optional GET (its metadata) and the PATCH; returns the result and the PATCH seen. */
  async function update(
    opts: UpdateOptions,
    answer: { status: number; body: object },
    current?: object,
  ) {
    const seen: { authorization?: string; body?: unknown } = {};
    const r = await execute(runUpdate, opts, {
      http: (pool) => {
        if (current) {
          pool
            .intercept({ path: PATH, method: 'GET' })
            .reply(200, { id: ID, status: 'open', metadata: current }, json);
        }
        pool.intercept({ path: PATH, method: 'PATCH' }).reply((req) => {
          seen.authorization = (req.headers as Record<string, string>).authorization;
          seen.body = JSON.parse(String(req.body));
          return { statusCode: answer.status, data: answer.body, responseOptions: json };
        });
      },
    });
    return { ...r, seen };
  }

  it('the fields alone: one PATCH, no read, then the card', async () => {
    const r = await update(
      { ...base, body: { customer_email: 'jane@example.com', customer_name: 'Jane' } },
      { status: 200, body: CHECKOUT },
    );
    expect(r).toEqual({
      code: 0,
      stdout: checkoutCard(CHECKOUT),
      stderr: '',
      seen: {
        authorization: `Bearer ${TOKEN}`,
        body: { customer_email: 'jane@example.com', customer_name: 'Jane' },
      },
    });
  });

  it('--metadata / --unset-metadata: read the session, merge, PATCH the whole object', async () => {
    const r = await update(
      { ...base, metadata: { set: { ref: 'new', n: 2 }, unset: ['gone'] }, output: { json: true } },
      { status: 200, body: CHECKOUT },
      { keep: 'x', ref: 'old', gone: 1 },
    );
    expect(r).toEqual({
      code: 0,
      stdout: `${JSON.stringify(CHECKOUT, null, 2)}\n`,
      stderr: '',
      seen: {
        authorization: `Bearer ${TOKEN}`,
        body: { metadata: { keep: 'x', ref: 'new', n: 2 } },
      },
    });
  });

  it('--replace-metadata: exactly the pairs given, no read', async () => {
    const r = await update(
      {
        ...base,
        metadata: { set: { only: '1' }, replace: true },
        output: { fields: 'id,metadata' },
      },
      { status: 200, body: { ...CHECKOUT, metadata: { only: '1' } } },
    );
    expect(r).toEqual({
      code: 0,
      stdout: `id\t${ID}\nmetadata\t{"only":"1"}\n`,
      stderr: '',
      seen: { authorization: `Bearer ${TOKEN}`, body: { metadata: { only: '1' } } },
    });
  });

  it('a session no longer open: exit 7 with the way forward', async () => {
    const r = await update(
      { ...base, body: { customer_name: 'Jane' } },
      {
        status: 403,
        body: { error: 'NotOpenCheckout', detail: 'Checkout is not open: confirmed' },
      },
    );
    expect(r).toEqual({
      code: 7,
      stdout: '',
      stderr: 'billing: Checkout is not open: confirmed\nOnly an open checkout can change.\n',
      seen: { authorization: `Bearer ${TOKEN}`, body: { customer_name: 'Jane' } },
    });
  });

  it('the read before a merge finds nothing: exit 6, nothing changed', async () => {
    const r = await execute(
      runUpdate,
      { ...base, metadata: { set: { a: '1' } } },
      {
        http: (pool) => pool.intercept({ path: PATH, method: 'GET' }).reply(404, NOT_FOUND, json),
      },
    );
    expect(r).toEqual({ code: 6, stdout: '', stderr: `billing: checkout ${ID} not found\n` });
  });

  it('a 422 names the field', async () => {
    const r = await update(
      { ...base, body: { customer_email: 'nope' } },
      {
        status: 422,
        body: {
          detail: [
            {
              loc: ['body', 'customer_email'],
              msg: 'value is not a valid email address',
              type: 'value_error',
            },
          ],
        },
      },
    );
    expect({ code: r.code, stdout: r.stdout, stderr: r.stderr }).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'billing: the server rejected the request (422)\n' +
        '  customer_email: value is not a valid email address\n',
    });
    expect(r.seen.body).toEqual({ customer_email: 'nope' });
  });
});
