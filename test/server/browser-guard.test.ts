// What a web page in the developer's browser can make the local service do (issue 12): nothing
// through another host name (DNS rebinding), nothing on /__local/ or the consent and
// registration endpoints from a foreign origin, and on the API exactly what the real service's
// CORS policy allows (server/polar/app.py configure_cors at the spec's generation).
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Json, type Service, startService } from './helpers.js';

let svc: Service;
let port: number;
beforeAll(async () => {
  svc = await startService({ allowedHosts: ['billing.test', 'proxy.test:9443'] });
  port = Number(new URL(svc.url).port);
});
beforeEach(() => svc.reset());
afterAll(() => svc.stop());

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  body: Json;
}

/** A request with any Host and Origin: fetch would not let a test forge Host. */
function raw(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers, agent: false });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (d: string) => {
        text += d;
      });
      res.on('end', () => {
        let parsed: Json = null;
        if (String(res.headers['content-type']).startsWith('application/json'))
          parsed = JSON.parse(text);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body: parsed });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function text(socket: Socket): Promise<string> {
  let all = '';
  for await (const chunk of socket) all += chunk;
  return all;
}

const json = { 'content-type': 'application/json' };
const orgName = () =>
  svc.running.store.get<{ name: string }>(
    'SELECT name FROM organizations WHERE id = ?',
    svc.demo.organization_id,
  )!.name;

describe('the Host header (DNS rebinding)', () => {
  it('refuses a host name that is not an address of the service, with a JSON 403', async () => {
    for (const path of ['/__local/demo', '/v1/orders/', '/.well-known/openid-configuration']) {
      const r = await raw('GET', path, {
        host: `attacker.test:${port}`,
        authorization: `Bearer ${svc.alice}`,
      });
      expect([path, r.status, r.body?.error]).toEqual([path, 403, 'NotPermitted']);
      expect(r.body.detail).toContain('attacker.test');
      expect(r.body.detail).toContain('--allowed-host');
      expect(r.text).not.toContain('polar_pat_');
    }
  });

  it('accepts loopback names with the service port or none, the --host value and allowed hosts', async () => {
    const accepted = [
      `127.0.0.1:${port}`,
      '127.0.0.1',
      `127.1.2.3:${port}`,
      `localhost:${port}`,
      `LOCALHOST:${port}`,
      'localhost',
      `app.localhost:${port}`,
      `[::1]:${port}`,
      `billing.test:${port}`,
      'billing.test',
      'proxy.test:9443',
    ];
    for (const host of accepted) {
      const r = await raw('GET', '/__local/clock', { host });
      expect([host, r.status]).toEqual([host, 200]);
    }
    const refused = [
      `localhost:${port + 1}`,
      `127.0.0.1:${port + 1}`,
      'proxy.test',
      `proxy.test:${port}`,
      `billing.test.evil:${port}`,
      `localhost.evil.test:${port}`,
      `192.168.1.10:${port}`,
    ];
    for (const host of refused) {
      const r = await raw('GET', '/__local/clock', { host });
      expect([host, r.status]).toEqual([host, 403]);
    }
    // HTTP/1.0 allows no Host at all: refused as well.
    const socket = connect(port, '127.0.0.1');
    socket.end('GET /__local/demo HTTP/1.0\r\n\r\n');
    const answer = (await text(socket)).split('\r\n', 1)[0];
    expect(answer).toBe('HTTP/1.1 403 Forbidden');
  });
});

