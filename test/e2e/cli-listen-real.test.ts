// `billing listen` end to end against the real service's stream, today's generation (API version
// 2026-10) as polarsource/polar builds it at c6c3645e639ee8eeaa05aa0835cf8e39e330382f
// (server/polar/cli/endpoints.py, server/polar/webhook/eventstream.py, server/polar/eventstream/
// endpoints.py; the frames are made by test/cli/commands/listen/real-stream.ts): the built bin
// reads it over real HTTP from a node:http server on a random loopback port, and forwards to a
// receiver on another that checks every request with today's official SDK (@polar-sh/sdk 1.0.1,
// validateEvent) and the organization id without dashes. The bytes received are the inner
// strings exactly, in order, each once; the service's reconnect message leads to a second
// connection without a word on stderr.
import type { ChildProcess } from 'node:child_process';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { webhooks } from 'polar-sdk-1/2026-10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectedMessage,
  frame,
  otherKeyMessage,
  ping,
  RECONNECT_MESSAGE,
  secretOf,
  TRICKY_BODIES,
  webhookMessage,
} from '../cli/commands/listen/real-stream.js';
import { configDirWithFileStorage, spawnBin, tempDir } from './cli.js';

const ORG = '1d9e7c40-2f6b-4b8e-9a51-6c3d2e1f0a9b';
const SECRET = secretOf(ORG);
const TOKEN = 'polar_pat_listenRealStreamTestTokenNeverSentAnywhere000000';

interface Delivery {
  raw: Buffer;
  /** What validateEvent made of it, or why it refused it. */
  verdict: { type: string } | { refused: string };
}

interface Connection {
  headers: IncomingMessage['headers'];
  write(text: string): void;
  end(): void;
}

const deliveries: Delivery[] = [];
const connections: Connection[] = [];
const otherRequests: string[] = [];
const output = { stdout: '', stderr: '', exited: false };

/** Everything a test waits on changes through here: a delivery, a connection, output, the exit. */
const watchers = new Set<() => void>();
const changed = () => {
  for (const w of [...watchers]) w();
};
/** Resolves once `check` holds; rejects with what the CLI said if it exits or stalls first. */
function until(what: string, check: () => boolean, timeoutMs = 15_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (err?: Error) => {
      watchers.delete(w);
      clearTimeout(timer);
      if (err) reject(err);
      else resolve();
    };
    const failed = (why: string) =>
      new Error(`${why} before ${what}:\n${output.stdout}\n${output.stderr}`);
    const w = () => {
      if (check()) done();
      else if (output.exited) done(failed('listen exited'));
    };
    const timer = setTimeout(() => done(failed(`${timeoutMs} ms went by`)), timeoutMs);
    watchers.add(w);
    w();
  });
}

let child: ChildProcess | undefined;
let stream: Server;
let receiver: Server;
let streamUrl = '';
let receiverUrl = '';

function headersOf(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') out[k] = v;
  return out;
}

beforeAll(async () => {
  stream = createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== `/v1/cli/listen/${ORG}`) {
      otherRequests.push(`${req.method} ${req.url}`);
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"detail":"Not Found"}');
      return;
    }
    // As sse_starlette answers (the real service adds no id lines and no retry field).
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
    });
    res.write(frame(connectedMessage(ORG)));
    connections.push({ headers: req.headers, write: (t) => res.write(t), end: () => res.end() });
    changed();
  });
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const raw = Buffer.concat(chunks);
      let verdict: Delivery['verdict'];
      try {
        verdict = await webhooks.validateEvent(raw, headersOf(req), SECRET);
      } catch (err) {
        verdict = { refused: String(err) };
      }
      deliveries.push({ raw, verdict });
      changed();
      res.writeHead('refused' in verdict ? 400 : 202).end();
    });
  });
  for (const s of [stream, receiver]) {
    await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  }
  streamUrl = `http://127.0.0.1:${(stream.address() as AddressInfo).port}`;
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks`;
});

afterAll(async () => {
  // A run that failed half-way must not outlive the suite.
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const s of [stream, receiver]) {
    s.closeAllConnections();
    await new Promise((resolve) => s.close(resolve));
  }
});

describe('billing listen against the real service stream (generation 2026-10)', () => {
  it('delivers each body exactly as the inner string, verified by the SDK, in order, once; follows the reconnect message quietly', async () => {
    const first = TRICKY_BODIES.map((body) => webhookMessage(ORG, body));
    const second = TRICKY_BODIES.slice(0, 2).map((body) => webhookMessage(ORG, body));
    const all = [...first, ...second];
    const run = spawnBin(
      ['listen', receiverUrl, '--org', ORG],
      {
        HOME: tempDir('billing-home-'),
        BILLING_BASE_URL: streamUrl,
        BILLING_TOKEN: TOKEN,
        BILLING_CONFIG_DIR: configDirWithFileStorage(),
      },
      undefined,
      (c) => {
        child = c;
        for (const name of ['stdout', 'stderr'] as const) {
          c[name]!.on('data', (d: string) => {
            output[name] += d;
            changed();
          });
        }
        c.on('close', () => {
          output.exited = true;
          changed();
        });
      },
    );

    await until('the first connection', () => connections.length === 1);
    const [e1, e2, e3] = first as [(typeof all)[0], (typeof all)[0], (typeof all)[0]];
    connections[0]!.write(
      ping() +
        frame(e1.message) +
        frame(otherKeyMessage()) +
        frame(e2.message) +
        ping() +
        frame(e3.message),
    );
    await until('the first deliveries', () => deliveries.length === first.length);
    // The connection has lived its time: the service says so and closes it.
    connections[0]!.write(frame(RECONNECT_MESSAGE));
    connections[0]!.end();

    await until('the second connection', () => connections.length === 2);
    connections[1]!.write(second.map((e) => frame(e.message)).join(''));
    await until('a line per event', () => output.stdout.split('\n').length > all.length);
    child!.kill('SIGINT');
    const r = await run;

    expect(deliveries.map((d) => d.verdict)).toEqual(
      all.map((e) => expect.objectContaining({ type: e.type })),
    );
    expect(deliveries.map((d) => d.raw.toString('hex'))).toEqual(
      all.map((e) => Buffer.from(e.body, 'utf8').toString('hex')),
    );
    // The stream gives no SSE ids: nothing to resume after.
    expect(connections.map((c) => c.headers['last-event-id'])).toEqual([undefined, undefined]);
    for (const c of connections) expect(c.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(otherRequests).toEqual([]);
    expect(
      r.stdout
        .trimEnd()
        .split('\n')
        .map((l) => l.split('\t').slice(1, 4)),
    ).toEqual(all.map((e) => [e.type, e.headers['webhook-id'], '202']));
    expect(r.stderr).toBe(
      `Listening to the events of organization ${ORG} (Ctrl+C to stop)\n` +
        `Signing secret: ${SECRET}\n` +
        `Forwarding each event to ${receiverUrl}\n` +
        'billing: interrupted\n',
    );
    expect(r.code).toBe(130);
  }, 30_000);
});
