// What the listen suites share: the CLI event stream's messages as issue 16 gives them (written
// here from its shapes, not by the service's code), signed with Standard Webhooks, and a run of
// `billing listen` against scripted answers that ends like a Ctrl+C once the output says so.
import { CommanderError } from 'commander';
import { Webhook } from 'standardwebhooks';
import type { Connect } from '../../../../src/api/transport.js';
import type { ListenOptions } from '../../../../src/cli/commands/listen/listen.js';
import { runListen } from '../../../../src/cli/commands/listen/listen.js';
import { Context, type GlobalOptions } from '../../../../src/cli/context.js';
import { report } from '../../../../src/cli/main.js';
import { Capture, stdinOf, tempConfigDir } from '../../../helpers/cli.js';
import { type ScriptedHost, ScriptedServer, type Seen } from '../../../helpers/http.js';
import { BASE, ORG, TOKEN } from '../verb.js';

/** The stream's secret for ORG: its id without dashes, as the real service derives it. */
export const SECRET = ORG.replaceAll('-', '');
export const HANDLER = 'http://handler.test';
export const HOOK = `${HANDLER}/webhooks`;
export const STREAM = { path: `/v1/cli/listen/${ORG}`, method: 'GET' } as const;

/** What a run prints first, and last when it is interrupted. */
export const BANNER =
  `Listening to the events of organization ${ORG} (Ctrl+C to stop)\n` +
  `Signing secret: ${SECRET}\n`;
export const FORWARDING = `Forwarding each event to ${HOOK}\n`;
export const INTERRUPTED = 'billing: interrupted\n';

/** Waits as short as can be: a test never sits out a real backoff. */
export const FAST = { backoff: { baseDelayMs: 1, maxDelayMs: 2 }, random: () => 0.5 };

export interface TestEvent {
  id: string;
  type: string;
  /** The body as signed. */
  body: string;
  headers: Record<string, string>;
  /** The SSE frame that carries it. */
  frame: string;
}

export function connected(secret = SECRET): string {
  return `data: ${JSON.stringify({ key: 'connected', ts: '2026-11-23 12:00:00.000000+00:00', secret })}\r\n\r\n`;
}

/** One event, signed now (the verifier allows five minutes) with `secret`. */
export function event(
  id: string,
  type: string,
  opts: {
    body?: string;
    secret?: string;
    sseId?: boolean;
    /** Sent with the signed headers in the message (a hostile stream's extras). */
    extraHeaders?: Record<string, string>;
  } = {},
): TestEvent {
  const body =
    opts.body ?? JSON.stringify({ type, timestamp: '2026-11-23T12:00:00Z', data: { id } });
  const at = new Date();
  const key = Buffer.from(opts.secret ?? SECRET, 'utf8');
  const headers = {
    'user-agent': 'polar.sh webhooks',
    'content-type': 'application/json',
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(key, { format: 'raw' }).sign(id, at, body),
  };
  const sent = { ...opts.extraHeaders, ...headers };
  const data = `{"id":${JSON.stringify(id)},"key":"webhook.created","payload":{"webhook_event_id":${JSON.stringify(id)},"payload":${body}},"headers":${JSON.stringify(sent)}}`;
  // A body laid out on several lines takes one data field per line.
  const fields = data
    .split('\n')
    .map((line) => `data: ${line}\r\n`)
    .join('');
  const frame = `${opts.sseId === false ? '' : `id: ${id}\r\n`}${fields}\r\n`;
  return { id, type, body, headers, frame };
}

export const SSE = { headers: { 'content-type': 'text/event-stream; charset=utf-8' } };

export interface Delivered {
  body: string;
  headers: Record<string, string>;
}

export interface Listened {
  code: number;
  stdout: string;
  stderr: string;
  /** What the handler received, in order. */
  delivered: Delivered[];
}

/** What a run has said so far, and what the handler has received. */
export interface SoFar {
  stdout: string;
  stderr: string;
  delivered: Delivered[];
}

export interface ListenSetup {
  env?: Record<string, string | undefined>;
  tty?: boolean;
  /** Scripts the stream's answers (on BASE). */
  stream: (pool: ScriptedHost) => void;
  /** Scripts the handler's answers (on HANDLER); default: 200 to each POST /webhooks. */
  handler?: (pool: ScriptedHost, delivered: Delivered[]) => void;
  /** Ctrl+C once this holds of the output and deliveries so far. */
  until: (so: SoFar) => boolean;
  globals?: GlobalOptions;
  /** The reader of stdout goes away (`| head`) after this many writes: EPIPE from then on. */
  stdoutReadFor?: number;
}

