// billing listen: argv -> options (or the exact usage error); options + the scripted stream and
// handler -> exact stdout, stderr, exit code and what the handler received.
import { stripVTControlCharacters } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VALUES } from '../../../../src/api/generation.js';
import { buildListen } from '../../../../src/cli/commands/listen/listen.js';
import { COLOR_ENV } from '../../io/fake-stream.js';
import { orgRequired, twoOrganizations } from '../fixtures.js';
import { ID, ORG, parse, TOKEN, TOKEN_REJECTED } from '../verb.js';
import {
  answering,
  BANNER,
  connected,
  event,
  FORWARDING,
  HOOK,
  INTERRUPTED,
  lines,
  listened,
  SECRET,
  SSE,
  STREAM,
} from './stream.js';

const NOW = '2026-11-23T12:00:00.000Z';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('listen: argv -> options', () => {
  it.each([
    [[HOOK], { forward: HOOK, verify: true, json: false }],
    [
      ['https://example.com/hooks?x=1'],
      { forward: 'https://example.com/hooks?x=1', verify: true, json: false },
    ],
    [['--json'], { verify: true, json: true }],
    [['-o', 'ndjson'], { verify: true, json: true }],
    [[HOOK, '--json', '--skip-verify'], { forward: HOOK, verify: false, json: true }],
    [
      [HOOK, '--events', 'subscription.revoked,order.created', '--events', 'order.created'],
      {
        forward: HOOK,
        events: ['order.created', 'subscription.revoked'],
        verify: true,
        json: false,
      },
    ],
    [
      [HOOK, '--events', 'all'],
      // all: no filter, whatever types the service has.
      { forward: HOOK, verify: true, json: false },
    ],
    [[HOOK, '--org', ORG.toUpperCase()], { forward: HOOK, org: ORG, verify: true, json: false }],
  ])('%j', async (argv, options) => {
    expect(await parse(buildListen, 'listen', argv)).toEqual({ options, code: 0, stderr: '' });
  });

  it.each([
    [
      [],
      'billing: a forward URL is required, or --json to print the events\n' +
        'e.g. billing listen http://localhost:3000/webhooks, or billing listen -o ndjson\n',
    ],
    [['ftp://localhost/hooks'], 'billing: forward-url: must be an http or https URL, got ftp:\n'],
    [['localhost:3000'], 'billing: forward-url: must be an http or https URL, got localhost:\n'],
    [['not a url'], 'billing: forward-url: "not a url" is not a URL\n'],
    [
      [HOOK, '--events', 'order.shipped'],
      `billing: --events: "order.shipped" is not an event type; valid: ${VALUES.webhookEventType.join(', ')}, all\n`,
    ],
    [[HOOK, '--org', 'acme'], 'billing: --org: "acme" is not a UUID\n'],
    [
      ['-o', 'json'],
      "billing: option '-o, --output <format>' argument 'json' is invalid. Allowed choices are ndjson.\n",
    ],
  ])('%j -> usage error, nothing sent', async (argv, stderr) => {
    expect(await parse(buildListen, 'listen', argv)).toEqual({ code: 2, stderr });
  });
});

