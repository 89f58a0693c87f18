// The CLI against a server that misbehaves (issue 12): an empty 2xx, a body without end, HTML
// where JSON belongs, pages without end, a hang after the headers. Each ends the built CLI with
// the documented exit code and one clean line — never a pass, never a stack, never gigabytes.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/main.js';
import { cli, expectCleanError, requireBuild, tempDir } from './helpers.js';

const ID = '0b4c2a7e-1f7d-4d2b-9a7e-3c1f0e6d5b21';
const ORG = '5f0c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f';
const TOKEN = 'polar_pat_hostileServerTestTokenNeverSentAnywhere00000000';

type Behaviour = (req: IncomingMessage, res: ServerResponse) => void;

let server: Server;
let url = '';
let behave: Behaviour = (_req, res) => res.end();
const requests: string[] = [];
let bytesSent = 0;
const dir = tempDir('hostile');

beforeAll(async () => {
  requireBuild();
  server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    req.resume();
    req.on('end', () => behave(req, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  dir.remove();
});

async function run(args: string[], behaviour: Behaviour) {
  behave = behaviour;
  requests.length = 0;
  bytesSent = 0;
  const r = await cli(args, {
    BILLING_BASE_URL: url,
    BILLING_TOKEN: TOKEN,
    BILLING_CONFIG_DIR: dir.path,
    // The seed's generation: the paths the hostile answers are scripted for.
    BILLING_API_VERSION: 'none',
  });
  return { ...r, line: r.code === 0 ? '' : expectCleanError(r.stderr) };
}

const json = (status: number, body: string) => (_req: IncomingMessage, res: ServerResponse) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(body);
};

/** Writes JSON-looking bytes for as long as the client keeps reading. */
const endless: Behaviour = (_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  const chunk = Buffer.alloc(1024 * 1024, 'x');
  res.write('{"id":"');
  const pump = () => {
    while (!res.destroyed && bytesSent < 2 * 1024 ** 3) {
      bytesSent += chunk.length;
      if (!res.write(chunk)) return void res.once('drain', pump);
    }
    res.end();
  };
  res.on('close', () => res.destroy());
  pump();
};

describe('a misbehaving server', () => {
  it.each([
    [['orders', 'get', ID], `/v1/orders/${ID}`],
    [['org', 'get', ID], `/v1/organizations/${ID}`],
    [['keys', 'validate', 'KEY-1', '--org', ORG], '/v1/customer-portal/license-keys/validate'],
  ])('an empty 200 to %j is a failure, not a pass (exit 1)', async (args, path) => {
    const r = await run(args, json(200, ''));
    expect(r.code).toBe(EXIT.failure);
    expect(r.stdout).toBe('');
    expect(r.line).toBe(
      `billing: unexpected response from server: ${path} is empty (200) where a resource was expected`,
    );
  });

  it('a 2xx without the id a command needs is a failure (exit 1)', async () => {
    const r = await run(
      ['keys', 'validate', 'KEY-1', '--org', ORG],
      json(200, '{"status":"granted"}'),
    );
    expect(r.code).toBe(EXIT.failure);
    expect(r.line).toBe(
      'billing: unexpected response from server: /v1/customer-portal/license-keys/validate id: Invalid input: expected string, received undefined',
    );
  });

  it('an HTML 200 is a failure naming what came back (exit 1)', async () => {
    const r = await run(['orders', 'get', ID], (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>\n<body>Welcome to the captive portal</body></html>');
    });
    expect(r.code).toBe(EXIT.failure);
    expect(r.line).toBe(
      `billing: unexpected response from server: /v1/orders/${ID} is not JSON: <html>`,
    );
  });

  it('a body without end is cut at 32 MiB: exit 1, "response too large", little sent', async () => {
    const r = await run(['orders', 'get', ID], endless);
    expect(r.code).toBe(EXIT.failure);
    expect(r.line).toBe(
      `billing: response too large: the answer to GET /v1/orders/${ID} is over 32 MiB; stopped reading`,
    );
    expect(r.stderr).toContain('billing config set max_response_mb');
    // The CLI stopped reading: the server could not push much more than the limit.
    expect(bytesSent).toBeLessThan(128 * 1024 * 1024);
  });

  it('a declared Content-Length over the limit is refused before reading', async () => {
    const r = await run(['orders', 'get', ID], (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': 1e9 });
      res.write('{');
    });
    expect(r.code).toBe(EXIT.failure);
    expect(r.line).toMatch(/^billing: response too large: /);
  });

  it('pages without end: the same item with max_page 10^8 stops at the repeat (exit 1)', async () => {
    const page = JSON.stringify({
      items: [{ id: ID, amount: 100, currency: 'usd' }],
      pagination: { total_count: 1e8, max_page: 1e8 },
    });
    const r = await run(['orders', 'list', '--all', '-o', 'ndjson'], json(200, page));
    expect(r.code).toBe(EXIT.failure);
    expect(r.line).toBe(
      'billing: unexpected response from server: page 2 repeats page 1; stopped reading the list',
    );
    expect(r.stdout.trim().split('\n')).toHaveLength(1);
    expect(requests.length).toBeLessThanOrEqual(3);
  });

  it('pages without end: max_page 10^8 with total_count 3 stops after the items counted', async () => {
    let n = 0;
    const r = await run(
      ['orders', 'list', '--all', '--page-size', '1', '-o', 'ndjson'],
      (_req, res) => {
        n++;
        const id = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
        json(
          200,
          JSON.stringify({ items: [{ id }], pagination: { total_count: 3, max_page: 1e8 } }),
        )(_req, res);
      },
    );
    expect(r.code).toBe(EXIT.ok);
    expect(r.stdout.trim().split('\n')).toHaveLength(3);
    expect(requests).toHaveLength(3);
  });

  it('a hang after the headers on a read: retried, then exit 3 "no answer"', async () => {
    const r = await run(['--request-timeout', '0.3', 'orders', 'get', ID], (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"id":');
    });
    expect(r.code).toBe(EXIT.network);
    expect(r.line).toBe(`billing: no answer from ${url} (timed out after 300ms) after 4 attempts`);
    expect(requests).toHaveLength(4);
  });

  it('a hang after the headers on a POST: not resent, exit 3, "may have applied"', async () => {
    const r = await run(
      ['--request-timeout', '0.3', 'keys', 'validate', 'KEY-1', '--org', ORG],
      (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"id":');
      },
    );
    expect(r.code).toBe(EXIT.network);
    expect(r.line).toBe(
      `billing: POST ${url}/v1/customer-portal/license-keys/validate failed (timed out after 300ms); the server may have applied this request; check before retrying`,
    );
    expect(requests).toHaveLength(1);
  });
});
