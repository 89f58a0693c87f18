// billing listen against a stream that tries what it should not (issue 23): a second signing
// secret, headers the handler must never get, a message too big to hold, and the service's
// word that it could not resume. Scripted answers -> exact stderr and what the handler got.
import { describe, expect, it } from 'vitest';
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
  SSE,
  STREAM,
} from './stream.js';

const NOW = '2026-11-23T12:00:00.000Z';
const OTHER = 'a-secret-the-stream-swapped-in';
const CHANGED =
  '! the stream announced a different signing secret; events signed with it are refused as untrusted (still checking with the one above)\n';
const untrusted = (e: { id: string; type: string }) =>
  `! ${NOW} ${e.type} ${e.id}: skipped, its signature does not verify (No matching signature found); --skip-verify takes it anyway\n`;

const e1 = event('3a1f0c52-6b8e-4d0f-9c1a-2b3c4d5e6f70', 'order.created');
const e2 = event('7c2e1d43-5a9f-4e1b-8d2c-3e4f5a6b7c81', 'subscription.updated');

describe('listen: the signing secret is the first one the stream announced', () => {
  it('a second connected message with another secret is one warning; its events are refused', async () => {
    const forged = event('9e4a3b21-0c1d-4e2f-8a3b-4c5d6e7f8091', 'order.refunded', {
      secret: OTHER,
    });
    const r = await listened(
      { forward: HOOK, verify: true, json: false },
      {
        stream: (pool) =>
          pool
            .intercept(STREAM)
            .reply(200, connected() + e1.frame + connected(OTHER) + forged.frame + e2.frame, SSE),
        handler: answering(2),
        until: ({ stdout }) => lines(stdout).length === 2,
      },
    );
    expect(r.delivered.map((d) => d.headers['webhook-id'])).toEqual([e1.id, e2.id]);
    expect(r.stderr).toBe(BANNER + FORWARDING + CHANGED + untrusted(forged) + INTERRUPTED);
  });

  it('reconnections announcing the other secret warn once; the same secret again is quiet', async () => {
    const f1 = event('1b2c3d4e-5f60-4a1b-8c2d-3e4f5a6b7c8d', 'order.refunded', { secret: OTHER });
    const f2 = event('2c3d4e5f-6071-4b2c-9d3e-4f5a6b7c8d9e', 'order.refunded', { secret: OTHER });
    const r = await listened(
      { forward: HOOK, verify: true, json: false },
      {
        stream: (pool) => {
          pool.intercept(STREAM).reply(200, connected() + e1.frame, SSE);
          pool.intercept(STREAM).reply(200, connected(OTHER) + f1.frame, SSE);
          pool.intercept(STREAM).reply(200, connected(OTHER) + f2.frame, SSE);
          pool.intercept(STREAM).reply(200, connected() + e2.frame, SSE);
        },
        handler: answering(2),
        until: ({ stdout }) => lines(stdout).length === 2,
      },
    );
    expect(r.delivered.map((d) => d.headers['webhook-id'])).toEqual([e1.id, e2.id]);
    const lost = '! the service ended the event stream; reconnecting…\n';
    const back = '✓ Reconnected after <s>\n';
    expect(r.stderr.replace(/after \d+\.\d s/g, 'after <s>')).toBe(
      BANNER +
        FORWARDING +
        lost +
        CHANGED +
        back +
        untrusted(f1) +
        lost +
        back +
        untrusted(f2) +
        lost +
        back +
        INTERRUPTED,
    );
  });

  it('a forged copy sent first does not make the real event a repeat', async () => {
    const forged = event(e1.id, e1.type, { secret: OTHER, body: '{"type":"order.created"}' });
    const r = await listened(
      { forward: HOOK, verify: true, json: false },
      {
        stream: (pool) =>
          pool.intercept(STREAM).reply(200, connected() + forged.frame + e1.frame, SSE),
        handler: answering(1),
        until: ({ stdout }) => lines(stdout).length === 1,
      },
    );
    expect(r.delivered).toEqual([{ body: e1.body, headers: e1.headers }]);
    expect(r.stderr).toBe(BANNER + FORWARDING + untrusted(forged) + INTERRUPTED);
  });

  it('with --skip-verify the change is said, and the events go on', async () => {
    const swapped = event('9e4a3b21-0c1d-4e2f-8a3b-4c5d6e7f8091', 'order.refunded', {
      secret: OTHER,
    });
    const r = await listened(
      { forward: HOOK, verify: false, json: false },
      {
        stream: (pool) =>
          pool.intercept(STREAM).reply(200, connected() + connected(OTHER) + swapped.frame, SSE),
        handler: answering(1),
        until: ({ stdout }) => lines(stdout).length === 1,
      },
    );
    expect(r.delivered.map((d) => d.headers['webhook-id'])).toEqual([swapped.id]);
    expect(r.stderr).toBe(
      `${BANNER + FORWARDING}Signatures are not checked (--skip-verify)\n` +
        '! the stream announced a different signing secret; with --skip-verify its events are forwarded all the same\n' +
        INTERRUPTED,
    );
  });
});

