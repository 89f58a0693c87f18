// The calls every resource has — list, get, create, update, delete — over the one client, from
// its collection's path and the noun a 404 names. What differs by API generation stays in each
// resource module, typed there: it builds the query or the body for the client's generation and
// hands it to these.
import type { Check } from './check.js';
import type { ApiClient } from './client.js';
import type { PageOptions } from './paginate.js';
import { type Resource, resource } from './schemas.js';
import { type Query, segment } from './url.js';

/**
 * A collection's path as the service routes it (with or without the final slash), or the one
 * of the client's generation. An item is the collection's path, `/`, and its id.
 */
export type CollectionPath = string | ((client: ApiClient) => string);

export interface ResourceClient<Create extends object, Update extends object> {
  /** Every item the query selects, page after page (see paginate.ts). */
  list(
    client: ApiClient,
    query?: Query,
    paging?: PageOptions,
  ): AsyncGenerator<Resource, void, undefined>;
  /** One item; `schema` checks more of it than its id. */
  get(client: ApiClient, id: string): Promise<Resource>;
  get<T>(client: ApiClient, id: string, schema: Check<T>): Promise<T>;
  /** POST to the collection; `schema` checks more of the answer than its id. */
  create(client: ApiClient, body: Create): Promise<Resource>;
  create<T>(client: ApiClient, body: Create, schema: Check<T>): Promise<T>;
  /** PATCH: only what the body carries changes. */
  update(client: ApiClient, id: string, body: Update): Promise<Resource>;
  remove(client: ApiClient, id: string): Promise<void>;
}

/**
 * The five calls of the collection at `path`, e.g. `resourceClient<DiscountCreate,
 * DiscountUpdate>('/v1/discounts/', 'discount')`. A body type left out (`never`) is a call the
 * resource does not have.
 */
export function resourceClient<Create extends object = never, Update extends object = never>(
  path: CollectionPath,
  noun: string,
): ResourceClient<Create, Update> {
  const collection = (client: ApiClient) => (typeof path === 'string' ? path : path(client));
  const item = (client: ApiClient, id: string) =>
    `${collection(client).replace(/\/$/, '')}/${segment(id)}`;
  const notFound = (id: string) => `${noun} ${id}`;

  function get(client: ApiClient, id: string): Promise<Resource>;
  function get<T>(client: ApiClient, id: string, schema: Check<T>): Promise<T>;
  // async: a bad id (segment) rejects the promise, as the request's own failures do.
  async function get(client: ApiClient, id: string, schema: Check<unknown> = resource) {
    return client.request('GET', item(client, id), { schema, notFound: notFound(id) });
  }

  function create(client: ApiClient, body: Create): Promise<Resource>;
  function create<T>(client: ApiClient, body: Create, schema: Check<T>): Promise<T>;
  async function create(client: ApiClient, body: Create, schema: Check<unknown> = resource) {
    return client.request('POST', collection(client), { body, schema });
  }

  return {
    list: (client, query = {}, paging = {}) =>
      client.paginate(collection(client), { ...paging, query, schema: resource }),
    get,
    create,
    update: async (client, id, body) =>
      client.request('PATCH', item(client, id), { body, schema: resource, notFound: notFound(id) }),
    remove: async (client, id) => {
      await client.request('DELETE', item(client, id), { notFound: notFound(id) });
    },
  };
}
