// `billing/sandbox`: the local service inside a seller's own test process (issue 29). Each
// startSandbox() is a service of its own (src/server start(): its own in-memory database, clock
// and port), driven through its public API and its /__local/ control surface, as a test would
// drive it from outside; many run side by side in one process.
import { readFileSync } from 'node:fs';
import type { ApiClient } from '../api/client.js';
import { type ClockMove, moveClockAllTheWay } from '../api/local.js';
import { applyFixture, localClient } from '../fixtures/apply.js';
import { fixtureObject, type LoadedFixture, readFixture } from '../fixtures/format.js';
import { start } from '../server/index.js';
import { after, readSpan, type Span } from '../shared/duration.js';
import type { Sandbox, SandboxOptions } from './types.js';
import { EventLog, Receiver } from './webhooks.js';

export type * from './types.js';

export async function startSandbox(opts: SandboxOptions = {}): Promise<Sandbox> {
  const data = opts.data ?? 'empty';
  // A fixture is read (and checked) before anything starts.
  let fixture: LoadedFixture | undefined;
  if (typeof data === 'object') fixture = fixtureObject(data);
  else if (data !== 'empty' && data !== 'demo')
    fixture = readFixture(readFileSync(data, 'utf8'), data);
  const startDate = opts.clock === undefined ? undefined : new Date(opts.clock);
  if (startDate && Number.isNaN(startDate.getTime()))
    throw new TypeError(`startSandbox: clock is not a date: ${String(opts.clock)}`);
  const startAt = startDate?.toISOString();
  const service = await start({
    port: opts.port ?? 0,
    seed: data === 'demo' ? 'demo' : 'empty',
    runJobs: true,
  });
  const receivers = new Set<Receiver>();
  const log = new EventLog();
  const clients: ApiClient[] = [];
  const client = (token?: string) => {
    const c = localClient(service.url, token);
    clients.push(c);
    return c;
  };
  const owner = service.owner!;
  const seller = client(owner.personal_access_token);
  const local = client();

  /** Moves the clock as `billing clock` does: again until nothing remains on the way. */
  const move = async (body: ClockMove) => {
    await moveClockAllTheWay(local, body);
  };
  const now = async () =>
    new Date((await local.request<{ now: string }>('GET', '/__local/clock')).now);

  let organizationId = owner.organization_id;
  const load = async () => {
    if (startAt) await move({ set: startAt });
    if (fixture) {
      // The fixture's first organization, when it declares some; else the seeded one.
      const declares = Object.keys(fixture.fixture.organizations ?? {}).length > 0;
      const applied = await applyFixture(fixture, seller, {
        organizationId: declares ? undefined : owner.organization_id,
      });
      organizationId = applied.organizationId;
    }
    log.clear();
    await log.receiver.register(seller, organizationId);
  };
  try {
    await load();
  } catch (err) {
    await log.close();
    await service.stop();
    for (const c of clients) await c.close();
    throw err;
  }

  let stopped = false;
  return {
    url: service.url,
    token: owner.personal_access_token,
    get organizationId() {
      return organizationId;
    },
    async customerToken(email) {
      const found = await seller.request<{ items: { id: string }[] }>('GET', '/v1/customers/', {
        query: { organization_id: organizationId, email, limit: 1 },
      });
      const customerId =
        found.items[0]?.id ??
        (
          await seller.request<{ id: string }>('POST', '/v1/customers/', {
            body: { email, organization_id: organizationId },
          })
        ).id;
      const session = await seller.request<{ token: string }>('POST', '/v1/customer-sessions/', {
        body: { customer_id: customerId },
      });
      return session.token;
    },
    async advance(duration) {
      const span: Span | { refused: string } =
        typeof duration === 'number' ? { months: 0, seconds: duration } : readSpan(duration);
      if ('refused' in span) throw new TypeError(`advance: ${span.refused}`);
      const from = await now();
      await move({ advance_seconds: (after(from, span).getTime() - from.getTime()) / 1000 });
    },
    async setClock(date) {
      const at = new Date(date);
      if (Number.isNaN(at.getTime())) throw new TypeError(`setClock: not a date: ${String(date)}`);
      await move({ set: at.toISOString() });
    },
    now,
    async reset() {
      await local.request('POST', '/__local/reset', { idempotent: true });
      await load();
      // Endpoints went with the reset: the receivers are registered again.
      for (const receiver of receivers) await receiver.register(seller, organizationId);
    },
    events: () => log.iterate(),
    webhooks: {
      async receive(handler) {
        const receiver = new Receiver(handler);
        receivers.add(receiver);
        return receiver.register(seller, organizationId);
      },
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      for (const receiver of receivers) await receiver.close();
      receivers.clear();
      await log.close();
      await service.stop();
      for (const c of clients) await c.close();
    },
  };
}