describe('listen: forwarding', () => {
  const e1 = event('3a1f0c52-6b8e-4d0f-9c1a-2b3c4d5e6f70', 'order.created');
  const e2 = event('7c2e1d43-5a9f-4e1b-8d2c-3e4f5a6b7c81', 'subscription.updated');

  it('POSTs each body as signed with its signed headers; one line each on stdout; Ctrl+C is 130', async () => {
    let seen: Record<string, string> = {};
    const r = await listened(
      { forward: HOOK, verify: true, json: false },
      {
        stream: (pool) =>
          pool.intercept(STREAM).reply((req) => {
            seen = req.headers as Record<string, string>;
            return {
              statusCode: 200,
              data: `${connected()}${e1.frame}: ping\r\n\r\n${e2.frame}`,
              responseOptions: SSE,
            };
          }),
        handler: answering(2),
        until: ({ stdout }) => lines(stdout).length === 2,
      },
    );
    expect(seen).toMatchObject({ authorization: `Bearer ${TOKEN}`, accept: 'text/event-stream' });
    expect(seen['last-event-id']).toBeUndefined();
    expect(r.delivered).toEqual([
      { body: e1.body, headers: expect.objectContaining(e1.headers) },
      { body: e2.body, headers: expect.objectContaining(e2.headers) },
    ]);
    expect(lines(r.stdout).map((l) => l.replace(/\t\d+$/, '\t<ms>'))).toEqual([
      `${NOW}\torder.created\t${e1.id}\t200\t<ms>`,
      `${NOW}\tsubscription.updated\t${e2.id}\t200\t<ms>`,
    ]);
    expect(r).toMatchObject({ code: 130, stderr: BANNER + FORWARDING + INTERRUPTED });
  });

  it('keeps the signed bytes: escapes and number forms reach the handler and stdout as sent', async () => {
    const body =
      '{"type":"order.created","timestamp":"2026-11-23T12:00:00Z","data":{"id":"x","name":"Ren\\u00e9e","amount":1.0,"big":12345678901234567891}}';
    const e = event(ID, 'order.created', { body });
    const r = await listened(
      { forward: HOOK, verify: true, json: true },
      {
        stream: (pool) => pool.intercept(STREAM).reply(200, connected() + e.frame, SSE),
        handler: answering(1),
        until: ({ delivered }) => delivered.length === 1,
      },
    );
    expect(r.delivered.map((d) => d.body)).toEqual([body]);
    expect(r.stdout).toBe(`${body}\n`);
    expect(r.stderr).toBe(
      `${BANNER + FORWARDING}Printing each event on stdout as a JSON line\n${INTERRUPTED}`,
    );
  });

  it('--json without a URL: each event as one JSON line, even one the server laid out on several', async () => {
    const pretty = event(ID, 'product.updated', {
      body: '{\n  "type": "product.updated",\n  "timestamp": "2026-11-23T12:00:00Z",\n  "data": {"id": "p"}\n}',
    });
    const r = await listened(
      { verify: true, json: true },
      {
        stream: (pool) =>
          pool.intercept(STREAM).reply(200, connected() + e1.frame + pretty.frame, SSE),
        until: ({ stdout }) => lines(stdout).length === 2,
      },
    );
    expect(lines(r.stdout).map((l) => JSON.parse(l))).toEqual([
      JSON.parse(e1.body),
      JSON.parse(pretty.body),
    ]);
    expect(lines(r.stdout)[1]).toBe(
      '{"type":"product.updated","timestamp":"2026-11-23T12:00:00Z","data":{"id":"p"}}',
    );
    expect(r.code).toBe(130);
  });

  it('--events: only those types are forwarded and printed', async () => {
    const e3 = event('9e4a3b21-0c1d-4e2f-8a3b-4c5d6e7f8091', 'order.created');
    const r = await listened(
      { forward: HOOK, events: ['order.created'], verify: true, json: false },
      {
        stream: (pool) =>
          pool.intercept(STREAM).reply(200, connected() + e1.frame + e2.frame + e3.frame, SSE),
        handler: answering(2),
        until: ({ stdout }) => lines(stdout).length === 2,
      },
    );
    expect(r.delivered.map((d) => d.headers['webhook-id'])).toEqual([e1.id, e3.id]);
    expect(r.stderr).toBe(`${BANNER + FORWARDING}Only these events: order.created\n${INTERRUPTED}`);
  });

  it('a handler that answers 500 or is down is one warning per event on stderr, and listening goes on', async () => {
    const e3 = event('9e4a3b21-0c1d-4e2f-8a3b-4c5d6e7f8091', 'order.created');
    const r = await listened(
      { forward: HOOK, verify: true, json: false },
      {
        stream: (pool) =>
          pool.intercept(STREAM).reply(200, connected() + e1.frame + e2.frame + e3.frame, SSE),
        handler: (pool, delivered) => {
          answering(1, 500)(pool, delivered);
          pool.refuse();
          answering(1)(pool, delivered);
        },
        until: ({ stdout }) => lines(stdout).length === 1,
      },
    );
    expect(r.stdout.replace(/\t\d+\n$/, '\t<ms>\n')).toBe(
      `${NOW}\torder.created\t${e3.id}\t200\t<ms>\n`,
    );
    expect(r.stderr.replace(/\(\d+ ms\)/, '(<ms>)')).toBe(
      BANNER +
        FORWARDING +
        `! ${NOW} order.created ${e1.id}: the handler answered 500 Internal Server Error (<ms>)\n` +
        `! ${NOW} subscription.updated ${e2.id}: not delivered to ${HOOK} (connection refused)\n` +
        INTERRUPTED,
    );
    expect(r.code).toBe(130);
  });

  it('on a terminal: the time of day, the type aligned, the status in colour', async () => {
    vi.stubEnv('TERM', COLOR_ENV.TERM);
    for (const name of ['NO_COLOR', 'FORCE_COLOR', 'NODE_DISABLE_COLORS', 'CI'] as const) {
      vi.stubEnv(name, undefined);
    }
    const r = await listened(
      { forward: HOOK, verify: true, json: false },
      {
        tty: true,
        stream: (pool) => pool.intercept(STREAM).reply(200, connected() + e1.frame, SSE),
        handler: answering(1),
        until: ({ stdout }) => lines(stdout).length === 1,
      },
    );
    const time = new Date(NOW).toTimeString().slice(0, 8);
    expect(r.stdout.replace(/ \d+ ms\n$/, ' <ms> ms\n')).toBe(
      `${time}  ${'order.created'.padEnd(23)}  ${e1.id}  \x1b[32m200\x1b[39m  <ms> ms\n`,
    );
    expect(stripVTControlCharacters(r.stderr)).toBe(BANNER + FORWARDING + INTERRUPTED);
  });
});

