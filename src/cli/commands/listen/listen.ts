// billing listen [<forward-url>] → GET /v1/cli/listen/{organization_id} (Server-Sent Events):
// each event of the organization forwarded to the handler being written, as the service
// would deliver it, or printed as a JSON line (session.ts does the work).

import { Option } from '@commander-js/extra-typings';
import { UsageError } from '../../../errors.js';
import type { Context } from '../../context.js';
import { collect, uuid } from '../../input.js';
import { organization } from '../shared.js';
import { verb } from '../verb.js';
import { EVENTS_HELP, endpointUrl, eventTypes } from '../webhooks/common.js';
import type { Timing } from './session.js';

export interface ListenOptions {
  /** Where each event is POSTed; absent with --json alone. */
  forward?: string;
  /** Only these types (all when absent). */
  events?: string[];
  org?: string;
  /** Check each event's signature against the stream's secret (not with --skip-verify). */
  verify: boolean;
  /** Each event's body as one JSON line on stdout. */
  json: boolean;
  /** Tests shorten the waits. */
  timing?: Partial<Timing>;
}

export async function runListen(opts: ListenOptions, ctx: Context): Promise<void> {
  const org = await organization(opts.org, ctx, 'listen');
  const { session } = await import('./session.js');
  await session(opts, org, ctx);
}

export const buildListen = verb(runListen, {
  command: (parent) =>
    parent
      .command('listen')
      .summary('forward the events of an organization to your webhook handler')
      .description(
        'Deliver the events of an organization to the webhook handler you are writing, as ' +
          'they happen: each is POSTed to <forward-url> as the service would send it, the body ' +
          'as signed with its webhook-id, webhook-timestamp and webhook-signature headers. ' +
          "Verify them with the signing secret the banner prints (the SDK's " +
          'validateEvent(body, headers, secret)). A line on stdout per event the handler took ' +
          '(time, type, event id, status, latency); a warning on stderr per event it refused ' +
          'or could not take, or whose signature did not verify. --json prints each event as ' +
          'one JSON line instead (no URL needed). Reconnects when the stream drops, the ' +
          'service restarts or the service asks it to (the real one does every 10 minutes), ' +
          'never handing an event on twice, and warns when the service says events may have ' +
          'been missed. The stream is not trusted beyond that: the signing secret is the ' +
          'first it announces (another one later is a warning, and the events signed with it ' +
          'do not verify), only the webhook-*, content-type and user-agent headers reach the ' +
          'handler, and a message over 16 MiB is skipped with a warning.',
      )
      .argument('[forward-url]', 'where to POST each event, e.g. http://localhost:3000/webhooks')
      .option('--events <types>', `only these: ${EVENTS_HELP}`, collect)
      .option('--org <id>', "the organization (default: the profile's, as BILLING_ORG)")
      .option('--skip-verify', 'do not check the signatures of the stream')
      .option('--json', 'print each event on stdout as one JSON line (same as -o ndjson)')
      .addOption(
        new Option('-o, --output <format>', 'ndjson: each event as one JSON line').choices([
          'ndjson',
        ] as const),
      ),
  options: (forward, opts): ListenOptions => {
    const json = Boolean(opts.json) || opts.output === 'ndjson';
    const options: ListenOptions = { verify: !opts.skipVerify, json };
    if (forward !== undefined) options.forward = endpointUrl('forward-url', forward);
    else if (!json) {
      throw new UsageError('a forward URL is required, or --json to print the events', {
        hint: 'e.g. billing listen http://localhost:3000/webhooks, or billing listen -o ndjson',
      });
    }
    // `all` is no filter at all.
    const events = eventTypes(opts.events);
    if (events && events !== 'all') options.events = events;
    if (opts.org !== undefined) options.org = uuid('--org', opts.org);
    return options;
  },
  examples: [
    'billing listen http://localhost:3000/webhooks',
    'billing listen http://localhost:3000/webhooks --events order.created,subscription.revoked',
    'billing listen -o ndjson | jq -r \'.type + " " + .data.id\'',
  ],
});
