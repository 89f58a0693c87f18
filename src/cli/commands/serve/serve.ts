// `billing serve`: runs the local billing service until SIGINT/SIGTERM.
import { Option } from '@commander-js/extra-typings';
import { UsageError } from '../../../errors.js';
import type { LoadedFixture } from '../../../fixtures/format.js';
import type { FaultSpec } from '../../../server/faults.js';
import { isLoopbackHost } from '../../../shared/local.js';
import type { Context } from '../../context.js';
import { loadFixture } from '../fixtures/apply.js';
import { verb } from '../verb.js';

export interface ServeOptions {
  port: number;
  host: string;
  db?: string;
  seed?: 'demo' | 'empty' | 'none';
  /** A fixture file, read and checked already, applied through the API once started. */
  fixtures?: { file: string; fixture: LoadedFixture };
  orders?: number;
  authUrl?: string;
  /** Parsed already: a bad spec is a usage error before anything starts. */
  faults?: FaultSpec;
  rateLimit: boolean;
  json: boolean;
  allowedHosts?: string[];
  quiet: boolean;
  /** A webhook endpoint of the demo organization, registered at start. */
  webhook?: string;
}

const FAULTS_HELP = `
Faults (--faults; also GET/PUT/DELETE /__local/faults, never faulted itself):
  <rule>[;<rule>...][;seed=<n>][;retry-after=<s>]
  rule:   <fault>:<share>,...[,latency:<ms>[-<ms>]][,retry-after:<s>][,max:<n>]
          [@<match>]
  fault:  503 | 502 | 429  that status, an empty body (Retry-After on 503/429,
                          default 1 s)
          reset           drop the connection before the request is handled
          reset-after     handle (and commit) it, then drop the connection
  share:  0.05 or 5% of matching requests; one draw each from the seeded PRNG
  max:    the rule is spent after n faults; the next matching rule applies
  match:  [METHOD[|METHOD...] ]<glob> on the path without the query: * matches
          anything (/ included), every other character is literal (no regular
          expressions); first matching rule wins; no @ = every path
  JSON:   {"seed":7,"rules":[{"match":"/v1/orders*","methods":["GET"],
          "503":0.1,"reset":0.05,"reset_after":0.02,"latency_ms":50,
          "retry_after":1,"max":3}]}
`;

/** `--webhook <url>`: where the demo organization's events are delivered. */
function webhookOption(value: string): string {
  let ok = false;
  try {
    ok = ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    ok = false;
  }
  if (!ok) throw new UsageError(`--webhook must be an http:// or https:// URL, got "${value}"`);
  return value;
}

/** `--allowed-host name` or `name:port`, repeatable. */
function hostOption(value: string, previous: string[] = []): string[] {
  const m = /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?$/.exec(value);
  if (!m || (m[2] !== undefined && Number(m[2].slice(1)) > 65535)) {
    throw new UsageError(`--allowed-host must be a host name or host:port, got "${value}"`);
  }
  return [...previous, value];
}

function intOption(name: string, min: number, max: number) {
  return (value: string): number => {
    if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
      throw new UsageError(`${name} must be an integer from ${min} to ${max}, got "${value}"`);
    }
    return Number(value);
  };
}

