import type { Command } from '@commander-js/extra-typings';
import type { Context } from '../../context.js';
import { examples } from '../shared.js';
import { buildCreate } from './create.js';
import { buildDelete } from './delete.js';
import { buildDeliveries } from './deliveries.js';
import { buildGet } from './get.js';
import { buildList } from './list.js';
import { buildRedeliver } from './redeliver.js';
import { buildRotateSecret } from './rotate-secret.js';
import { buildUpdate } from './update.js';

export function registerWebhooks(program: Command, ctx: Context): void {
  const webhooks = program
    .command('webhooks')
    .summary('webhook endpoints, their deliveries, redelivery')
    .description('Webhook endpoints: where the service sends events, signed with their secret.')
    .addHelpText(
      'after',
      examples(
        'billing webhooks create --url http://localhost:3000/webhooks',
        'billing webhooks deliveries --failed',
      ),
    );
  buildList(webhooks, ctx);
  buildGet(webhooks, ctx);
  buildCreate(webhooks, ctx);
  buildUpdate(webhooks, ctx);
  buildDelete(webhooks, ctx);
  buildRotateSecret(webhooks, ctx);
  buildDeliveries(webhooks, ctx);
  buildRedeliver(webhooks, ctx);
}
