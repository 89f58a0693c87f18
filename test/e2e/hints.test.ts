// Advice must lead somewhere (issue 24): every refusal that suggests a command is met here in the
// state it is printed in, against the local service, and the command suggested is run: it must
// work there. Suggestions with a placeholder (<key-id>) are guidance only; every other `billing …`
// in a hint is run as it stands.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Json, type Suite, startSuite } from './cli.js';

let s: Suite;

beforeAll(async () => {
  s = await startSuite();
});
afterAll(() => s.svc.stop());

/** The runnable commands in a hint: each `billing …` up to `;`, a comma or the end of line. */
function suggested(stderr: string): string[][] {
  const hint = stderr.split('\n').slice(1).join('\n');
  return [...hint.matchAll(/billing ((?:[^;,\n<])+)/g)]
    .map((m) => m[1]!.trim().replace(/[.)]$/, ''))
    .filter((c) => !c.includes('<'))
    .map((c) => c.split(/\s+/));
}

/** A running subscription of the demo no case has used yet (seller). */
async function activeSubscription(): Promise<Json> {
  const page = await s.call('GET', '/v1/subscriptions/?active=true&limit=100');
  const sub = page.items.find((x: Json) => !x.cancel_at_period_end && !used.has(x.id));
  expect(sub, 'a running demo subscription').toBeDefined();
  used.add(sub.id);
  return sub;
}
const used = new Set<string>();

interface Case {
  name: string;
  /** Puts the service in the state, and returns the command refused there. */
  arrange(): Promise<string[]>;
  /** What the hint must offer. */
  offers: RegExp;
}

const cases: Case[] = [
  {
    name: 'subs cancel of one that already ends with its period',
    async arrange() {
      const sub = await activeSubscription();
      await s.call('PATCH', `/v1/subscriptions/${sub.id}`, { cancel_at_period_end: true });
      return ['subs', 'cancel', sub.id];
    },
    offers: /billing subs resume /,
  },
  {
    name: 'subs cancel of one that has ended',
    async arrange() {
      const sub = await activeSubscription();
      await s.call('DELETE', `/v1/subscriptions/${sub.id}`);
      return ['subs', 'cancel', sub.id];
    },
    offers: /billing checkout create --help/,
  },
  {
    name: 'subs change-price of one that ends with its period',
    async arrange() {
      const sub = await activeSubscription();
      await s.call('PATCH', `/v1/subscriptions/${sub.id}`, { cancel_at_period_end: true });
      return ['subs', 'change-price', sub.id, '--price', sub.price_id];
    },
    offers: /Resume it first: billing subs resume /,
  },
  {
    name: 'subs revoke of one that has ended',
    async arrange() {
      const sub = await activeSubscription();
      await s.call('DELETE', `/v1/subscriptions/${sub.id}`);
      return ['subs', 'revoke', sub.id, '--yes'];
    },
    offers: /billing subs get /,
  },
  {
    name: 'products update --archive-price of a price it does not have',
    async arrange() {
      const product = (await s.call('GET', '/v1/products/?is_archived=false&limit=1')).items[0];
      return ['products', 'update', product.id, '--archive-price', s.demo.organization_id];
    },
    offers: /billing products get /,
  },
];

describe('every hint that suggests a command, in its state', () => {
  it.each(cases)('$name', async ({ arrange, offers }) => {
    const first = await s.run(await arrange());
    expect(first.code, first.stderr).not.toBe(0);
    expect(first.stderr).toMatch(offers);
    const count = suggested(first.stderr).length;
    expect(count, `a runnable command in:\n${first.stderr}`).toBeGreaterThan(0);
    // A hint may offer ways out one or the other: each is tried in the state anew.
    for (let k = 0; k < count; k++) {
      const refused = k === 0 ? first : await s.run(await arrange());
      const command = suggested(refused.stderr)[k]!;
      const r = await s.run(command);
      expect({ command: command.join(' '), code: r.code, stderr: r.stderr }).toMatchObject({
        code: 0,
      });
    }
  });
});