describe('listen: what reaches the handler of the headers the stream sent', () => {
  const hostile = {
    authorization: 'Bearer polar_pat_fromTheStream',
    cookie: 'session=stolen',
    host: 'evil.test',
    'transfer-encoding': 'chunked',
    'x-forwarded-for': '10.0.0.1',
    connection: 'close',
    'proxy-authorization': 'Basic eA==',
    'x-custom': 'hi',
    'webhook-extra': 'kept',
    'Content-Type': 'application/json; charset=utf-8',
  };

  it('only webhook-*, content-type and user-agent; --debug names the rest', async () => {
    const e = event(e1.id, e1.type, { extraHeaders: hostile });
    const r = await listened(
      { forward: HOOK, verify: true, json: false },
      {
        globals: { debug: true },
        stream: (pool) => pool.intercept(STREAM).reply(200, connected() + e.frame, SSE),
        handler: answering(1),
        until: ({ stdout }) => lines(stdout).length === 1,
      },
    );
    expect(r.delivered).toHaveLength(1);
    expect(r.delivered[0]!.body).toBe(e.body);
    expect(r.delivered[0]!.headers).toEqual({
      ...e.headers,
      'webhook-extra': 'kept',
    });
    expect(r.stderr).toContain(
      '  not forwarded: authorization, cookie, host, transfer-encoding, x-forwarded-for, connection, proxy-authorization, x-custom\n',
    );
  });

  it('without --debug nothing is said of them', async () => {
    const e = event(e1.id, e1.type, { extraHeaders: hostile });
    const r = await listened(
      { forward: HOOK, verify: true, json: false },
      {
        stream: (pool) => pool.intercept(STREAM).reply(200, connected() + e.frame, SSE),
        handler: answering(1),
        until: ({ stdout }) => lines(stdout).length === 1,
      },
    );
    expect(Object.keys(r.delivered[0]!.headers).sort()).toEqual([
      'content-type',
      'user-agent',
      'webhook-extra',
      'webhook-id',
      'webhook-signature',
      'webhook-timestamp',
    ]);
    expect(r.stderr).toBe(BANNER + FORWARDING + INTERRUPTED);
  });
});

describe('listen: a message too large to hold', () => {
  it('over 16 MiB: skipped with one warning saying how big, and listening goes on', async () => {
    const huge = `data: {"key":"webhook.created","pad":"${'x'.repeat(17 * 1024 * 1024)}"}\r\n\r\n`;
    const r = await listened(
      { forward: HOOK, verify: true, json: false },
      {
        stream: (pool) =>
          pool.intercept(STREAM).reply(200, connected() + e1.frame + huge + e2.frame, SSE),
        handler: answering(2),
        until: ({ stdout }) => lines(stdout).length === 2,
      },
    );
    expect(r.delivered.map((d) => d.headers['webhook-id'])).toEqual([e1.id, e2.id]);
    expect(r.stderr).toBe(
      BANNER +
        FORWARDING +
        '! a message of the stream was skipped: it was 17 MiB, over the 16 MiB limit\n' +
        INTERRUPTED,
    );
  });
});

describe('listen: a service that could not resume', () => {
  it('says events may have been missed, in its words made safe, and carries on', async () => {
    const asked: (string | undefined)[] = [];
    const detail = 'event 3a1f0c52 is older than the last 1000 kept\x1b[2J\u202e';
    const r = await listened(
      { forward: HOOK, verify: true, json: false },
      {
        stream: (pool) => {
          pool.intercept(STREAM).reply(200, connected() + e1.frame, SSE);
          pool.intercept(STREAM).reply((req) => {
            asked.push((req.headers as Record<string, string>)['last-event-id']);
            return {
              statusCode: 200,
              data:
                connected() +
                `data: ${JSON.stringify({ key: 'resume_incomplete', detail })}\r\n\r\n` +
                `data: ${JSON.stringify({ key: 'something_new', detail: 'ignored' })}\r\n\r\n` +
                e2.frame,
              responseOptions: SSE,
            };
          });
        },
        handler: answering(2),
        until: ({ stdout }) => lines(stdout).length === 2,
      },
    );
    expect(asked).toEqual([e1.id]);
    expect(r.delivered.map((d) => d.headers['webhook-id'])).toEqual([e1.id, e2.id]);
    expect(r.stderr.replace(/after \d+\.\d s/, 'after <s>')).toBe(
      BANNER +
        FORWARDING +
        '! the service ended the event stream; reconnecting…\n' +
        '✓ Reconnected after <s>\n' +
        '! events may have been missed: event 3a1f0c52 is older than the last 1000 kept\\x1b[2J\\u202e\n' +
        INTERRUPTED,
    );
    expect(r.stderr).not.toContain('\x1b');
  });
});
