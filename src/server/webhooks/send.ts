// One delivery attempt over HTTP (delivery.ts decides what and when): a POST with the Standard
// Webhooks headers, on undici's agent dispatch, of which at most RESPONSE_CHARS of the answer
// are kept; no answer within the timeout, a refused connection or the service's own address
// (self-address.ts, checked where the connection is made) is an attempt without an HTTP code.
import { StringDecoder } from 'node:string_decoder';
import { Webhook } from 'standardwebhooks';
import { Agent, buildConnector, type Dispatcher } from 'undici';
import { type Lookup, type SelfAddress, SelfAddressError, systemLookup } from './self-address.js';

/** The part of an answer kept in the delivery row (the real service keeps 2048 characters). */
const RESPONSE_CHARS = 2048;

export const USER_AGENT = 'polar.sh webhooks';

/** The Standard Webhooks headers of one delivery of `payload`, signed with `secret`'s UTF-8. */
export function signedHeaders(
  secret: string,
  id: string,
  payload: string,
  at = new Date(),
): Record<string, string> {
  // The kept library signs (the house's rule: no hand-rolled crypto). The key is the secret's
  // UTF-8 bytes as they are (the real service base64-encodes them for its library, which
  // decodes them again).
  const signature = new Webhook(Buffer.from(secret, 'utf8'), { format: 'raw' }).sign(
    id,
    at,
    payload,
  );
  return {
    'user-agent': USER_AGENT,
    'content-type': 'application/json',
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': signature,
  };
}

export interface Outcome {
  code: number | null;
  response: string | null;
}

export class Sender {
  private readonly agent: Agent;
  /** The attempts in flight, each ended with an outcome by calling it (a timeout, stop). */
  private readonly inFlight = new Set<(outcome: Outcome) => void>();
  private readonly targets = new Map<string, { origin: string; path: string }>();

  constructor(
    private readonly timeoutMs: number,
    self?: SelfAddress,
    lookup: Lookup = systemLookup,
  ) {
    this.agent = new Agent({
      connections: 4,
      connect: self ? guardedConnector(self, lookup, timeoutMs) : { timeout: timeoutMs },
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
  }

  /** Ends every attempt in flight (as not answered) and closes the connections. */
  async destroy(): Promise<void> {
    for (const cancel of [...this.inFlight]) cancel({ code: null, response: 'stopped' });
    await this.agent.destroy().catch(() => {});
  }

  /**
   * POSTs `body` and keeps at most RESPONSE_CHARS of the answer; the request is dispatched before
   * this returns. Straight on the agent's dispatch (undici's request() wraps each answer in a
   * stream, an async iterator and an AbortSignal: half of what a delivery cost, issue 30's
   * profile).
   */
  send(url: string, headers: Record<string, string>, body: string): Promise<Outcome> {
    const target = this.targetOf(url);
    const { timeoutMs } = this;
    return new Promise<Outcome>((resolve) => {
      let controller: Dispatcher.DispatchController | undefined;
      let code: number | null = null;
      let text = '';
      const decoder = new StringDecoder('utf8');
      const end = (outcome: Outcome) => {
        if (!this.inFlight.delete(cancel)) return;
        clearTimeout(timer);
        resolve(outcome);
      };
      const answered = () =>
        end({ code, response: text.replaceAll('\0', '').slice(0, RESPONSE_CHARS) || null });
      // Ends the attempt now; the request is not sent if it has not been yet.
      const cancel = (outcome: Outcome) => {
        end(outcome);
        controller?.abort(new Error(outcome.response ?? 'stopped'));
      };
      this.inFlight.add(cancel);
      const timer = setTimeout(
        () => cancel({ code: null, response: `No answer within ${timeoutMs / 1000} s` }),
        timeoutMs,
      );
      if (target instanceof Error) {
        end({ code: null, response: target.message });
        return;
      }
      this.agent.dispatch(
        { origin: target.origin, path: target.path, method: 'POST', headers, body },
        {
          onRequestStart: (c) => {
            controller = c;
            if (!this.inFlight.has(cancel)) c.abort(new Error('the attempt ended'));
          },
          onResponseStart: (_c, statusCode) => {
            code = statusCode;
          },
          onResponseData: (c, chunk) => {
            text += decoder.write(chunk);
            // Enough kept: the rest of the answer is not read (the connection is dropped).
            if (text.length >= RESPONSE_CHARS) {
              answered();
              c.abort(new Error('enough of the answer read'));
            }
          },
          onResponseEnd: () => {
            text += decoder.end();
            answered();
          },
          onResponseError: (_c, err) => {
            if (err instanceof SelfAddressError) end({ code: null, response: err.message });
            else end({ code: null, response: err.message || String(err) });
          },
        },
      );
    });
  }

  /** Where a URL's deliveries go (parsed once per URL); an error when it is not a URL. */
  private targetOf(url: string): { origin: string; path: string } | Error {
    let target = this.targets.get(url);
    if (!target) {
      try {
        const u = new URL(url);
        target = { origin: u.origin, path: `${u.pathname}${u.search}` };
      } catch (err) {
        return err as Error;
      }
      if (this.targets.size >= 1000) this.targets.clear();
      this.targets.set(url, target);
    }
    return target;
  }
}

/**
 * Connects only to addresses that are not the service's own: the name is resolved here, every
 * address it has is checked, and the connection goes to the address checked (TLS still names
 * the host). Refused, the delivery fails without a request being made.
 */
function guardedConnector(
  self: SelfAddress,
  lookup: Lookup,
  timeout: number,
): buildConnector.connector {
  const connect = buildConnector({ timeout });
  return (opts, callback) => {
    const port = Number(opts.port) || (opts.protocol === 'https:' ? 443 : 80);
    lookup(opts.hostname).then(
      (found) => {
        const own = found.find((a) => self.isOwnAddress(a.address, port));
        if (own) {
          const why = `${opts.hostname} is ${own.address}, this service's own address at port ${port}`;
          callback(
            new SelfAddressError(`Not sent: ${why}; a delivery never calls the service itself.`),
            null,
          );
          return;
        }
        const first = found[0];
        if (!first) callback(new Error(`${opts.hostname} has no address`), null);
        else connect({ ...opts, hostname: first.address }, callback);
      },
      (err: Error) => callback(err, null),
    );
  };
}
