import type { Command } from '@commander-js/extra-typings';
import type { Context } from '../../context.js';
import { examples } from '../shared.js';
import { buildCreate } from './create.js';
import { buildGet } from './get.js';
import { buildList } from './list.js';
import { buildQuantities } from './quantities.js';
import { buildUpdate } from './update.js';

export function registerMeters(program: Command, ctx: Context): void {
  const meters = program
    .command('meters')
    .summary('define meters over usage events and chart what they measure')
    .description(
      "Meters: which usage events count, and how (count, sum, max, min, avg, unique). Today's API (2026-04 and later).",
    )
    .addHelpText(
      'after',
      examples(
        "billing meters create --name 'API requests' --filter 'name = api_request' --aggregation count",
        "billing meters quantities 'API requests' --from 2026-11-01 --interval day",
      ),
    );
  buildList(meters, ctx);
  buildGet(meters, ctx);
  buildCreate(meters, ctx);
  buildUpdate(meters, ctx);
  buildQuantities(meters, ctx);
}
