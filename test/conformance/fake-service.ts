// The fake service of the cli-shapes tests: it answers each `METHOD /path` with the body the
// current run set for it (404 otherwise) and notes every request, so a test can check what the
// CLI asked; `inspect` sees each request (its method, path with query, JSON body, headers).

import { writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { tempConfigDir } from '../helpers/cli.js';

export interface FakeService {
  /** Set by beforeAll. */
  url: string;
  /** The bodies of the next run, by `METHOD /path`. */
  answers: Map<string, unknown>;
  /** `METHOD /path` of every request since `reset()`. */
  requests: string[];
  reset(answers: Map<string, unknown>): void;
}

export interface FakeOptions {
  /** Headers of every answer. */
  headers?: Record<string, string>;
  inspect?: (method: string, url: URL, body: unknown, headers: IncomingHttpHeaders) => void;
}

/** Starts the fake service for the file (beforeAll / afterAll). */
export function useFakeService(opts: FakeOptions = {}): FakeService {
  const fake: FakeService = {
    url: '',
    answers: new Map(),
    requests: [],
    reset(answers) {
      fake.answers = answers;
      fake.requests.length = 0;
    },
  };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const key = `${req.method} ${url.pathname}`;
    fake.requests.push(key);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString();
      opts.inspect?.(req.method ?? '', url, text ? JSON.parse(text) : undefined, req.headers);
      const body = fake.answers.get(key);
      if (body === undefined) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end('{"detail":"Not Found"}');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json', ...opts.headers });
      res.end(JSON.stringify(body));
    });
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    fake.url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return fake;
}

/** A config directory whose local profile keeps sessions in a file, never the OS keychain. */
export function fileStorageConfigDir(): string {
  const dir = tempConfigDir();
  writeFileSync(
    join(dir, 'config.json'),
    JSON.stringify({ profiles: { local: { storage: 'file' } } }),
  );
  return dir;
}

/**
 * What `checkout confirm` needs besides the token so that, on a terminal, it has nothing to ask
 * for (and so sends nothing but the confirm).
 */
export const BUYER_FLAGS = [
  '--customer-email',
  'jane@example.com',
  '--customer-name',
  'Jane Doe',
  '--billing-address',
  'country=US,state=US-IL',
];
