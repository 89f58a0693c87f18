// Requests through undici: with the dispatcher a test injects (a MockAgent), or behind the
// proxy the environment names (HTTPS_PROXY / HTTP_PROXY / NO_PROXY, either case). Loaded only
// then: the plain case goes over node:http (transport.ts).
import { Agent, type Dispatcher, EnvHttpProxyAgent } from 'undici';
import {
  type Answer,
  type Env,
  type Exchange,
  readBody,
  type Transport,
  traced,
} from './transport.js';

/** A keep-alive pool; behind EnvHttpProxyAgent only when the environment names a proxy. */
export function createDispatcher(env: Env, connectTimeoutMs: number, requestTimeoutMs: number) {
  const options = {
    connect: { timeout: connectTimeoutMs },
    headersTimeout: requestTimeoutMs,
    bodyTimeout: requestTimeoutMs,
    keepAliveTimeout: 10_000,
  };
  const httpProxy = env.http_proxy ?? env.HTTP_PROXY ?? '';
  const httpsProxy = env.https_proxy ?? env.HTTPS_PROXY ?? '';
  if (!httpProxy && !httpsProxy) return new Agent(options);
  // Empty strings, not undefined: undici would otherwise fall back to process.env.
  const noProxy = env.no_proxy ?? env.NO_PROXY ?? '';
  return new EnvHttpProxyAgent({ ...options, httpProxy, httpsProxy, noProxy });
}

export class UndiciTransport implements Transport {
  /** `own`: made here, so closed here; an injected dispatcher belongs to its owner. */
  constructor(
    private readonly dispatcher: Dispatcher,
    private readonly own: boolean,
  ) {}

  send(x: Exchange): Promise<Answer> {
    return traced(x, async (signal) => {
      const res = await this.dispatcher.request({
        origin: x.url.origin,
        path: x.url.pathname + x.url.search,
        method: x.method as Dispatcher.HttpMethod,
        headers: x.headers,
        body: x.body,
        signal,
      });
      const text = await readBody(
        res.body as unknown as AsyncIterable<Buffer> & { destroy(): void },
        res.headers['content-length'],
        x.maxBodyBytes,
        res.statusCode,
      );
      return { status: res.statusCode, headers: res.headers, text };
    });
  }

  async close(): Promise<void> {
    if (this.own) await this.dispatcher.close();
  }
}