export async function runServe(opts: ServeOptions, ctx: Context): Promise<void> {
  const { start, LARGE_DEMO_ORDERS } = await import('../../../server/index.js');
  const { json, quiet, fixtures, ...serviceOptions } = opts;
  if (fixtures && opts.seed === 'none')
    throw new UsageError('--fixtures needs an organization and its token: not with --seed none', {
      hint: 'Use --seed empty for your fixture alone, or the demo data (the default) beside it.',
    });
  let service: Awaited<ReturnType<typeof start>>;
  try {
    service = await start({
      ...serviceOptions,
      // One line per request on stderr, secrets redacted; stdout keeps only the --json line.
      log: quiet ? undefined : (line) => ctx.io.stderr.write(`${line}\n`),
    });
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'EADDRINUSE') {
      throw new UsageError(`port ${opts.port} on ${opts.host} is already in use`, {
        hint: 'Stop the other process, or pick another port with --port (0 = any free port).',
      });
    }
    throw err;
  }
  const demo = service.demo;
  const owner = service.owner;
  let organizationId = owner?.organization_id ?? null;
  if (fixtures && owner) {
    const { applyFixture, localClient } = await import('../../../fixtures/apply.js');
    const client = localClient(service.url, owner.personal_access_token);
    try {
      const declares = Object.keys(fixtures.fixture.fixture.organizations ?? {}).length > 0;
      const applied = await applyFixture(fixtures.fixture, client, {
        organizationId: declares ? undefined : owner.organization_id,
      });
      organizationId = applied.organizationId;
      ctx.io.stderr.write(`${fixtures.file}: ${applied.steps.length} objects applied\n`);
    } catch (err) {
      await service.stop();
      throw err;
    } finally {
      await client.close();
    }
  }
  const info = {
    url: service.url,
    auth_url: service.authUrl,
    organization_id: organizationId,
    personal_access_token: owner?.personal_access_token ?? null,
    client_id: demo?.client_id ?? null,
    demo: demo
      ? {
          open_checkout_ids: demo.open_checkout_ids,
          license_key: demo.license_key,
          customer_email: demo.customer_email,
        }
      : null,
    webhook: service.webhook ?? null,
  };
  if (!isLoopbackHost(opts.host)) {
    // The demo token is printed and /__local/* (reset, clock, token minting) has no auth.
    ctx.io.stderr.write(
      `! Listening on ${opts.host}: the demo token and the unauthenticated /__local/ control surface are reachable from other machines.\n`,
    );
  }
  if (json) {
    ctx.io.stdout.write(`${JSON.stringify(info)}\n`);
  } else {
    const lines = [
      `Billing service listening on ${service.url}`,
      `  database: ${opts.db ?? `${(opts.orders ?? 0) > LARGE_DEMO_ORDERS ? 'a temporary file, 16 MiB of it in memory' : 'in memory'} (use --db <file> to keep data)`}`,
    ];
    if (demo) {
      lines.push(
        `  organization: ${demo.organization_id} (Acme Software)`,
        `  personal access token: ${demo.personal_access_token}`,
        `  OAuth client id: ${demo.client_id}`,
      );
      if (service.webhook)
        lines.push(
          `  webhook: ${service.webhook.url}`,
          `  webhook secret: ${service.webhook.secret}`,
        );
      lines.push(
        '',
        'Try:',
        `  BILLING_TOKEN=${demo.personal_access_token} billing orders list`,
        `  billing keys activate ${demo.license_key} --org ${demo.organization_id} --label laptop`,
        '',
        'Press Ctrl+C to stop.',
      );
    } else if (owner) {
      // --seed empty (and a fixture's organization): no demo, but an organization and its token.
      lines.push(
        `  organization: ${organizationId}`,
        `  personal access token: ${owner.personal_access_token}`,
        '',
        'Try:',
        `  BILLING_TOKEN=${owner.personal_access_token} billing products list --org ${organizationId}`,
        '',
        'Press Ctrl+C to stop.',
      );
    }
    ctx.io.stderr.write(`${lines.join('\n')}\n`);
  }
  await new Promise<void>((resolve) => {
    if (ctx.signal.aborted) return resolve();
    ctx.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  await service.stop();
}

export const buildServe = verb(runServe, {
  command: (parent) =>
    parent
      .command('serve')
      .summary('run the local billing service (sandbox, tests, demos)')
      .description(
        'Run a complete local implementation of the Billing Service API, with demo data, ' +
          'on loopback. The CLI talks to it by default (profile "local").',
      )
      .option(
        '--port <port>',
        'port to listen on; 0 picks a free port',
        intOption('--port', 0, 65535),
        8787,
      )
      .option('--host <host>', 'address to bind', '127.0.0.1')
      .option(
        '--allowed-host <host>',
        'also answer to this host name, e.g. behind a proxy (host or host:port; repeatable)',
        hostOption,
      )
      .option('--db <file>', 'SQLite database file (default: in memory, lost on exit)')
      .addOption(
        new Option(
          '--seed <data>',
          'data for an empty database (default: demo; empty: one organization with nothing in it, and its token)',
        ).choices(['demo', 'empty', 'none'] as const),
      )
      .option(
        '--fixtures <file>',
        'apply this fixture file through the API once started (with --seed empty: your catalogue alone)',
      )
      .option(
        '--orders <n>',
        'orders in the demo history (default: 32)',
        intOption('--orders', 0, 5_000_000),
      )
      .option('--auth-url <url>', 'public URL of the authorization page (default: the service URL)')
      .option('--faults <spec>', 'inject errors, resets and latency (syntax below)')
      .option('--rate-limit', "enforce the real service's rate limits (429 + Retry-After)")
      .option(
        '--webhook <url>',
        "deliver the demo organization's events to this URL (its signing secret is printed)",
        webhookOption,
      )
      .option('--json', 'print one JSON line with the URL, credentials and demo ids')
      .option('--quiet', 'do not log each request on stderr'),
  options: async (opts): Promise<ServeOptions> => ({
    port: opts.port,
    host: opts.host,
    db: opts.db,
    seed: opts.seed,
    ...(opts.fixtures !== undefined
      ? { fixtures: { file: opts.fixtures, fixture: await loadFixture(opts.fixtures) } }
      : {}),
    orders: opts.orders,
    authUrl: opts.authUrl,
    faults: opts.faults === undefined ? undefined : await faultSpec(opts.faults),
    rateLimit: Boolean(opts.rateLimit),
    json: Boolean(opts.json),
    allowedHosts: opts.allowedHost,
    quiet: Boolean(opts.quiet),
    webhook: opts.webhook,
  }),
  examples: [
    'billing serve',
    'billing serve --port 0 --json',
    'billing serve --seed empty --fixtures shop.json',
    'billing serve --db ./billing.db --orders 100000',
    "billing serve --rate-limit --faults '503:0.1,reset:5%@GET /v1/*;seed=7'",
    'billing serve --webhook http://localhost:3000/webhooks',
  ],
  notes: FAULTS_HELP,
});

/** --faults, parsed: a bad spec is a usage error before anything starts. */
async function faultSpec(text: string): Promise<FaultSpec> {
  const { parseFaultSpec, FaultSpecError } = await import('../../../server/faults.js');
  try {
    return parseFaultSpec(text);
  } catch (err) {
    if (err instanceof FaultSpecError)
      throw new UsageError(`--faults: ${err.message.replace(/^fault spec: /, '')}`);
    throw err;
  }
}
