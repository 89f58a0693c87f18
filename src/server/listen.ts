// The service's port, bound before anything is built over it (index.ts): the service is made
// knowing its own URL, and the fastify app over this server afterwards (serverFactory). Requests
// that reach the port before the app is ready wait for it. The server is set up as fastify sets
// up its own (its timeouts; `localhost` bound at each of its addresses, one port).
import { lookup } from 'node:dns/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** fastify's defaults: keep-alive sockets idle 72 s, no limit on a request's duration. */
function newServer(handle: Handler): Server {
  const server = createServer(handle);
  server.keepAliveTimeout = 72_000;
  server.requestTimeout = 0;
  server.setTimeout(0);
  return server;
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, host }, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

export class Listener {
  private handler: Handler | undefined;
  private readonly waiting: [IncomingMessage, ServerResponse][] = [];
  /** The main server, then any other address of `localhost`. */
  private readonly servers: Server[] = [];

  private constructor() {}

  /** Listens at `host:port` (0: a free port); rejects as listen does (EADDRINUSE, …). */
  static async bind(port: number, host: string): Promise<Listener> {
    const listener = new Listener();
    const main = newServer(listener.handle);
    await listen(main, port, host);
    listener.servers.push(main);
    if (host === 'localhost') await listener.bindOthers(main);
    return listener;
  }

  /** The server the app is built over (fastify's serverFactory). */
  get server(): Server {
    return this.servers[0]!;
  }

  get address(): AddressInfo {
    return this.server.address() as AddressInfo;
  }

  /** From now on requests go to `handler`, those that came before it first. */
  serve(handler: Handler): void {
    this.handler = handler;
    for (const [req, res] of this.waiting.splice(0)) handler(req, res);
  }

  /** Stops listening and ends every connection, keep-alive ones included. */
  async close(): Promise<void> {
    await Promise.all(
      this.servers.map(
        (s) =>
          new Promise<void>((resolve) => {
            s.close(() => resolve());
            s.closeAllConnections();
          }),
      ),
    );
  }

  private readonly handle: Handler = (req, res) => {
    if (this.handler) this.handler(req, res);
    else this.waiting.push([req, res]);
  };

  /** `localhost`'s other addresses (::1 besides 127.0.0.1), where they can be bound. */
  private async bindOthers(main: Server): Promise<void> {
    const { address, port } = main.address() as AddressInfo;
    const all = await lookup('localhost', { all: true }).catch(() => []);
    for (const other of all) {
      if (other.address === address) continue;
      const server = newServer(this.handle);
      // A malformed request is answered as the main server answers it (fastify's 400).
      server.on('clientError', (err, socket) => main.emit('clientError', err, socket));
      try {
        await listen(server, port, other.address);
        this.servers.push(server);
      } catch {
        // Not available here (no IPv6): the main address serves alone, as with fastify.
      }
    }
  }
}
