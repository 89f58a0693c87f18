import type { Command } from '@commander-js/extra-typings';
import type { Context } from '../../context.js';
import { buildActivate, buildDeactivate, buildValidate } from './activate.js';
import { buildGet } from './get.js';
import { buildList } from './list.js';
import { buildUpdate } from './update.js';

export function registerKeys(program: Command, ctx: Context): void {
  const keys = program
    .command('keys')
    .summary('list, change and activate license keys')
    .description('License keys granted by license-key benefits, and their activations.');
  buildList(keys, ctx);
  buildGet(keys, ctx);
  buildUpdate(keys, ctx);
  buildActivate(keys, ctx);
  buildValidate(keys, ctx);
  buildDeactivate(keys, ctx);
}
