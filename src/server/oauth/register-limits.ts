// Bounds of open client registration (issue 12): 100 registrations of 9 000 redirect URIs each
// grew the service by 175 MB. The real service has no such bounds because only a signed-in
// user may register there; here anyone on loopback may, so sizes and counts are capped.
import { Invalid, NotPermitted, type Problem } from '../domain/errors.js';
import { beyond, charLength } from '../domain/values.js';
import type { Store } from '../store/index.js';

export const MAX_LIST_ITEMS = 10;
/** pydantic's HttpUrl maximum, the real service's type for these fields. */
export const MAX_URL_LENGTH = 2083;
export const MAX_NAME_LENGTH = 200;
export const MAX_SCOPE_LENGTH = 1000;
export const MAX_CLIENTS_PER_ADDRESS = 100;

const LISTS = ['redirect_uris', 'grant_types', 'response_types'];
const URLS = ['client_uri', 'logo_uri', 'tos_uri', 'policy_uri'];

function tooLongList(loc: (string | number)[], input: unknown[]): Problem {
  return {
    type: 'too_long',
    loc,
    msg: `List should have at most ${MAX_LIST_ITEMS} items after validation, not ${input.length}`,
    input,
    ctx: { field_type: 'List', max_length: MAX_LIST_ITEMS, actual_length: input.length },
  };
}

function tooLongUrl(loc: (string | number)[], input: string): Problem {
  const msg = `URL should have at most ${MAX_URL_LENGTH} characters`;
  return { type: 'url_too_long', loc, msg, input, ctx: { max_length: MAX_URL_LENGTH } };
}

/** A 422 listing every field over its bound, in pydantic's words; checked before anything else. */
export function checkSizes(body: Record<string, unknown>): void {
  const items: Problem[] = [];
  for (const name of LISTS) {
    const v = body[name];
    if (Array.isArray(v) && v.length > MAX_LIST_ITEMS) items.push(tooLongList([name], v));
  }
  const uris = body.redirect_uris;
  if (Array.isArray(uris) && uris.length <= MAX_LIST_ITEMS) {
    uris.forEach((uri, i) => {
      if (typeof uri === 'string' && charLength(uri) > MAX_URL_LENGTH)
        items.push(tooLongUrl(['redirect_uris', i], uri));
    });
  }
  for (const name of URLS) {
    const v = body[name];
    if (typeof v === 'string' && charLength(v) > MAX_URL_LENGTH) items.push(tooLongUrl([name], v));
  }
  const name = body.client_name;
  if (typeof name === 'string' && charLength(name) > MAX_NAME_LENGTH)
    items.push(beyond('max_length', MAX_NAME_LENGTH, ['client_name'], name));
  const scope = body.scope;
  if (typeof scope === 'string' && charLength(scope) > MAX_SCOPE_LENGTH)
    items.push(beyond('max_length', MAX_SCOPE_LENGTH, ['scope'], scope));
  if (items.length) throw new Invalid(items);
}

/** The client address as one form: `::ffff:127.0.0.1` (a dual-stack socket) is 127.0.0.1. */
export function sourceAddress(ip: string): string {
  return ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
}

/** Refuses a registration past MAX_CLIENTS_PER_ADDRESS clients from the same address. */
export function checkQuota(store: Store, address: string): void {
  if (store.oauthClients.countFrom(address) >= MAX_CLIENTS_PER_ADDRESS) {
    throw new NotPermitted(
      `${address} has registered ${MAX_CLIENTS_PER_ADDRESS} clients, the most the local service keeps per address; POST /__local/reset (or a restart without --db) starts over.`,
    );
  }
}
