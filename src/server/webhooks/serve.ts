// `billing serve --webhook <url>`: one endpoint of the demo organization, subscribed to every event
// type, registered at start — or found again by its URL in a --db file, keeping its secret — and
// put back with the same id and secret after /__local/reset.

import { UsageError } from '../../errors.js';
import { WEBHOOK_EVENT_TYPES } from '../../shared/api-facts.js';
import type { Clock } from '../clock.js';
import { createEndpoint } from '../domain/webhooks.js';
import { storedDemo } from '../seed.js';
import type { Store } from '../store/index.js';

export interface ServeWebhook {
  id: string;
  url: string;
  secret: string;
}

export function serveWebhook(
  store: Store,
  clock: Clock,
  url: string,
  again?: ServeWebhook,
): ServeWebhook {
  let href: string;
  try {
    href = new URL(url).href;
  } catch {
    href = '';
  }
  if (!/^https?:/.test(href))
    throw new UsageError(`--webhook must be an http:// or https:// URL, got "${url}"`);
  const organizationId = storedDemo(store)?.organization_id;
  if (!organizationId) {
    throw new UsageError('--webhook needs the demo organization', {
      hint: 'Start with the demo data (--seed demo, the default) on an empty or demo database.',
    });
  }
  return store.tx((tx) => {
    const found = store.webhooks.endpointByUrl(organizationId, href);
    if (found) return { id: found.id, url: found.url, secret: found.secret };
    const row = createEndpoint(
      { store, clock, tx },
      organizationId,
      { url: href, format: 'raw', events: [...WEBHOOK_EVENT_TYPES], secret: again?.secret },
      again?.id,
    );
    return { id: row.id, url: row.url, secret: row.secret };
  });
}
