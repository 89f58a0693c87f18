// A client wired to a MockAgent that refuses real connections, with recorded sleeps and trace.
import { MockAgent } from 'undici';
import { ApiClient, type ApiClientOptions } from '../../src/api/client.js';
import { PAT } from './fixtures.js';

export const BASE = 'http://127.0.0.1:8787';

export function setup(overrides: Partial<ApiClientOptions> = {}, base = BASE) {
  const agent = new MockAgent({ enableCallHistory: true });
  agent.disableNetConnect();
  const pool = agent.get(new URL(base).origin);
  const delays: number[] = [];
  const lines: string[] = [];
  const client = new ApiClient({
    baseUrl: base,
    token: PAT,
    dispatcher: agent,
    version: '1.2.3',
    sleep: async (ms) => {
      delays.push(ms);
    },
    random: () => 0.5,
    debug: (line) => lines.push(line),
    ...overrides,
  });
  const done = async () => {
    agent.assertNoPendingInterceptors();
    await agent.close();
  };
  /** Every request dispatched, matched or not, as `METHOD path?query`. */
  const calls = () =>
    (agent.getCallHistory()?.calls() ?? []).map((c) => {
      const url = new URL(c.fullUrl);
      return `${c.method} ${url.pathname}${url.search}`;
    });
  return { agent, pool, client, delays, lines, done, calls };
}

export const JSON_HEADERS = { 'content-type': 'application/json' };

/** An error as undici/node report a failed connection. */
export function netError(code: string, message = code): Error {
  return Object.assign(new Error(message), { code });
}

/** Runs `fn` and returns what it threw; fails the test if it did not throw. */
export async function caught(fn: () => Promise<unknown>): Promise<Error & Record<string, unknown>> {
  try {
    await fn();
  } catch (err) {
    return err as Error & Record<string, unknown>;
  }
  throw new Error('expected a rejection');
}
