// billing benefits list → GET /v1/benefits/

import { InvalidArgumentError, Option } from '@commander-js/extra-typings';
import type { BenefitFilters } from '../../../api/benefits.js';
import { VALUES } from '../../../api/generation.js';
import type { Context } from '../../context.js';
import { collect, uuids } from '../../input.js';
import { type Listing, outputOf, paging, printPages, withOutput, withPaging } from '../shared.js';
import { resources, verb } from '../verb.js';
import { BENEFIT_COLUMNS } from './columns.js';

export type ListOptions = Listing<BenefitFilters>;

const TYPES = VALUES.benefitType;
type BenefitType = (typeof TYPES)[number];

export async function runList(opts: ListOptions, ctx: Context): Promise<void> {
  const { benefits, client } = await resources(ctx, 'seller');
  await printPages(ctx, opts, BENEFIT_COLUMNS, (paging) =>
    benefits.list(client, opts.filters, paging),
  );
}

export const buildList = verb(runList, {
  command: (parent) =>
    withPaging(
      withOutput(
        parent
          .command('list')
          .summary('list benefits')
          .description(
            "List your organizations' benefits (what a product grants: license keys, " +
              'downloads, repository access, …): on the seed API by type, then oldest first ' +
              "(it has no other order); on today's, newest first.",
          )
          .addOption(
            // A custom argParser replaces the one .choices() installs, so it checks the value.
            // Either generation's types (today's adds meter_credit, feature_flag, …).
            new Option('--type <type>', 'only benefits of this type (repeatable)')
              .choices(TYPES)
              .argParser((v, prev: BenefitType[] = []) => {
                if (!(TYPES as readonly string[]).includes(v)) {
                  throw new InvalidArgumentError(`Allowed choices are ${TYPES.join(', ')}.`);
                }
                return [...prev, v as BenefitType];
              }),
          )
          .option('--org <id>', 'only benefits of this organization (repeatable)', collect),
        'BENEFIT',
      ),
    ),
  options: (opts): ListOptions => ({
    filters: { organization_id: uuids('--org', opts.org), type: opts.type },
    page: paging(opts),
    output: outputOf(opts),
  }),
  examples: [
    'billing benefits list',
    'billing benefits list --type license_keys --fields id,description',
  ],
});
