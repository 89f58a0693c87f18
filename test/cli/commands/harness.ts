// The two tables of a verb's tests, in-process through main(argv, ctx): argv -> exact usage error
// (and nothing sent), argv -> the exact request. A recorder on 127.0.0.1 stands in for the API:
// it notes every request and answers what the test scripted for it, else 400 "recorded",
// which the CLI reports and never retries. A request sent with a Polar-Version (today's
// generation) is also checked against the real service's 2026-10 description: its operation,
// parameters and body; every run expects none to be refused.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, expect } from 'vitest';
import { requestErrors, schemaErrors } from '../../conformance/openapi.js';
import { type RunResult, run } from '../../helpers/cli.js';

export interface Sent {
  method: string;
  path: string;
  query: [string, string][];
  body?: unknown;
  authorization?: string;
  /** The Polar-Version header, when one was sent. */
  version?: string;
}

export const TOKEN = 'polar_pat_unitTestTokenNeverSentToARealService0000000';
export const ID = '0b4c2a7e-1f7d-4d2b-9a7e-3c1f0e6d5b21';
export const ID2 = '5f0c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f';

/** A scripted answer, by `METHOD /path` (without the query). */
export type Answers = Record<string, { status?: number; body?: unknown }>;

export interface Recorder {
  url: string;
  sent: Sent[];
  /** Answers for the next run (cleared by every run). */
  answers: Answers;
  /** The bodies of `sent` as sent, byte for byte (JSON.parse rounds big integers). */
  texts: string[];
  /** What the 2026-10 description refuses in this run's today's-generation requests. */
  refused: string[];
  /** Runs argv with the recorder as the API and a token; `sent` holds only this run's requests. */
  run(argv: string[], env?: Record<string, string | undefined>): Promise<RunResult>;
  /** Expects exit 2 with exactly `stderr`, nothing on stdout and nothing sent. */
  usage(argv: string[], stderr: string): Promise<void>;
  /** Runs argv and returns the one request it sent. */
  request(argv: string[], env?: Record<string, string | undefined>): Promise<Sent>;
}

/**
 * Routes of the real service it keeps out of its description (APITag.private at c6c3645e) that
 * the CLI calls, with the schema of their bodies, which the description does have.
 */
const PRIVATE_ROUTES: [method: string, path: RegExp, body: string][] = [
  ['POST', /^\/v1\/subscriptions\/[^/]+\/change-preview$/, 'SubscriptionChangePreview'],
  [
    'POST',
    /^\/v1\/customer-portal\/subscriptions\/[^/]+\/change-preview$/,
    'CustomerSubscriptionChangePreview',
  ],
];

/** What the 2026-10 description (or a private route's body schema) refuses of a request. */
function todaysRequestErrors(method: string, path: string, search: string, body: unknown) {
  const route = PRIVATE_ROUTES.find(([m, p]) => m === method && p.test(path));
  if (route) return search ? [`${path} takes no query`] : schemaErrors(route[2], body);
  return requestErrors(method, path + search, body);
}

/** Starts a recorder for the file (beforeAll / afterAll) and returns it. */
export function useRecorder(): Recorder {
  let server: Server;
  const rec: Recorder = {
    url: '',
    sent: [],
    texts: [],
    refused: [],
    answers: {},
    async run(argv, env = {}) {
      rec.sent.length = 0;
      rec.texts.length = 0;
      rec.refused.length = 0;
      try {
        return await run(argv, {
          // The seed's generation unless a test asks for today's (BILLING_API_VERSION).
          env: {
            BILLING_BASE_URL: rec.url,
            BILLING_TOKEN: TOKEN,
            BILLING_API_VERSION: 'none',
            ...env,
          },
        });
      } finally {
        rec.answers = {};
        expect(rec.refused, 'what the 2026-10 description refuses').toEqual([]);
      }
    },
    async usage(argv, stderr) {
      const r = await rec.run(argv);
      expect({ ...r, sent: rec.sent }).toEqual({ code: 2, stdout: '', stderr, sent: [] });
    },
    async request(argv, env) {
      const r = await rec.run(argv, env);
      expect(r).toMatchObject({ code: 2, stdout: '', stderr: 'billing: recorded\n' });
      expect(rec.sent).toHaveLength(1);
      return rec.sent[0]!;
    },
  };
  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://x');
        const text = Buffer.concat(chunks).toString();
        rec.texts.push(text);
        const version = req.headers['polar-version'];
        const body: unknown = text ? JSON.parse(text) : undefined;
        rec.sent.push({
          method: req.method ?? '',
          path: url.pathname,
          query: [...url.searchParams],
          ...(text ? { body } : {}),
          ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}),
          ...(typeof version === 'string' ? { version } : {}),
        });
        if (typeof version === 'string') {
          const problems = todaysRequestErrors(req.method ?? '', url.pathname, url.search, body);
          rec.refused.push(...problems.map((p) => `${req.method} ${url.pathname}: ${p}`));
        }
        const scripted = rec.answers[`${req.method} ${url.pathname}`];
        if (scripted) {
          res.writeHead(scripted.status ?? 200, { 'content-type': 'application/json' });
          res.end(scripted.body === undefined ? '' : JSON.stringify(scripted.body));
          return;
        }
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end('{"error":"BadRequest","detail":"recorded"}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    rec.url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return rec;
}
