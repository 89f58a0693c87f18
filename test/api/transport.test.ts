// The CLI's one transport where the scripted server cannot go: a proxy the environment names
// (a forward proxy on loopback that records what reaches it), a Node too old to use one, and a
// connect that never completes.
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { RequestTimeoutError } from '../../src/api/retry.js';
import { ConnectTimeoutError, type Exchange, Transport } from '../../src/api/transport.js';
import { BillingError } from '../../src/errors.js';
import { caught } from './helpers.js';

const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
});

/** A server on 127.0.0.1 that records each request (and each CONNECT) and answers `text`. */
async function listening(text: string): Promise<{ url: string; seen: string[] }> {
  const seen: string[] = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    seen.push(`${req.method} ${req.url}`);
    res.end(text);
  });
  // A tunnel is refused: what matters is that it was asked of the proxy.
  server.on('connect', (req: IncomingMessage, socket) => {
    seen.push(`CONNECT ${req.url}`);
    socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  closing.push(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

function transport(opts: ConstructorParameters<typeof Transport>[0] = {}) {
  const t = new Transport(opts);
  closing.push(() => t.close());
  return t;
}

function get(url: string, more: Partial<Exchange> = {}): Exchange {
  return {
    method: 'GET',
    url: new URL(url),
    headers: {},
    connectTimeoutMs: 5000,
    timeoutMs: 5000,
    maxBodyBytes: 1024,
    signals: [],
    trace: () => {},
    ...more,
  };
}

describe('a proxy the environment names', () => {
  it.each(['HTTP_PROXY', 'http_proxy'])(
    'takes an http request through %s, asked for by its absolute URL',
    async (name) => {
      const proxy = await listening('from the proxy');
      const t = transport({ env: { [name]: proxy.url } });
      const answer = await t.send(get('http://api.billing.test/v1/x?a=1'));
      expect(answer).toMatchObject({ status: 200, text: 'from the proxy' });
      expect(proxy.seen).toEqual(['GET http://api.billing.test/v1/x?a=1']);
    },
  );

  it('asks it for a tunnel to an https host', async () => {
    const proxy = await listening('never');
    const t = transport({ env: { HTTPS_PROXY: proxy.url } });
    await caught(() => t.send(get('https://api.billing.test/v1/x')));
    expect(proxy.seen).toEqual(['CONNECT api.billing.test:443']);
  });

  it('goes straight to a host in NO_PROXY, and for a direct request (a local handler)', async () => {
    const proxy = await listening('from the proxy');
    const target = await listening('from the host');
    const host = new URL(target.url).hostname;
    const skipping = transport({ env: { HTTP_PROXY: proxy.url, NO_PROXY: host } });
    expect((await skipping.send(get(`${target.url}/a`))).text).toBe('from the host');
    const proxied = transport({ env: { HTTP_PROXY: proxy.url } });
    expect((await proxied.send(get(`${target.url}/b`, { direct: true }))).text).toBe(
      'from the host',
    );
    expect((await proxied.send(get(`${target.url}/c`))).text).toBe('from the proxy');
    expect({ target: target.seen, proxy: proxy.seen }).toEqual({
      target: ['GET /a', 'GET /b'],
      proxy: [`GET ${target.url}/c`],
    });
  });

  it.each([
    ['22.20.0', false],
    ['22.21.0', true],
    ['23.11.0', false],
    ['24.4.1', false],
    ['24.5.0', true],
    ['25.0.0', true],
  ])('on Node %s is used: %s (an older one says so rather than going round it)', (v, ok) => {
    const make = () => new Transport({ env: { HTTPS_PROXY: 'http://127.0.0.1:9' } }, v);
    if (ok) expect(make).not.toThrow();
    else {
      expect(make).toThrow(BillingError);
      expect(make).toThrow(`a proxy is set, but Node.js ${v} cannot use one`);
    }
    // Without a proxy any Node will do.
    expect(() => new Transport({ env: { NO_PROXY: '*' } }, v)).not.toThrow();
  });
});

describe('time limits', () => {
  it('a connect that does not complete within connectTimeoutMs is a ConnectTimeoutError', async () => {
    // The address is never found, so the socket stays connecting.
    const t = transport({
      connect: (to) => connect({ ...to, lookup: () => {} }),
    });
    const err = await caught(() =>
      t.send(get('http://api.billing.test/v1/x', { connectTimeoutMs: 20, timeoutMs: 60_000 })),
    );
    expect(err).toBeInstanceOf(ConnectTimeoutError);
  });

  it('open(): a body that goes silent for idleTimeoutMs fails with a RequestTimeoutError', async () => {
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('data: one\n\n');
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    closing.push(async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    });
    const url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/stream`);
    const opened = await transport().open({ ...get(url.href), idleTimeoutMs: 50 });
    const chunks: string[] = [];
    const err = await caught(async () => {
      for await (const chunk of opened.body) chunks.push(chunk.toString());
    });
    expect(chunks).toEqual(['data: one\n\n']);
    expect(err).toBeInstanceOf(RequestTimeoutError);
  });
});