describe('listen: --debug and a reader that goes away', () => {
  const e1 = event('3a1f0c52-6b8e-4d0f-9c1a-2b3c4d5e6f70', 'order.created');
  const e2 = event('7c2e1d43-5a9f-4e1b-8d2c-3e4f5a6b7c81', 'subscription.updated');

  it('--debug traces the stream (token redacted), each chunk of it, and each delivery', async () => {
    const r = await listened(
      { forward: HOOK, verify: true, json: false },
      {
        globals: { debug: true },
        stream: (pool) => pool.intercept(STREAM).reply(200, connected() + e1.frame, SSE),
        handler: answering(1),
        until: ({ stdout }) => lines(stdout).length === 1,
      },
    );
    const trace = lines(r.stderr).filter((l) => /^[→←✗]/.test(l));
    expect(trace.slice(0, 4)).toEqual([
      `→ GET https://api.billing.test/v1/cli/listen/${ORG}`,
      '→ Polar-Version: 2026-10',
      '→ Authorization: Bearer [REDACTED]',
      expect.stringMatching(
        new RegExp(`^← 200 GET https://api\\.billing\\.test/v1/cli/listen/${ORG} \\d+ms$`),
      ),
    ]);
    expect(r.stderr).toContain(`"secret":"${SECRET}"`);
    expect(r.stderr).toContain(`→ POST ${HOOK} (event ${e1.id}, order.created)`);
    expect(r.stderr).toMatch(
      new RegExp(`← 200 POST ${HOOK.replaceAll('.', '\\.')} \\d+ms\n← ok\n`),
    );
    expect(r.stderr).not.toContain(TOKEN);
  });

  it('stops quietly once nobody reads stdout (| head -1)', async () => {
    const r = await listened(
      { verify: true, json: true },
      {
        stdoutReadFor: 1,
        stream: (pool) => pool.intercept(STREAM).reply(200, connected() + e1.frame + e2.frame, SSE),
        until: () => false,
      },
    );
    expect(r).toMatchObject({ code: 0, stdout: `${e1.body}\n` });
  });
});