/**
 * The headers of a delivery the CLI chose to send: without the framing HTTP/1.1 adds (host,
 * connection, content-length) when it is the transport's own, so a forwarded one still shows.
 */
function forwardedHeaders(req: Seen): Record<string, string> {
  const { host, connection, 'content-length': length, ...rest } = req.headers;
  const framing = {
    host: host === new URL(HANDLER).host ? undefined : host,
    connection: connection === 'keep-alive' ? undefined : connection,
    'content-length': length === String(Buffer.byteLength(req.body ?? '')) ? undefined : length,
  };
  const kept = Object.entries(framing).filter(([, v]) => v !== undefined);
  return { ...rest, ...Object.fromEntries(kept) } as Record<string, string>;
}

/** Answers `count` deliveries with `status`, recording them. */
export function answering(count: number, status = 200) {
  return (pool: ScriptedHost, delivered: Delivered[]) => {
    pool
      .intercept({ path: '/webhooks', method: 'POST' })
      .reply((req) => {
        delivered.push({ body: String(req.body), headers: forwardedHeaders(req) });
        return { statusCode: status, data: 'ok' };
      })
      .times(count);
  };
}

/** runListen(options) against the scripted stream and handler, as main() would report it. */
export async function listened(options: ListenOptions, setup: ListenSetup): Promise<Listened> {
  const server = await ScriptedServer.start();
  setup.stream(server.host(BASE));
  const delivered: Delivered[] = [];
  (setup.handler ?? (() => {}))(server.host(HANDLER), delivered);
  try {
    const r = await running(options, {
      ...setup,
      until: (out) => setup.until({ ...out, delivered }),
      connect: server.connect,
      // A delivery is news too: with --json nothing is printed after it.
      watch: (check) => {
        server.onAnswered = check;
      },
    });
    // Not every request: a run reconnects until it is stopped, past what was scripted.
    server.assertNoPendingInterceptors();
    return { ...r, delivered };
  } finally {
    await server.close();
  }
}

/**
 * runListen(options) as the process runs it: without `connect`, over real connections to
 * `env`'s BILLING_BASE_URL and the handler. Ctrl+C once `until` holds.
 */
export async function running(
  options: ListenOptions,
  setup: Pick<ListenSetup, 'env' | 'tty' | 'globals' | 'stdoutReadFor'> & {
    until: (out: Omit<SoFar, 'delivered'>) => boolean;
    connect?: Connect;
    /** Takes the check of `until`, to run it on news other than output. */
    watch?: (check: () => void) => void;
  },
): Promise<Omit<Listened, 'delivered'>> {
  const abort = new AbortController();
  let late = false;
  // A run that never gets there would otherwise reconnect until the test's own timeout.
  const deadline = setTimeout(() => {
    late = true;
    abort.abort('SIGINT');
  }, 8000);
  const check = () => {
    if (!abort.signal.aborted && setup.until({ stdout: stdout.text, stderr: stderr.text })) {
      abort.abort('SIGINT');
    }
  };
  setup.watch?.(check);
  class Watched extends Capture {
    constructor(
      tty: boolean | undefined,
      private readonly readFor = Number.POSITIVE_INFINITY,
    ) {
      super(tty);
    }
    override write(chunk: string): boolean {
      if (this.chunks.length >= this.readFor) {
        throw Object.assign(new Error('write EPIPE'), { code: 'EPIPE' });
      }
      super.write(chunk);
      check();
      return true;
    }
  }
  const stdout = new Watched(setup.tty, setup.stdoutReadFor);
  const stderr = new Watched(setup.tty);
  const env = {
    io: { stdout, stderr, stdin: stdinOf([], { end: true }) },
    env: { BILLING_BASE_URL: BASE, BILLING_TOKEN: TOKEN, BILLING_ORG: ORG, ...setup.env },
    configDir: tempConfigDir(),
    now: () => new Date('2026-11-23T12:00:00Z'),
    openBrowser: async () => {},
    signal: abort.signal,
    ...(setup.connect ? { connect: setup.connect } : {}),
  };
  const ctx = new Context(env);
  ctx.globals = setup.globals ?? {};
  let code = 0;
  try {
    await runListen({ timing: FAST, ...options }, ctx);
  } catch (err) {
    code = report(err, env, false, CommanderError);
  } finally {
    clearTimeout(deadline);
    await ctx.close();
  }
  if (late) {
    throw new Error(`listen never got there; stdout:\n${stdout.text}\nstderr:\n${stderr.text}`);
  }
  return { code, stdout: stdout.text, stderr: stderr.text };
}

/** Lines of text, the last one ended. */
export function lines(text: string): string[] {
  return text === '' ? [] : text.replace(/\n$/, '').split('\n');
}
