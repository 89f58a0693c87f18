// billing events ingest [file] → POST /v1/events/ingest, 1 000 events a request (today's API).
// Resumable: every event carries an external_id (made from its position and content when it
// has none, read.ts), and the service skips one it already has (event/repository.py
// insert_batch at c6c3645e, ON CONFLICT (organization_id, external_id) DO NOTHING): after an
// interruption, the same command sends everything again and only what is missing is inserted.
import { readFile } from 'node:fs/promises';
import type { EventCreate } from '../../../api/events.js';
import { ApiError, InterruptedError, UsageError } from '../../../errors.js';
import type { Context, OutputOptions } from '../../context.js';
import { integer, uuid } from '../../input.js';
import type { Column } from '../../io/index.js';
import { creationOrganization, done, outputOf, withOutput } from '../shared.js';
import { printOne, resources, verb } from '../verb.js';
import { readEvents } from './read.js';

export interface IngestOptions {
  /** A file, or undefined / '-' for stdin. */
  file?: string;
  org?: string;
  batchSize: number;
  output: OutputOptions;
}

const CARD: Column[] = [
  { header: 'Inserted', path: 'inserted' },
  { header: 'Duplicates', path: 'duplicates' },
];

async function readInput(
  opts: IngestOptions,
  ctx: Context,
): Promise<{ text: string; source: string }> {
  if (opts.file !== undefined && opts.file !== '-') {
    try {
      return { text: await readFile(opts.file, 'utf8'), source: opts.file };
    } catch (err) {
      const code = (err as { code?: string }).code;
      throw new UsageError(
        `events ingest: cannot read ${opts.file}${code === 'ENOENT' ? ': no such file' : code ? ` (${code})` : ''}`,
      );
    }
  }
  if (ctx.io.stdin.isTTY)
    throw new UsageError('events ingest: give a file, or pipe the events on stdin', {
      hint: 'e.g. billing events ingest usage.ndjson',
    });
  const chunks: Buffer[] = [];
  for await (const c of ctx.io.stdin) chunks.push(typeof c === 'string' ? Buffer.from(c) : c);
  return { text: Buffer.concat(chunks).toString('utf8'), source: 'stdin' };
}

/** The service's 422 names events by their index in the batch: name their lines instead. */
function atLines(err: unknown, offset: number, where: readonly string[]): unknown {
  if (!(err instanceof ApiError) || !err.details.length) return err;
  const details = err.details.map((d) => {
    const m = /^events\.(\d+)\.?(.*)$/.exec(d.field);
    const at = m ? where[offset + Number(m[1])] : undefined;
    return at ? { field: m![2] ? `${at}, ${m![2]}` : at, message: d.message } : d;
  });
  return new ApiError(err.status, err.message, {
    details,
    ...(err.hint ? { hint: err.hint } : {}),
    ...(err.code ? { code: err.code } : {}),
    body: err.body,
  });
}

export async function runIngest(opts: IngestOptions, ctx: Context): Promise<void> {
  const { events, client } = await resources(ctx, 'seller');
  client.needsToday('events');
  const { text, source } = await readInput(opts, ctx);
  const read = readEvents(text, source);
  if (read.events.length === 0) throw new UsageError(`events ingest: ${source} holds no events`);
  // A personal token acts for several organizations: each event names its own.
  const org = opts.org ?? (await creationOrganization(ctx, 'events ingest'));
  const all: EventCreate[] = org
    ? read.events.map((e) => (e.organization_id ? e : { ...e, organization_id: org }))
    : read.events;
  const { createProgress } = await import('../../io/index.js');
  const progress = createProgress(ctx.io.stderr);
  const total = { inserted: 0, duplicates: 0 };
  let sent = 0;
  try {
    for (let i = 0; i < all.length; i += opts.batchSize) {
      if (ctx.signal.aborted) throw new InterruptedError();
      progress.update(`Sending events… ${sent}/${all.length}`);
      const batch = all.slice(i, i + opts.batchSize);
      const answer = await events.ingest(client, batch).catch((err: unknown) => {
        throw atLines(err, i, read.where);
      });
      total.inserted += answer.inserted;
      total.duplicates += answer.duplicates ?? 0;
      sent += batch.length;
    }
  } catch (err) {
    progress.done();
    if (sent > 0)
      ctx.io.stderr.write(
        `The service confirmed ${sent} of ${all.length} events; the same command sends the rest ` +
          '(the service skips what it has).\n',
      );
    throw err;
  }
  progress.done();
  await printOne(ctx, opts.output, CARD, total);
  await done(
    ctx,
    `${all.length} events sent: ${total.inserted} inserted, ${total.duplicates} already there.`,
  );
}

export const buildIngest = verb(runIngest, {
  command: (parent) =>
    withOutput(
      parent
        .command('ingest')
        .summary('send usage events from a file or stdin')
        .description(
          'Send usage events to the service, 1 000 a request: NDJSON (one event per line), a ' +
            'JSON array of events or {"events": [...]}, from a file or stdin. Each event is ' +
            '{"name", "customer_id" or "external_customer_id", "timestamp"?, "metadata"?, ' +
            '"external_id"?}. Everything is checked before anything is sent.',
        )
        .argument('[file]', 'the events (default, or -: stdin)')
        .option('--org <id>', "organization of events that name none (default: the profile's)")
        .option('--batch-size <n>', 'events per request, 1-1000 (default: 1000)'),
      'INGESTED',
    ),
  options: (file, opts): IngestOptions => ({
    ...(file !== undefined ? { file } : {}),
    ...(opts.org !== undefined ? { org: uuid('--org', opts.org) } : {}),
    batchSize:
      opts.batchSize === undefined ? 1000 : integer('--batch-size', opts.batchSize, 1, 1000),
    output: outputOf(opts),
  }),
  notes:
    '\nResuming: an event without "external_id" is given one, made from its position\n' +
    'in the input and its content ("ingest_" and 32 hex digits of their SHA-256).\n' +
    'Running the same input again after an interruption inserts only the events the\n' +
    'service does not have. Two events alike at the same position are taken as one:\n' +
    'give events that differ a "timestamp" or your own "external_id".\n',
  examples: [
    'billing events ingest usage.ndjson',
    "jq -c '.[]' usage.json | billing events ingest",
    'billing events ingest - --org <org-id> < usage.ndjson',
  ],
});