describe('listen: signatures', () => {
  it('an event that does not verify against the stream secret is skipped with a warning', async () => {
    const forged = event('3a1f0c52-6b8e-4d0f-9c1a-2b3c4d5e6f70', 'order.created', {
      secret: 'someone-else',
    });
    const good = event('7c2e1d43-5a9f-4e1b-8d2c-3e4f5a6b7c81', 'order.created');
    const r = await listened(
      { forward: HOOK, verify: true, json: false },
      {
        stream: (pool) =>
          pool.intercept(STREAM).reply(200, connected() + forged.frame + good.frame, SSE),
        handler: answering(1),
        until: ({ stdout }) => lines(stdout).length === 1,
      },
    );
    expect(r.delivered.map((d) => d.headers['webhook-id'])).toEqual([good.id]);
    expect(r.stderr).toBe(
      BANNER +
        FORWARDING +
        `! ${NOW} order.created ${forged.id}: skipped, its signature does not verify (No matching signature found); --skip-verify takes it anyway\n` +
        INTERRUPTED,
    );
  });

  it('--skip-verify forwards it all the same', async () => {
    const forged = event(ID, 'order.created', { secret: 'someone-else' });
    const r = await listened(
      { forward: HOOK, verify: false, json: false },
      {
        stream: (pool) => pool.intercept(STREAM).reply(200, connected() + forged.frame, SSE),
        handler: answering(1),
        until: ({ stdout }) => lines(stdout).length === 1,
      },
    );
    expect(r.delivered).toEqual([
      { body: forged.body, headers: expect.objectContaining(forged.headers) },
    ]);
    expect(r.stderr).toBe(
      `${BANNER + FORWARDING}Signatures are not checked (--skip-verify)\n${INTERRUPTED}`,
    );
  });
});

describe('listen: reconnecting', () => {
  const e1 = event('3a1f0c52-6b8e-4d0f-9c1a-2b3c4d5e6f70', 'order.created');
  const e2 = event('7c2e1d43-5a9f-4e1b-8d2c-3e4f5a6b7c81', 'subscription.updated');
  const e3 = event('9e4a3b21-0c1d-4e2f-8a3b-4c5d6e7f8091', 'subscription.canceled');

  it('after the service ends the stream: resumes after the last event, says so once, hands nothing on twice', async () => {
    const asked: (string | undefined)[] = [];
    const r = await listened(
      { forward: HOOK, verify: true, json: false },
      {
        stream: (pool) => {
          pool.intercept(STREAM).reply((req) => {
            asked.push((req.headers as Record<string, string>)['last-event-id']);
            return {
              statusCode: 200,
              data: connected() + e1.frame + e2.frame,
              responseOptions: SSE,
            };
          });
          // Down for a while: refused, then a 503.
          pool.refuse();
          pool.intercept(STREAM).reply(503, { detail: 'restarting' });
          pool.intercept(STREAM).reply((req) => {
            asked.push((req.headers as Record<string, string>)['last-event-id']);
            // The service replays from its outbox: e2 again, then what was missed.
            return {
              statusCode: 200,
              data: connected() + e2.frame + e3.frame,
              responseOptions: SSE,
            };
          });
        },
        handler: answering(3),
        until: ({ stdout }) => lines(stdout).length === 3,
      },
    );
    expect(asked).toEqual([undefined, e2.id]);
    expect(r.delivered.map((d) => d.headers['webhook-id'])).toEqual([e1.id, e2.id, e3.id]);
    expect(lines(r.stdout).map((l) => l.split('\t')[2])).toEqual([e1.id, e2.id, e3.id]);
    expect(r.stderr.replace(/after \d+\.\d s/, 'after <s>')).toBe(
      BANNER +
        FORWARDING +
        '! the service ended the event stream; reconnecting…\n' +
        '✓ Reconnected after <s>\n' +
        INTERRUPTED,
    );
  });

  it('without SSE ids, by the message ids alone', async () => {
    const bare = [e1, e2, e3].map((e) => event(e.id, e.type, { sseId: false }));
    const r = await listened(
      { verify: true, json: true },
      {
        stream: (pool) => {
          pool.intercept(STREAM).reply(200, connected() + bare[0]!.frame + bare[1]!.frame, SSE);
          pool
            .intercept(STREAM)
            .reply(200, connected() + bare[0]!.frame + bare[1]!.frame + bare[2]!.frame, SSE);
        },
        until: ({ stdout }) => lines(stdout).length === 3,
      },
    );
    expect(lines(r.stdout).map((l) => JSON.parse(l).data.id)).toEqual([e1.id, e2.id, e3.id]);
  });

  it('a token rejected on reconnecting ends it with exit 4', async () => {
    const r = await listened(
      { verify: true, json: true },
      {
        stream: (pool) => {
          pool.intercept(STREAM).reply(200, connected() + e1.frame, SSE);
          pool
            .intercept(STREAM)
            .reply(401, { error: 'invalid_token', error_description: 'revoked' });
        },
        until: () => false,
      },
    );
    expect(r).toMatchObject({
      code: 4,
      stdout: `${e1.body}\n`,
      stderr: `${BANNER}Printing each event on stdout as a JSON line\n! the service ended the event stream; reconnecting…\n${TOKEN_REJECTED}`,
    });
  });
});

