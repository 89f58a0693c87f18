// billing api <METHOD> <path>: any endpoint, raw JSON out (like `gh api`).
import { Option } from '@commander-js/extra-typings';
import { UsageError } from '../../../errors.js';
import { parseJson } from '../../../shared/json.js';
import type { Context } from '../../context.js';
import type { Audience } from '../../credentials.js';
import { collect, dataJson } from '../../input.js';
import { isMine } from '../shared.js';
import { verb } from '../verb.js';

const METHODS = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'] as const;
type Method = (typeof METHODS)[number];

export interface ApiOptions {
  method: Method;
  path: string;
  query: Record<string, string[]>;
  /** Any JSON value (an object but for a few endpoints, e.g. /__local/faults' compact string). */
  body?: unknown;
  /** Follow every page of a list endpoint (GET only). */
  paginate: boolean;
  /** -H: headers that replace the client's own (Polar-Version among them). */
  headers: Record<string, string>;
  audience: Audience;
}

/** `-f k=v` (string) or `-f k:=json` (typed): query parameters for GET, body fields otherwise. */
function fields(pairs: string[] | undefined): [string, unknown][] {
  return (pairs ?? []).map((pair) => {
    const typed = /^([^=:]+):=(.*)$/s.exec(pair);
    if (typed) {
      try {
        return [typed[1]!, parseJson(typed[2]!)];
      } catch {
        throw new UsageError(`-f ${typed[1]}: value after := is not valid JSON`);
      }
    }
    const plain = /^([^=]+)=(.*)$/s.exec(pair);
    if (!plain) throw new UsageError(`-f: "${pair.slice(0, 40)}" is not key=value or key:=json`);
    return [plain[1]!, plain[2]!];
  });
}

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** `-H 'Name: value'`, as curl and gh take them; checked before anything is sent. */
function headers(lines: string[] | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of lines ?? []) {
    const colon = line.indexOf(':');
    const name = colon > 0 ? line.slice(0, colon).trim() : '';
    const value = line.slice(colon + 1).trim();
    if (!TOKEN.test(name)) {
      throw new UsageError(`-H: "${line.slice(0, 40)}" is not Name: value`);
    }
    if (/[\r\n\0]/.test(value)) throw new UsageError(`-H ${name}: a value is one line`);
    out[name.toLowerCase()] = value;
  }
  return out;
}

export async function runApi(opts: ApiOptions, ctx: Context): Promise<void> {
  const { method, path, query, body } = opts;
  const client = await ctx.api(opts.audience);
  const out = ctx.io.stdout;
  if (!opts.paginate) {
    const auth = opts.audience !== 'none';
    const result = await client.request(method, path, { query, body, auth, headers: opts.headers });
    if (result !== undefined) out.write(`${JSON.stringify(result, null, 2)}\n`);
    return;
  }
  const [{ createPrinter }, { anything }] = await Promise.all([
    import('../../io/index.js'),
    import('../../../api/check.js'),
  ]);
  const items = client.paginate(path, {
    query,
    schema: anything,
    headers: opts.headers,
  }) as AsyncIterable<object>;
  await createPrinter({ io: ctx.io, format: 'json', columns: [], now: ctx.now() }).printList(items);
}

export const buildApi = verb(runApi, {
  command: (parent) =>
    parent
      .command('api')
      .summary('call any API endpoint and print the JSON answer')
      .description(
        'Call any endpoint with your credentials and print the raw JSON answer. ' +
          '-f key=value adds a query parameter (GET, repeatable keys repeat) or a body field; ' +
          'key:=json is typed. --paginate follows every page of a list endpoint and prints ' +
          'its items as one JSON array.',
      )
      .argument('<method>', METHODS.join(', '))
      .argument('<path>', 'path from the base URL, e.g. /v1/orders/')
      .option('-f, --field <key=value>', 'a query parameter or body field (repeatable)', collect)
      .option(
        '-H, --header <name:value>',
        'a request header (repeatable); replaces the default one, e.g. Polar-Version',
        collect,
      )
      .option('--data <json>', 'request body as JSON (any value), @file or - for stdin')
      .option('--paginate', 'fetch every page of a list endpoint (GET only)')
      .option('--no-auth', 'send no Authorization header')
      .option('--mine', "the customer session's token (customer-portal endpoints)")
      .addOption(new Option('--as-customer', 'the old name of --mine').hideHelp()),
  options: async (methodArg, path, opts, ctx): Promise<ApiOptions> => {
    const method = methodArg.toUpperCase() as Method;
    if (!METHODS.includes(method))
      throw new UsageError(`method must be one of ${METHODS.join(', ')}, got "${methodArg}"`);
    if (!path.startsWith('/')) throw new UsageError('path must start with /, e.g. /v1/orders/');
    if (opts.paginate && method !== 'GET') throw new UsageError('--paginate works with GET only');
    const pairs = fields(opts.field);
    const query: Record<string, string[]> = {};
    const data = await dataJson(opts.data, ctx.io.stdin);
    let body = data?.value;
    for (const [k, v] of pairs) {
      if (method === 'GET' || method === 'DELETE') {
        query[k] = [...(query[k] ?? []), typeof v === 'string' ? v : JSON.stringify(v)];
        continue;
      }
      if (data && (body === null || typeof body !== 'object' || Array.isArray(body))) {
        throw new UsageError(
          `-f ${k}: ${data.source} is not a JSON object, so no field can be added to it`,
        );
      }
      body = { ...(body as object | undefined), [k]: v };
    }
    const audience = opts.auth === false ? 'none' : isMine(opts) ? 'customer' : 'seller';
    return {
      method,
      path,
      query,
      body,
      paginate: Boolean(opts.paginate),
      headers: headers(opts.header),
      audience,
    };
  },
  examples: [
    'billing api GET /v1/orders/ -f limit=5 -f sorting=-amount',
    'billing api GET /v1/license-keys --paginate | jq length',
    'billing api PATCH /v1/organizations/<id> -f name="Acme Inc"',
    "billing api GET /v1/orders/ -H 'Polar-Version: 2026-04'",
  ],
});
