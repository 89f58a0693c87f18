// A sandbox's webhook receivers: a loopback HTTP server of their own, registered as a webhook
// endpoint of the organization through the public API (today's generation, every event type), so
// a test gets what its own handler would: signed deliveries of today's bodies.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import type { ApiClient } from '../api/client.js';
import { ENUMS } from '../shared/openapi/2026-10.facts.js';
import type { Endpoint, WebhookEvent, WebhookHandler } from './types.js';

export class Receiver {
  private server?: Server;
  private verifier?: Webhook;
  private endpoint?: Endpoint;

  constructor(private readonly handler: WebhookHandler) {}

  /** Listens (once) and registers an endpoint for `organizationId`: again after a reset. */
  async register(api: ApiClient, organizationId: string): Promise<Endpoint> {
    this.server ??= await this.listen();
    const { port } = this.server.address() as AddressInfo;
    const created = await api.request<{ id: string; url: string; secret: string }>(
      'POST',
      '/v1/webhooks/endpoints',
      {
        body: {
          url: `http://127.0.0.1:${port}/webhooks`,
          format: 'raw',
          events: ENUMS.WebhookEventType,
          organization_id: organizationId,
        },
      },
    );
    this.endpoint = { id: created.id, url: created.url, secret: created.secret };
    this.verifier = new Webhook(Buffer.from(created.secret, 'utf8'), { format: 'raw' });
    return this.endpoint;
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private listen(): Promise<Server> {
    const server = createServer((req, res) => {
      this.deliver(req).then(
        () => res.writeHead(202).end(),
        (err: unknown) => {
          res.writeHead((err as { status?: number }).status ?? 500).end();
        },
      );
    });
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve(server));
    });
  }

  private async deliver(req: IncomingMessage): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const headers = req.headers;
    const one = (name: string) => String(headers[name] ?? '');
    try {
      // A delivery signed with another secret (an endpoint from before a reset) is refused.
      this.verifier?.verify(body, {
        'webhook-id': one('webhook-id'),
        'webhook-timestamp': one('webhook-timestamp'),
        'webhook-signature': one('webhook-signature'),
      });
    } catch {
      throw Object.assign(new Error('bad signature'), { status: 403 });
    }
    await this.handler(JSON.parse(body) as WebhookEvent, { id: one('webhook-id'), headers, body });
  }
}

/** Every event delivered since it was registered (or cleared), and a way to wait for more. */
export class EventLog {
  private events: WebhookEvent[] = [];
  private waiters: (() => void)[] = [];
  private closed = false;
  readonly receiver = new Receiver((event) => {
    this.events.push(event);
    this.wake();
  });

  /** After a reset: what happened before it is gone with the data. */
  clear(): void {
    this.events = [];
  }

  close(): Promise<void> {
    this.closed = true;
    this.wake();
    return this.receiver.close();
  }

  /** From the first event logged, then each as it comes, until the sandbox stops. */
  async *iterate(): AsyncGenerator<WebhookEvent> {
    let seen = 0;
    let generation = this.events;
    for (;;) {
      if (generation !== this.events) {
        generation = this.events;
        seen = 0;
      }
      if (seen < this.events.length) {
        yield this.events[seen++]!;
        continue;
      }
      if (this.closed) return;
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }
}
