// The service's port is bound before the service is built over it (src/server/listen.ts, issue 25):
// a request that arrives in between waits for the app, a port in use is refused, and `localhost`
// is served at each of its addresses, as fastify's own listen does.
import { lookup } from 'node:dns/promises';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { Listener } from '../../src/server/listen.js';

describe('the bound port', () => {
  it('holds a request that arrives before the app is ready, and hands it over once it is', async () => {
    const listener = await Listener.bind(0, '127.0.0.1');
    try {
      const arrived = once(listener.server, 'request');
      const answer = fetch(`http://127.0.0.1:${listener.address.port}/early`).then((r) => r.text());
      await arrived;
      listener.serve((req, res) => res.end(`served ${req.url}`));
      expect(await answer).toBe('served /early');
      const later = await fetch(`http://127.0.0.1:${listener.address.port}/later`);
      expect(await later.text()).toBe('served /later');
    } finally {
      await listener.close();
    }
  });

  it('refuses a port that is taken, as listen does', async () => {
    const first = await Listener.bind(0, '127.0.0.1');
    try {
      await expect(Listener.bind(first.address.port, '127.0.0.1')).rejects.toMatchObject({
        code: 'EADDRINUSE',
      });
    } finally {
      await first.close();
    }
  });

  it('serves localhost at each of its addresses this machine has, on one port', async () => {
    const listener = await Listener.bind(0, 'localhost');
    listener.serve((_req, res) => res.end('ok'));
    try {
      const addresses = await lookup('localhost', { all: true });
      expect(addresses.length).toBeGreaterThan(0);
      for (const a of addresses) {
        if (!(await bindable(a.address))) continue;
        const host = a.family === 6 ? `[${a.address}]` : a.address;
        const r = await fetch(`http://${host}:${listener.address.port}/`);
        expect(await r.text()).toBe('ok');
      }
    } finally {
      await listener.close();
    }
  });
});

/** Whether this machine can listen at `address` (an IPv6 loopback may be missing). */
function bindable(address: string): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(0, address, () => server.close(() => resolve(true)));
  });
}
