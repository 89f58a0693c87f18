// The CLI event stream cannot be turned into a load on the service (issue 23): streams are
// capped per organization and per token (429 in the service's error shape), an event's message
// is built once for all the streams of its organization, and a client that reconnects with a
// Last-Event-ID the service cannot resume from is told so before anything else.
import { request } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Json, type Service, startService } from '../server/helpers.js';

const LIMITS = { maxPerOrganization: 6, maxPerToken: 5, maxReplay: 3 };

let svc: Service;
const acmeOrg = () => svc.demo.organization_id;

beforeAll(async () => {
  svc = await startService({ events: { listen: LIMITS } });
});
afterAll(() => svc.stop());
/** Every stream a test opened is closed after it, and the service has let go of them. */
afterEach(async () => {
  await closeAll([...live]);
});

interface Stream {
  status: number;
  body: Json;
  /** The raw text of each frame, in order. */
  frames: string[];
  /** Each data frame's JSON. */
  messages(): Json[];
  /** Resolves once `count` data frames have arrived. */
  waitFor(count: number): Promise<Json[]>;
  closed: Promise<void>;
  close(): void;
}

const live = new Set<Stream>();

function open(token: string, lastEventId?: string, org = acmeOrg()): Promise<Stream> {
  const headers: Record<string, string> = {
    accept: 'text/event-stream',
    authorization: `Bearer ${token}`,
  };
  if (lastEventId !== undefined) headers['last-event-id'] = lastEventId;
  return new Promise((resolve, reject) => {
    const req = request(`${svc.url}/v1/cli/listen/${org}`, { headers });
    req.on('error', reject);
    req.on('response', (res) => {
      const frames: string[] = [];
      const waiters: (() => void)[] = [];
      let buffer = '';
      res.setEncoding('utf8');
      const closed = new Promise<void>((done) => res.on('close', () => done()));
      const messages = () =>
        frames
          .map((f) => /^data: (.*)$/m.exec(f)?.[1])
          .filter((d) => d !== undefined)
          .map((d) => JSON.parse(d!));
      const stream: Stream = {
        status: res.statusCode ?? 0,
        body: undefined,
        frames,
        messages,
        closed,
        waitFor(count) {
          return new Promise((done, fail) => {
            const timer = setTimeout(
              () => fail(new Error(`${messages().length} of ${count}`)),
              10_000,
            );
            const check = () => {
              if (messages().length >= count) {
                clearTimeout(timer);
                done(messages());
              } else waiters.push(check);
            };
            check();
          });
        },
        close: () => req.destroy(),
      };
      live.add(stream);
      closed.then(() => live.delete(stream));
      if (stream.status !== 200) {
        res.on('data', (d: string) => {
          buffer += d;
        });
        res.on('end', () => resolve({ ...stream, body: JSON.parse(buffer) }));
        return;
      }
      res.on('data', (chunk: string) => {
        buffer += chunk;
        for (let end = buffer.indexOf('\r\n\r\n'); end >= 0; end = buffer.indexOf('\r\n\r\n')) {
          frames.push(buffer.slice(0, end));
          buffer = buffer.slice(end + 4);
        }
        for (const w of waiters.splice(0)) w();
      });
      resolve(stream);
    });
    req.end();
  });
}

const rename = async (name: string) => {
  const r = await svc.api('PATCH', `/v1/organizations/${acmeOrg()}`, {
    token: svc.alice,
    body: { name },
  });
  expect(r.status).toBe(200);
};

async function closeAll(streams: Stream[]): Promise<void> {
  for (const s of streams) s.close();
  await Promise.all(streams.map((s) => s.closed));
  // The service lets go of them too (its count is what the caps read).
  while (svc.running.events.hub.size > live.size)
    await new Promise((resolve) => setImmediate(resolve));
}

describe('streams per organization and per token', () => {
  it('a token past its cap gets a 429 naming it; another token may still open one', async () => {
    const streams: Stream[] = [];
    try {
      for (let i = 0; i < LIMITS.maxPerToken; i++) {
        const s = await open(svc.alice);
        expect(s.status).toBe(200);
        await s.waitFor(1);
        streams.push(s);
      }
      const tooMany = await open(svc.alice);
      expect(tooMany.status).toBe(429);
      expect(tooMany.body).toEqual({
        error: 'TooManyRequests',
        detail: `This token already has ${LIMITS.maxPerToken} event streams open, the most this service allows at once. Close one (another billing listen) and try again.`,
      });
      // Another token of the same organization: the organization's cap is not reached yet.
      const other = await open(await svc.pat(['webhooks:read']));
      expect(other.status).toBe(200);
      streams.push(other);
      // Now the organization's is.
      const third = await open(await svc.pat(['webhooks:read']));
      expect(third.status).toBe(429);
      expect(third.body).toEqual({
        error: 'TooManyRequests',
        detail: `This organization already has ${LIMITS.maxPerOrganization} event streams open, the most this service allows at once. Close one (another billing listen) and try again.`,
      });
      // Another organization is not held back by this one's streams.
      const globex = await open(svc.bob, undefined, svc.demo.other.organization_id);
      expect(globex.status).toBe(200);
      streams.push(globex);
      // A stream closed frees its place.
      const first = streams.shift()!;
      first.close();
      await first.closed;
      while (svc.running.events.hub.size > LIMITS.maxPerOrganization)
        await new Promise((resolve) => setImmediate(resolve));
      const again = await open(svc.alice);
      expect(again.status).toBe(200);
      streams.push(again);
    } finally {
      await closeAll(streams);
    }
  });
});

