// billing config get|set|unset|list: profiles and settings (config.json, mode 0600).
import type { Command } from '@commander-js/extra-typings';
import type { Context } from '../../context.js';
import { examples } from '../shared.js';
import { KEYS_HELP } from './common.js';
import { buildGet } from './get.js';
import { buildList } from './list.js';
import { buildSet } from './set.js';
import { buildUnset } from './unset.js';

export function registerConfig(program: Command, ctx: Context): void {
  const config = program
    .command('config')
    .summary('read and change profiles and settings')
    .description(
      `Profiles and settings, kept in <config dir>/config.json (mode 0600). ${KEYS_HELP}`,
    )
    .addHelpText(
      'after',
      examples('billing config list', 'billing config set organization_id <org-id>'),
    );
  buildGet(config, ctx);
  buildSet(config, ctx);
  buildUnset(config, ctx);
  buildList(config, ctx);
}
