import type { Command } from '@commander-js/extra-typings';
import type { Context } from '../../context.js';
import { examples } from '../shared.js';
import { buildGet } from './get.js';
import { buildIngest } from './ingest.js';
import { buildLabel } from './label.js';
import { buildList } from './list.js';
import { buildTypes } from './types.js';

export function registerEvents(program: Command, ctx: Context): void {
  const events = program
    .command('events')
    .summary('ingest, list and follow usage events; label their names')
    .description(
      "Usage events: what your customers used, which meters count and the clock charges for (today's API: 2026-04 and later).",
    )
    .addHelpText(
      'after',
      examples(
        'billing events ingest usage.ndjson',
        'billing events list --name api_request --follow',
        'billing events get <event-id>',
        'billing events types --sort -occurrences',
      ),
    );
  buildIngest(events, ctx);
  buildList(events, ctx);
  buildGet(events, ctx);
  buildTypes(events, ctx);
  buildLabel(events, ctx);
}
