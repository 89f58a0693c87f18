// The public types of `billing/sandbox` (its .d.ts: scripts/build.mjs). No imports: the
// declarations a seller's editor reads stand alone.

export interface SandboxOptions {
  /**
   * What is in it: `empty` (the default: one organization with nothing in it, and its owner's
   * token), `demo` (the demo catalogue, customers and history of `billing serve`), or a fixture
   * applied to the empty one through the API: a file's path, or the fixture itself as an object
   * (fixture.schema.json; README "Fixtures").
   */
  data?: 'empty' | 'demo' | (string & {}) | Fixture;
  /** Where the clock starts (a Date or an ISO date-time); wall time when omitted. */
  clock?: Date | string;
  /** The port on 127.0.0.1; any free one when omitted (0). */
  port?: number;
}

export interface Sandbox {
  /** The service's base URL, for the SDK's `serverURL` or your client's. */
  readonly url: string;
  /** A personal access token of the organization's owner, every scope. */
  readonly token: string;
  /** The organization the token acts for (a fixture's first, when it declares organizations). */
  readonly organizationId: string;
  /** A customer session token for the customer with this email, created when missing. */
  customerToken(email: string): Promise<string>;
  /**
   * Moves the clock forward (`'31d'`, `'1mo'`, `'1y'`, or seconds), processing what falls due
   * on the way: renewals, expiries, ends of cancelled subscriptions.
   */
  advance(duration: string | number): Promise<void>;
  /** Moves the clock to this date (forward: what falls due on the way happens). */
  setClock(date: Date | string): Promise<void>;
  /** The clock's date now. */
  now(): Promise<Date>;
  /** Back to the data it started with (the fixture applied again) and the clock it started at. */
  reset(): Promise<void>;
  /**
   * The organization's events since the sandbox was ready (its data loaded) or last reset, then each as it is
   * delivered, in today's webhook form (`{type, timestamp, data}`); ends when the sandbox stops.
   */
  events(): AsyncGenerator<WebhookEvent>;
  webhooks: {
    /**
     * Registers a webhook endpoint on a loopback server of its own and calls `handler` with each
     * delivery, its signature checked, one at a time in the order the events happened. A handler
     * that throws fails the delivery, which is retried later as the real service retries (5 s,
     * then doubling). Returns the endpoint (its URL and signing secret).
     */
    receive(handler: WebhookHandler): Promise<{ id: string; url: string; secret: string }>;
  };
  stop(): Promise<void>;
}

/** A delivery's body in today's generation: `{type, timestamp, data}`. */
export interface WebhookEvent {
  type: string;
  timestamp: string;
  data: { id?: string } & Record<string, unknown>;
}

export interface Delivery {
  /** The `webhook-id` header. */
  id: string;
  headers: Record<string, string | string[] | undefined>;
  /** The body as sent, what the signature covers. */
  body: string;
}

export type WebhookHandler = (event: WebhookEvent, delivery: Delivery) => unknown;

export interface Endpoint {
  id: string;
  url: string;
  secret: string;
}

/** A fixture (fixture.schema.json): today's create bodies by kind and name, with `${kind.name.id}` references. */
export interface Fixture {
  $schema?: string;
  organizations?: Record<string, Record<string, unknown>>;
  benefits?: Record<string, Record<string, unknown>>;
  custom_fields?: Record<string, Record<string, unknown>>;
  products?: Record<string, Record<string, unknown>>;
  discounts?: Record<string, Record<string, unknown>>;
  customers?: Record<string, Record<string, unknown>>;
  subscriptions?: Record<string, Record<string, unknown>>;
  webhook_endpoints?: Record<string, Record<string, unknown>>;
}
