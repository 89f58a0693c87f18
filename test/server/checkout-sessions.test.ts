// The one confirm (services/checkout-sessions.ts, issue 25): the API's and the hosted page's go
// through the same application service. While a confirm holds a checkout's lock (its payment
// processor has not answered), another is refused (the API) or waits for the release and looks
// again (the page); the lock is the instance's own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutLocked, NotOpenCheckout } from '../../src/server/domain/errors.js';
import { parseConfirm } from '../../src/server/routes/checkouts-body.js';
import { CheckoutSessions } from '../../src/server/services/checkout-sessions.js';
import { BUYER, gate, type Service, startService } from './helpers.js';

let svc: Service;
beforeAll(async () => {
  svc = await startService();
});
afterAll(() => svc.stop());

/** A service whose processor holds each confirm until the test lets it answer. */
function held() {
  const inside = gate();
  const answer = gate();
  const calls: string[] = [];
  const sessions = new CheckoutSessions(svc.running.store, svc.running.clock, async (id) => {
    calls.push(id);
    inside.open();
    await answer.passed;
  });
  return { sessions, inside, answer, calls };
}

const changes = (email: string) => () =>
  parseConfirm({ customer_email: email, ...BUYER, confirmation_token_id: 'tok_visa' });
const statusOf = (id: string) => svc.running.store.row('checkouts', id)!.status;

describe('the confirm of a checkout', () => {
  it('refuses a second confirm while the first holds the lock; the first confirms', async () => {
    const id = svc.demo.open_checkout_ids[0]!;
    const { sessions, inside, answer } = held();
    const first = sessions.confirm(id, changes('first@example.com'), 'refuse', (_w, token) => ({
      token,
      status: statusOf(id),
    }));
    await inside.passed;
    await expect(
      sessions.confirm(id, changes('second@example.com'), 'refuse', () => 'second'),
    ).rejects.toBeInstanceOf(CheckoutLocked);
    answer.open();
    // Read inside the confirm's unit of work: confirmed, before the payment's job ran.
    expect(await first).toMatchObject({ status: 'confirmed', token: expect.any(String) });
    expect(statusOf(id)).toBe('succeeded');
  });

  it('lets a waiting confirm go on once the first ends: it finds the checkout confirmed', async () => {
    const id = svc.demo.open_checkout_ids[1]!;
    const { sessions, inside, answer, calls } = held();
    const first = sessions.confirm(id, changes('wait1@example.com'), 'wait', () => 'first');
    await inside.passed;
    const second = sessions.confirm(id, changes('wait2@example.com'), 'wait', () => 'second');
    const outcome = second.then(
      () => 'confirmed again',
      (err: unknown) => err,
    );
    answer.open();
    expect(await first).toBe('first');
    expect(await outcome).toBeInstanceOf(NotOpenCheckout);
    // The second never reached the processor: one payment.
    expect(calls).toEqual([id]);
  });

  it('lets a waiting confirm confirm when the first failed and let go of the lock', async () => {
    await svc.reset();
    const id = svc.demo.open_checkout_ids[0]!;
    const inside = gate();
    const answer = gate();
    let n = 0;
    const sessions = new CheckoutSessions(svc.running.store, svc.running.clock, async () => {
      if (++n > 1) return;
      inside.open();
      await answer.passed;
      throw new Error('card declined');
    });
    const first = sessions.confirm(id, changes('fail@example.com'), 'wait', () => 'first');
    await inside.passed;
    const second = sessions.confirm(id, changes('retry@example.com'), 'wait', () => 'second');
    answer.open();
    await expect(first).rejects.toThrow('card declined');
    expect(await second).toBe('second');
    expect(svc.running.store.row('checkouts', id)!.customer_email).toBe('retry@example.com');
  });

  it('keeps one lock per service: another instance does not see this one’s', async () => {
    const id = svc.demo.open_checkout_ids[3]!;
    const { sessions, inside, answer } = held();
    const other = held();
    const first = sessions.confirm(id, changes('free@example.com'), 'refuse', () => 'first');
    await inside.passed;
    // Its own lock is free: it goes as far as its own processor.
    const second = other.sessions.confirm(id, changes('free2@example.com'), 'refuse', () => 'x');
    await other.inside.passed;
    answer.open();
    expect(await first).toBe('first');
    other.answer.open();
    await expect(second).rejects.toBeInstanceOf(NotOpenCheckout);
  });
});
