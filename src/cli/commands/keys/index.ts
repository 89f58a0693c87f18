import type { Command } from '@commander-js/extra-typings';
import type { Context } from '../../context.js';
import { examples } from '../shared.js';
import { buildActivate } from './activate.js';
import { buildDeactivate } from './deactivate.js';
import { buildGet } from './get.js';
import { buildList } from './list.js';
import { buildUpdate } from './update.js';
import { buildValidate } from './validate.js';

export function registerKeys(program: Command, ctx: Context): void {
  const keys = program
    .command('keys')
    .summary('list, change and activate license keys')
    .description('License keys granted by license-key benefits, and their activations.')
    .addHelpText(
      'after',
      examples(
        'billing keys list --mine',
        'billing keys activate <key> --org <org-id> --label laptop',
      ),
    );
  buildList(keys, ctx);
  buildGet(keys, ctx);
  buildUpdate(keys, ctx);
  buildActivate(keys, ctx);
  buildValidate(keys, ctx);
  buildDeactivate(keys, ctx);
}