describe('one message per event, however many listen', () => {
  it.each([1, 5])(
    'with %i streams an event is built once and the same bytes go to each',
    async (n) => {
      const streams: Stream[] = [];
      try {
        for (let i = 0; i < n; i++) {
          const s = await open(svc.alice);
          await s.waitFor(1);
          streams.push(s);
        }
        const hub = svc.running.events.hub;
        const built = hub.messagesBuilt;
        await rename(`Acme Shared ${n}`);
        const frames: (string | undefined)[] = [];
        for (const s of streams) {
          await s.waitFor(2);
          frames.push(s.frames.at(-1));
        }
        expect(hub.messagesBuilt - built).toBe(1);
        expect(new Set(frames).size).toBe(1);
      } finally {
        await closeAll(streams);
      }
    },
  );
});

describe('resuming after Last-Event-ID', () => {
  /** The id of the event that renamed Acme to `name`, as a stream saw it. */
  async function seenId(name: string): Promise<string> {
    const s = await open(svc.alice);
    try {
      await s.waitFor(1);
      await rename(name);
      await s.waitFor(2);
      // The SSE id (the event's; the message's own id is fresh, as the real service's).
      const frame = s.frames.find((f) => f.includes('"webhook.created"'))!;
      return /^id: (.+?)\r?$/m.exec(frame)![1]!;
    } finally {
      await closeAll([s]);
    }
  }

  const names = (messages: Json[]) =>
    messages
      .filter((m) => m.key === 'webhook.created')
      .map((m) => JSON.parse(m.payload.payload).data.name);

  it('within the replay window: the missed events, no notice', async () => {
    const id = await seenId('Acme Seen');
    await rename('Acme Missed 1');
    await rename('Acme Missed 2');
    const s = await open(svc.alice, id);
    try {
      await s.waitFor(3);
      await rename('Acme Live');
      const got = await s.waitFor(4);
      expect(got.map((m) => m.key)).toEqual([
        'connected',
        'webhook.created',
        'webhook.created',
        'webhook.created',
      ]);
      expect(names(got)).toEqual(['Acme Missed 1', 'Acme Missed 2', 'Acme Live']);
    } finally {
      await closeAll([s]);
    }
  });

  it('more missed than the window: a notice, then the newest ones, then live', async () => {
    const id = await seenId('Acme Before');
    for (let i = 1; i <= 5; i++) await rename(`Acme Gone ${i}`);
    const s = await open(svc.alice, id);
    try {
      await s.waitFor(5);
      await rename('Acme Live Again');
      const got = await s.waitFor(6);
      expect(got.map((m) => m.key)).toEqual([
        'connected',
        'resume_incomplete',
        'webhook.created',
        'webhook.created',
        'webhook.created',
        'webhook.created',
      ]);
      expect(got[1]).toEqual({
        key: 'resume_incomplete',
        detail: `Cannot resume after Last-Event-ID ${id} in full: 5 events happened since, more than the 3 this service replays. The 2 oldest of them are not sent; the newest 3 follow.`,
      });
      expect(names(got)).toEqual(['Acme Gone 3', 'Acme Gone 4', 'Acme Gone 5', 'Acme Live Again']);
    } finally {
      await closeAll([s]);
    }
  });

  it.each([
    ['an id it never sent', () => '3f0c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f'],
    ['not an id at all', () => 'yesterday'],
  ])('%s: a notice, then live events only', async (_what, lastId) => {
    const s = await open(svc.alice, lastId());
    try {
      await s.waitFor(2);
      await rename('Acme After Unknown');
      const got = await s.waitFor(3);
      expect(got.map((m) => m.key)).toEqual(['connected', 'resume_incomplete', 'webhook.created']);
      expect(got[1]).toEqual({
        key: 'resume_incomplete',
        detail: `Cannot resume after Last-Event-ID ${JSON.stringify(lastId())}: it is not an event of this organization that this service knows (it was reset, or runs on another database). Events from before this connection are not sent again.`,
      });
      expect(names(got)).toEqual(['Acme After Unknown']);
    } finally {
      await closeAll([s]);
    }
  });

  it('an event of another organization is not one it can resume from', async () => {
    const globex = svc.demo.other.organization_id;
    const s = await open(svc.bob, undefined, globex);
    let id: string;
    try {
      await s.waitFor(1);
      const r = await svc.api('PATCH', `/v1/organizations/${globex}`, {
        token: svc.bob,
        body: { name: 'Globex Renamed' },
      });
      expect(r.status).toBe(200);
      id = (await s.waitFor(2))[1].id;
    } finally {
      await closeAll([s]);
    }
    const acme = await open(svc.alice, id);
    try {
      const got = await acme.waitFor(2);
      expect(got[1]).toMatchObject({ key: 'resume_incomplete' });
      expect(got[1].detail).toContain('it is not an event of this organization');
    } finally {
      await closeAll([acme]);
    }
  });
});
