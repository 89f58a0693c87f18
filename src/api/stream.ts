// One long-lived GET whose answer keeps coming (Server-Sent Events): the --debug trace of the
// request and of every chunk, the answer's headers within the request timeout, and the body as
// it arrives with an idle limit (heartbeats keep a live stream from reaching it). A broken or
// silent stream surfaces as a NetworkError the caller can reconnect after.
import { NetworkError } from '../errors.js';
import { classifyConnectionError } from './retry.js';
import {
  type Answer,
  type Opened as Answered,
  type Body,
  readBody,
  type Transport,
} from './transport.js';

export interface StreamExchange {
  transport: Transport;
  url: URL;
  headers: Record<string, string>;
  connectTimeoutMs: number;
  headersTimeoutMs: number;
  idleTimeoutMs: number;
  /** An error answer larger than this is not read. */
  maxErrorBytes: number;
  signals: AbortSignal[];
  trace: (line: string) => void;
}

export type Opened = { body: AsyncIterable<Buffer> } | { answer: Answer };

/** The body of a 2xx answer, or any other answer read whole; throws what the transport threw. */
export async function openStream(x: StreamExchange): Promise<Opened> {
  const { url, trace } = x;
  trace(`→ GET ${url.href}`);
  if (x.headers['polar-version']) trace(`→ Polar-Version: ${x.headers['polar-version']}`);
  if (x.headers.authorization) trace(`→ Authorization: ${x.headers.authorization}`);
  if (x.headers['last-event-id']) trace(`→ Last-Event-ID: ${x.headers['last-event-id']}`);
  const started = performance.now();
  const elapsed = () => `${Math.round(performance.now() - started)}ms`;
  const signal = AbortSignal.any(x.signals);
  let res: Answered;
  try {
    res = await x.transport.open({
      method: 'GET',
      url,
      headers: x.headers,
      connectTimeoutMs: x.connectTimeoutMs,
      timeoutMs: x.headersTimeoutMs,
      idleTimeoutMs: x.idleTimeoutMs,
      signals: [signal],
    });
  } catch (err) {
    trace(`✗ GET ${url.href} ${err instanceof Error ? err.message : String(err)} ${elapsed()}`);
    throw err;
  }
  const { status, body } = res;
  trace(`← ${status} GET ${url.href} ${elapsed()}`);
  if (status >= 200 && status < 300) return { body: traced(body, x, signal) };
  const text = await readBody(body, res.headers['content-length'], x.maxErrorBytes, status);
  if (text !== '') trace(`← ${text}`);
  return { answer: { status, headers: res.headers, text } };
}

async function* traced(body: Body, x: StreamExchange, signal: AbortSignal) {
  try {
    for await (const chunk of body) {
      x.trace(`← ${chunk.toString('utf8').replace(/\r\n?/g, '\n').trimEnd()}`);
      yield chunk;
    }
    x.trace(`✗ GET ${x.url.href}: the server ended the stream`);
  } catch (err) {
    if (signal.aborted) throw err;
    const failure = classifyConnectionError(err, x.idleTimeoutMs);
    x.trace(`✗ GET ${x.url.href} ${failure.cause}`);
    const silent = failure.cause.startsWith('timed out');
    throw new NetworkError(
      silent
        ? `the event stream from ${x.url.origin} went silent (nothing for ${Math.round(x.idleTimeoutMs / 1000)}s)`
        : `lost the event stream from ${x.url.origin} (${failure.cause})`,
      { cause: err },
    );
  } finally {
    // Stopped early (Ctrl+C, an error while handling an event): let the connection go.
    body.destroy();
  }
}