describe('listen: refusals', () => {
  const run = (stream: Parameters<typeof listened>[1]['stream'], env = {}) =>
    listened({ verify: true, json: true }, { stream, env, until: () => false });

  it('a rejected token: exit 4', async () => {
    const r = await run((pool) =>
      pool.intercept(STREAM).reply(401, { error: 'invalid_token', error_description: 'expired' }),
    );
    expect(r).toMatchObject({ code: 4, stdout: '', stderr: TOKEN_REJECTED });
  });

  it('a token without webhooks:read: exit 5', async () => {
    const r = await run((pool) =>
      pool.intercept(STREAM).reply(403, {
        error: 'insufficient_scope',
        error_description: 'The access token does not have the required scope.',
      }),
    );
    expect(r.code).toBe(5);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^billing: .*scope/);
  });

  it('an organization the token cannot see: exit 6', async () => {
    const r = await run((pool) =>
      pool.intercept(STREAM).reply(404, { error: 'ResourceNotFound', detail: 'Not found' }),
    );
    expect(r).toMatchObject({ code: 6, stderr: `billing: organization ${ORG} not found\n` });
  });

  it('a service that cannot be reached at the start: exit 3, no retrying for ever', async () => {
    const r = await run((pool) => pool.refuse());
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(
      /^billing: cannot reach https:\/\/api\.billing\.test \(connection refused\)\n/,
    );
  });

  it('no organization given and none by default: a usage error, nothing sent', async () => {
    const r = await run(twoOrganizations, { BILLING_ORG: undefined });
    expect(r).toMatchObject({ code: 2, stderr: orgRequired('listen') });
  });

  it('--org wins over the profile organization', async () => {
    const other = '5f0c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f';
    const r = await listened(
      { org: other, verify: true, json: true },
      {
        stream: (pool) =>
          pool
            .intercept({ path: `/v1/cli/listen/${other}`, method: 'GET' })
            .reply(404, { error: 'ResourceNotFound', detail: 'Not found' }),
        until: () => false,
      },
    );
    expect(r).toMatchObject({ code: 6, stderr: `billing: organization ${other} not found\n` });
  });
});
