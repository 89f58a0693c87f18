// billing events label <type-id> <label> → PATCH /v1/event-types/{id} (today's API only).
// The service sets the label and the label property selector together: a selector left out is
// cleared (event_type/service.py update at c6c3645e).

import type { EventTypeUpdate } from '../../../api/event-types.js';
import { UsageError } from '../../../errors.js';
import type { Context, OutputOptions } from '../../context.js';
import { characters, uuid } from '../../input.js';
import { done, outputOf, withOutput } from '../shared.js';
import { printOne, resources, verb } from '../verb.js';
import { EVENT_TYPE_CARD } from './columns.js';

export interface LabelOptions {
  id: string;
  body: EventTypeUpdate;
  output: OutputOptions;
}

export async function runLabel(opts: LabelOptions, ctx: Context): Promise<void> {
  const { eventTypes, client } = await resources(ctx, 'seller');
  const type = await eventTypes.update(client, opts.id, opts.body);
  await printOne(ctx, opts.output, EVENT_TYPE_CARD, type);
  await done(ctx, `Event type ${opts.id} labelled.`);
}

/** event_type/schemas.py EventTypeUpdate: stripped, 1 to `max` characters. */
function text(flag: string, value: string, max: number): string {
  const v = value.trim();
  if (v === '' || characters(v) > max || /[\r\n\0]/.test(v))
    throw new UsageError(`${flag}: one line of 1 to ${max} characters, not only spaces`);
  return v;
}

export const buildLabel = verb(runLabel, {
  command: (parent) =>
    withOutput(
      parent
        .command('label')
        .summary("set an event type's label")
        .description(
          'Give an event name a label to show instead of it, and optionally the property of ' +
            "an event's metadata whose value labels each event (today's API: 2026-04 and " +
            'later). The label property is replaced too: leave it out to clear it. The ids ' +
            'are those `billing events types` lists; a system name has none.',
        )
        .argument('<type-id>', 'event type id (UUID)')
        .argument('<label>', 'the label (1 to 128 characters)')
        .option(
          '--label-property-selector <path>',
          "a property of the events' metadata, e.g. subject or metadata.subject",
        ),
      'EVENT_TYPE',
    ),
  options: (id, label, opts): LabelOptions => {
    const body: EventTypeUpdate = { label: text('label', label, 128) };
    if (opts.labelPropertySelector !== undefined)
      body.label_property_selector = text(
        '--label-property-selector',
        opts.labelPropertySelector,
        256,
      );
    return { id: uuid('event type id', id), body, output: outputOf(opts) };
  },
  examples: [
    "billing events label <type-id> 'API request'",
    "billing events label <type-id> 'Support ticket' --label-property-selector subject",
  ],
});
