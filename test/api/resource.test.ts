// resourceClient: the five calls of a collection, over real HTTP to a loopback server that
// records what it was sent and answers from a small in-memory collection.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { object, string } from '../../src/api/check.js';
import { ApiClient } from '../../src/api/client.js';
import { resourceClient } from '../../src/api/resource.js';
import { ApiError, BillingError, UsageError } from '../../src/errors.js';

interface Seen {
  method: string;
  url: string;
  body?: unknown;
  auth?: string;
}

const ID = '0b4c8c2e-88d5-4f4e-bb3c-6f0a1d2e3f40';
let server: Server;
let baseUrl: string;
let seen: Seen[] = [];
/** Items the server lists, 2 a page. */
let items: Record<string, unknown>[] = [];

async function bodyOf(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : undefined;
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const url = new URL(req.url!, 'http://x');
    const body = await bodyOf(req);
    seen.push({
      method: req.method!,
      url: `${url.pathname}${url.search}`,
      ...(body !== undefined && { body }),
      ...(req.headers.authorization && { auth: req.headers.authorization }),
    });
    const send = (status: number, value?: unknown) => {
      res.writeHead(status, value === undefined ? {} : { 'content-type': 'application/json' });
      res.end(value === undefined ? undefined : JSON.stringify(value));
    };
    const id = url.pathname.split('/').at(-1);
    if (id === 'missing') return send(404, { error: 'ResourceNotFound', detail: 'Not found' });
    if (req.method === 'GET' && /\/$|widgets$/.test(url.pathname)) {
      const page = Number(url.searchParams.get('page'));
      const limit = Number(url.searchParams.get('limit'));
      return send(200, {
        items: items.slice((page - 1) * limit, page * limit),
        pagination: { total_count: items.length, max_page: Math.ceil(items.length / limit) },
      });
    }
    if (req.method === 'DELETE') return send(204);
    if (req.method === 'POST') return send(201, { id: ID, ...(body as object) });
    return send(200, { id, ...(body as object), name: 'Widget' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  seen = [];
  items = [];
});

function client(apiVersion?: '2026-10') {
  return new ApiClient({ baseUrl, token: 'polar_pat_test', retry: { maxAttempts: 1 }, apiVersion });
}

async function drain<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
}

async function rejection(promise: Promise<unknown>): Promise<Error> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (err: Error) => err,
  );
}

interface WidgetCreate {
  name: string;
}
const widgets = resourceClient<WidgetCreate, { name?: string }>('/v1/widgets/', 'widget');

describe('resourceClient', () => {
  it('list: the query, repeated keys for many values, page after page', async () => {
    items = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];
    const got = await drain(
      widgets.list(client(), { organization_id: ['o1', 'o2'], active: true }, { pageSize: 2 }),
    );
    expect(got.map((w) => w.id)).toEqual(['a', 'b', 'c']);
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual([
      'GET /v1/widgets/?organization_id=o1&organization_id=o2&active=true&page=1&limit=2',
      'GET /v1/widgets/?organization_id=o1&organization_id=o2&active=true&page=2&limit=2',
    ]);
    expect(seen[0]!.auth).toBe('Bearer polar_pat_test');
  });

  it('get, create, update, remove: their method, path and body', async () => {
    const c = client();
    expect(await widgets.get(c, ID)).toEqual({ id: ID, name: 'Widget' });
    expect(await widgets.create(c, { name: 'New' })).toEqual({ id: ID, name: 'New' });
    expect(await widgets.update(c, ID, { name: 'Renamed' })).toEqual({ id: ID, name: 'Widget' });
    expect(await widgets.remove(c, ID)).toBeUndefined();
    expect(seen).toEqual([
      { method: 'GET', url: `/v1/widgets/${ID}`, auth: 'Bearer polar_pat_test' },
      {
        method: 'POST',
        url: '/v1/widgets/',
        body: { name: 'New' },
        auth: 'Bearer polar_pat_test',
      },
      {
        method: 'PATCH',
        url: `/v1/widgets/${ID}`,
        body: { name: 'Renamed' },
        auth: 'Bearer polar_pat_test',
      },
      { method: 'DELETE', url: `/v1/widgets/${ID}`, auth: 'Bearer polar_pat_test' },
    ]);
  });

  it('a 404 names the noun and the id', async () => {
    const err = await rejection(widgets.get(client(), 'missing'));
    expect(err).toBeInstanceOf(ApiError);
    expect(err.message).toBe('widget missing not found');
    const removed = await rejection(widgets.remove(client(), 'missing'));
    expect(removed.message).toBe('widget missing not found');
  });

  it('a schema given to get or create checks more than the id', async () => {
    const named = object<{ id: string; name: string }>({ id: string, name: string });
    expect((await widgets.get(client(), ID, named)).name).toBe('Widget');
    // The POST answer echoes the body, which has no name: the check fails.
    const err = await rejection(widgets.create(client(), {} as WidgetCreate, named));
    expect(err).toBeInstanceOf(BillingError);
    expect(err.message).toMatch(/name/);
  });

  it('an id is one escaped path segment; "", "." and ".." reject before anything is sent', async () => {
    await widgets.get(client(), 'a/b?c');
    expect(seen.map((s) => s.url)).toEqual(['/v1/widgets/a%2Fb%3Fc']);
    for (const id of ['', '.', '..']) {
      const err = await rejection(widgets.update(client(), id, {}));
      expect(err).toBeInstanceOf(UsageError);
    }
    expect(seen).toHaveLength(1);
  });

  it('a path chosen by generation, with or without the final slash', async () => {
    const byGeneration = resourceClient<WidgetCreate>(
      (c) => (c.today ? '/v1/widgets/' : '/v1/legacy/widgets'),
      'widget',
    );
    await byGeneration.get(client(), ID);
    await byGeneration.get(client('2026-10'), ID);
    await byGeneration.create(client(), { name: 'x' });
    await drain(byGeneration.list(client(), {}, { pageSize: 5 }));
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual([
      `GET /v1/legacy/widgets/${ID}`,
      `GET /v1/widgets/${ID}`,
      'POST /v1/legacy/widgets',
      'GET /v1/legacy/widgets?page=1&limit=5',
    ]);
  });
});
