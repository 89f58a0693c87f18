// A client whose requests go over its own transport to a scripted loopback server (nothing
// reaches the network), with recorded sleeps and trace.
import { ApiClient, type ApiClientOptions } from '../../src/api/client.js';
import { Transport } from '../../src/api/transport.js';
import { ScriptedServer } from '../helpers/http.js';
import { PAT } from './fixtures.js';

export const BASE = 'http://127.0.0.1:8787';

export async function setup(overrides: Partial<ApiClientOptions> = {}, base = BASE) {
  const server = await ScriptedServer.start();
  const pool = server.host(base);
  const transport = new Transport({ connect: server.connect });
  const delays: number[] = [];
  const lines: string[] = [];
  const client = new ApiClient({
    baseUrl: base,
    token: PAT,
    transport,
    version: '1.2.3',
    sleep: async (ms) => {
      delays.push(ms);
    },
    random: () => 0.5,
    debug: (line) => lines.push(line),
    ...overrides,
  });
  const done = async () => {
    await transport.close();
    await server.close();
    server.assertNoPendingInterceptors();
    server.assertEveryRequestScripted();
  };
  /** Every request received, as `METHOD path?query`. */
  const calls = () => [...server.history];
  return { server, pool, client, delays, lines, done, calls };
}

export const JSON_HEADERS = { 'content-type': 'application/json' };

/** Runs `fn` and returns what it threw; fails the test if it did not throw. */
export async function caught(fn: () => Promise<unknown>): Promise<Error & Record<string, unknown>> {
  try {
    await fn();
  } catch (err) {
    return err as Error & Record<string, unknown>;
  }
  throw new Error('expected a rejection');
}