describe('/__local/ from a web page', () => {
  it('refuses a reset from a foreign origin, even as a body-less no-cors POST', async () => {
    await svc.api('PATCH', `/v1/organizations/${svc.demo.organization_id}`, {
      token: svc.alice,
      body: { name: 'Kept' },
    });
    for (const origin of ['https://evil.test', 'null', 'http://192.168.1.10:8787']) {
      const r = await raw('POST', '/__local/reset', {
        host: `127.0.0.1:${port}`,
        origin,
        'content-type': 'text/plain;charset=UTF-8',
      });
      expect([origin, r.status, r.body?.error]).toEqual([origin, 403, 'NotPermitted']);
      expect(r.headers['access-control-allow-origin']).toBeUndefined();
    }
    expect(orgName()).toBe('Kept');
  });

  it('refuses token minting, clock moves and demo reads from a foreign origin', async () => {
    const origin = 'https://evil.test';
    const host = `127.0.0.1:${port}`;
    const mint = await raw(
      'POST',
      '/__local/personal-access-tokens',
      { host, origin, ...json },
      JSON.stringify({ email: 'alice@acme.test' }),
    );
    expect(mint.status).toBe(403);
    const clock = await raw(
      'POST',
      '/__local/clock',
      { host, origin, ...json },
      JSON.stringify({ advance_seconds: 3600 }),
    );
    expect(clock.status).toBe(403);
    expect(svc.running.clock.offsetSeconds).toBe(0);
    const demo = await raw('GET', '/__local/demo', { host, origin });
    expect(demo.status).toBe(403);
    expect(demo.text).not.toContain('polar_pat_');
    const preflight = await raw('OPTIONS', '/__local/reset', {
      host,
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type',
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('takes a form body on /__local/ from nobody: 422', async () => {
    const r = await raw(
      'POST',
      '/__local/personal-access-tokens',
      { host: `127.0.0.1:${port}`, 'content-type': 'application/x-www-form-urlencoded' },
      'email=alice%40acme.test',
    );
    expect([r.status, r.body.detail[0].type]).toEqual([422, 'model_attributes_type']);
  });

  it('answers pages on this machine (loopback origins), with their origin in CORS headers', async () => {
    const origin = 'http://localhost:5173';
    const host = `127.0.0.1:${port}`;
    const preflight = await raw('OPTIONS', '/__local/clock', {
      host,
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type',
    });
    expect(preflight.status).toBe(200);
    expect(preflight.headers['access-control-allow-origin']).toBe(origin);
    expect(preflight.headers.vary).toContain('Origin');
    const r = await raw(
      'POST',
      '/__local/clock',
      { host, origin, ...json },
      JSON.stringify({ advance_seconds: 60 }),
    );
    expect([r.status, r.headers['access-control-allow-origin']]).toEqual([200, origin]);
    const own = await raw('GET', '/__local/demo', { host, origin: svc.url });
    expect(own.status).toBe(200);
  });
});

describe('the API from a web page: the real service CORS policy', () => {
  const host = () => `127.0.0.1:${port}`;
  const origin = 'https://shop.example';

  it('answers a preflight from any origin as Starlette does for the real service', async () => {
    const r = await raw('OPTIONS', '/v1/orders/', {
      host: host(),
      origin,
      'access-control-request-method': 'GET',
      'access-control-request-headers': 'authorization,content-type',
    });
    expect([r.status, r.text, r.headers['content-type']]).toEqual([
      200,
      'OK',
      'text/plain; charset=utf-8',
    ]);
    expect(r.headers).toMatchObject({
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'DELETE, GET, HEAD, OPTIONS, PATCH, POST, PUT',
      'access-control-allow-headers':
        'Accept, Accept-Language, Authorization, Content-Language, Content-Type, Polar-Version',
      'access-control-max-age': '600',
    });
    expect(r.headers['access-control-allow-credentials']).toBeUndefined();
    const custom = await raw('OPTIONS', '/v1/orders/', {
      host: host(),
      origin,
      'access-control-request-method': 'GET',
      'access-control-request-headers': 'x-api-key',
    });
    expect([custom.status, custom.text]).toEqual([400, 'Disallowed CORS headers']);
  });

  it('answers cross-origin calls with Access-Control-Allow-Origin: * and never credentials', async () => {
    const r = await raw('GET', '/v1/orders/?limit=1', {
      host: host(),
      origin,
      authorization: `Bearer ${svc.alice}`,
    });
    expect([r.status, r.headers['access-control-allow-origin']]).toEqual([200, '*']);
    expect(r.headers['access-control-allow-credentials']).toBeUndefined();
    // Starlette names the origin when a cookie is sent, still without allowing credentials.
    const withCookie = await raw('GET', '/v1/orders/?limit=1', {
      host: host(),
      origin,
      cookie: 'a=b',
      authorization: `Bearer ${svc.alice}`,
    });
    expect(withCookie.headers['access-control-allow-origin']).toBe(origin);
    expect(withCookie.headers.vary).toContain('Origin');
    const noOrigin = await raw('GET', '/v1/orders/?limit=1', {
      host: host(),
      authorization: `Bearer ${svc.alice}`,
    });
    expect(noOrigin.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('lets a foreign page do what the real service lets it: public key calls, token writes', async () => {
    const validate = await raw(
      'POST',
      '/v1/customer-portal/license-keys/validate',
      { host: host(), origin, ...json },
      JSON.stringify({ key: svc.demo.license_key, organization_id: svc.demo.organization_id }),
    );
    expect([validate.status, validate.headers['access-control-allow-origin']]).toEqual([200, '*']);
    const patch = await raw(
      'PATCH',
      `/v1/organizations/${svc.demo.organization_id}`,
      { host: host(), origin, ...json, authorization: `Bearer ${svc.alice}` },
      JSON.stringify({ name: 'From a page with a token' }),
    );
    expect(patch.status).toBe(200);
  });

  it('refuses what needs a signed-in browser on the real service: registration and consent', async () => {
    const before = svc.running.store.get<{ n: number }>(
      'SELECT count(*) AS n FROM oauth2_clients',
    )!.n;
    const register = await raw(
      'POST',
      '/v1/oauth2/register',
      { host: host(), origin, ...json },
      JSON.stringify({ client_name: 'Evil', redirect_uris: ['https://evil.test/cb'] }),
    );
    expect([register.status, register.body?.error]).toEqual([403, 'NotPermitted']);
    const after = svc.running.store.get<{ n: number }>(
      'SELECT count(*) AS n FROM oauth2_clients',
    )!.n;
    expect(after).toBe(before);
    const consent = await raw(
      'POST',
      '/oauth2/authorize',
      { host: host(), origin, 'content-type': 'application/x-www-form-urlencoded' },
      'request_id=x&decision=allow',
    );
    expect(consent.status).toBe(403);
    // Without an Origin (the CLI, an SDK, curl) registration stays open.
    const cli = await raw(
      'POST',
      '/v1/oauth2/register',
      { host: host(), ...json },
      JSON.stringify({ client_name: 'Mine', redirect_uris: ['http://127.0.0.1/cb'] }),
    );
    expect(cli.status).toBe(201);
  });
});
