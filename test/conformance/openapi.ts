// The real service's API description (vendor/polar-openapi/2026-10.json) as a test oracle, the
// 2026-10 counterpart of wire.ts (which reads the old SDK's zod models): which operation a
// concrete request reaches, whether a request or an answer fits the document (ajv, JSON Schema
// 2020-12), and bodies generated from its schemas:
//   minimal — optional keys omitted, nullable values null, lists and maps empty;
//   full    — every key present, nullables set, one item per list and one entry per map;
// and in full mode `branch` picks the n-th option of every union and enum (modulo its size).
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/** A JSON Schema node of the document; only the keywords read here are typed. */
export interface Schema {
  $ref?: string;
  type?: string;
  const?: unknown;
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: Schema | boolean;
  patternProperties?: Record<string, Schema>;
  propertyNames?: Schema;
  minProperties?: number;
  maxProperties?: number;
  items?: Schema;
  prefixItems?: Schema[];
  minItems?: number;
  maxItems?: number;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  discriminator?: { propertyName: string; mapping?: Record<string, string> };
}

interface Media {
  schema: Schema;
}

/** One operation as the document keeps it (see scripts/openapi.mjs). */
export interface Operation {
  operationId?: string;
  parameters?: { name: string; in: string; required: boolean; schema: Schema }[];
  requestBody?: { required: boolean; content: Record<string, Media> };
  responses: Record<string, { content?: Record<string, Media> }>;
}

/** A concrete request resolved to its operation; `params` are the path segments it bound. */
export interface PathMatch {
  method: string;
  template: string;
  operation: Operation;
  params: Record<string, string>;
}

/** Which body to generate: see the top of this file (the same vocabulary as wire.ts). */
export interface Variant {
  mode: 'minimal' | 'full';
  branch: number;
}

interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

const doc: Document = JSON.parse(
  readFileSync(new URL('../../vendor/polar-openapi/2026-10.json', import.meta.url), 'utf8'),
);
const schemas = doc.components.schemas;
const COMPONENTS = '#/components/schemas/';
const ROOT = 'https://billing.test/polar-openapi/2026-10';

/** The component schema `name` (e.g. `Order`, `ListResource_Order_`) as the document writes it. */
export function schemaOf(name: string): Schema {
  const schema = Object.hasOwn(schemas, name) ? schemas[name] : undefined;
  if (!schema) throw new Error(`the 2026-10 document has no schema "${name}"`);
  return schema;
}

function deref(schema: Schema): Schema {
  return schema.$ref ? schemaOf(schema.$ref.slice(COMPONENTS.length)) : schema;
}

const isNull = (s: Schema) => s.type === 'null' && Object.keys(s).length === 1;
const pointerPart = (s: string) => s.replaceAll('~', '~0').replaceAll('/', '~1');

// --- Operations -------------------------------------------------------------------------------

/** The operation at a template path exactly as the document spells it (`/v1/orders/{id}`). */
export function operation(method: string, templatePath: string): Operation | undefined {
  return doc.paths[templatePath]?.[method.toLowerCase()];
}

/** The path of a request without origin, query or fragment. */
function pathOnly(concrete: string): string {
  const path = /^https?:/.test(concrete) ? new URL(concrete).pathname : concrete;
  return path.replace(/[?#].*$/, '');
}

function bind(template: string, segments: string[]): Record<string, string> | undefined {
  const parts = template.split('/');
  if (parts.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  for (const [i, part] of parts.entries()) {
    const segment = segments[i]!;
    const name = /^\{(.+)\}$/.exec(part)?.[1];
    if (name === undefined) {
      if (part !== segment) return undefined;
    } else if (segment === '') return undefined;
    else params[name] = safeDecode(segment);
  }
  return params;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Whether template a is more literal than b, comparing segments left to right. */
function moreLiteral(a: string, b: string): boolean {
  const pa = a.split('/');
  const pb = b.split('/');
  for (const [i, part] of pa.entries()) {
    const la = !part.startsWith('{');
    const lb = !pb[i]!.startsWith('{');
    if (la !== lb) return la;
  }
  return false;
}

/**
 * The operation a concrete request reaches: `{x}` takes one non-empty segment, and where two
 * templates fit (`/v1/license-keys/validate`, `/v1/license-keys/{id}`) the more literal one
 * wins: the service routes in declaration order, and in the document every such literal template
 * comes before the template it shadows. The query string is not part of the match; a trailing
 * slash is (`/v1/orders/` and `/v1/orders` are different paths to the service).
 */
export function matchPath(method: string, concretePath: string): PathMatch | undefined {
  const segments = pathOnly(concretePath).split('/');
  const key = method.toLowerCase();
  let best: PathMatch | undefined;
  for (const [template, item] of Object.entries(doc.paths)) {
    const op = item[key];
    const params = op && bind(template, segments);
    if (!op || !params) continue;
    if (!best || moreLiteral(template, best.template)) {
      best = { method: method.toUpperCase(), template, operation: op, params };
    }
  }
  return best;
}

function noOperation(method: string, concretePath: string): string {
  const path = pathOnly(concretePath);
  const segments = path.split('/');
  const others = Object.entries(doc.paths)
    .filter(([template]) => bind(template, segments))
    .flatMap(([, item]) => Object.keys(item).map((m) => m.toUpperCase()));
  const hint = others.length ? ` (it answers ${[...new Set(others)].join(', ')})` : '';
  return `no operation ${method.toUpperCase()} ${path}${hint}`;
}

// --- Validation -------------------------------------------------------------------------------

/** Where a node of ajv's copy sits in the document, and keywords renamed back to the document's. */
interface Origin {
  at: string;
  keywords?: Record<string, string>;
}

let checker: { ajv: Ajv2020; origins: WeakMap<object, Origin>; nullBranches: WeakSet<object> };
const validators = new Map<Schema, ValidateFunction>();
let placesOfOriginals: WeakMap<Schema, string> | undefined;

// uuid4 is pydantic's UUID4: it checks the version digit. ipvanyaddress is pydantic's
// IPvAnyAddress (IPv4 or IPv6); color is pydantic's Color (CSS names, hex, rgb(), hsl()).
const FORMATS: Record<string, (s: string) => boolean> = {
  uuid4: (s) => /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s),
  ipvanyaddress: (s) => isIP(s) !== 0,
  color: (s) => /^(#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})|(rgb|hsl)a?\(.*\)|[a-z]+)$/i.test(s),
};

function ajvChecker() {
  if (checker) return checker;
  // strictTypes off: pydantic writes string keywords beside a $ref to a string enum
  // (`{"$ref": PresentmentCurrency, "minLength": 3}`), valid 2020-12 that strictTypes reports.
  const ajv = new Ajv2020({ allErrors: true, verbose: true, strictTypes: false });
  addFormats(ajv);
  for (const [name, validate] of Object.entries(FORMATS)) ajv.addFormat(name, { validate });
  // Annotations: `enumNames` labels the Scope enum; a `discriminator` this module could not
  // check by its tag (see tagged()) stays beside its oneOf, which decides alone.
  ajv.addKeyword({ keyword: 'enumNames', schemaType: 'object' });
  ajv.addKeyword({ keyword: 'discriminator', schemaType: 'object' });
  checker = { ajv, origins: new WeakMap(), nullBranches: new WeakSet() };
  const $defs = Object.fromEntries(
    Object.entries(schemas).map(([name, s]) => [name, prepare(s, COMPONENTS + pointerPart(name))]),
  );
  ajv.addSchema({ $id: ROOT, $defs });
  return checker;
}

const ONE = ['items', 'additionalProperties', 'propertyNames', 'not', 'contains'];
const MANY = ['anyOf', 'oneOf', 'allOf', 'prefixItems'];
const NAMED = ['properties', 'patternProperties', '$defs', 'dependentSchemas'];

/**
 * ajv's copy of a schema node: $refs made absolute, each node remembered with its place in the
 * document (ajv's own schemaPath restarts at every $ref, so it cannot name the schema), and
 * tagged unions rewritten to check only the branch their tag names (tagged()).
 */
function prepare(node: Schema, at: string): Schema {
  const { origins, nullBranches } = checker;
  const tag = tagged(node);
  if (tag) return prepareTagged(node, at, tag);
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref') out[key] = `${ROOT}#/$defs/${(value as string).slice(COMPONENTS.length)}`;
    else if (ONE.includes(key) && typeof value === 'object') {
      out[key] = prepare(value, `${at}/${key}`);
    } else if (MANY.includes(key)) {
      // An untagged oneOf is checked as anyOf (see tagged()).
      out[key === 'oneOf' ? 'anyOf' : key] = (value as Schema[]).map((child, i) => {
        const copy = prepare(child, `${at}/${key}/${i}`);
        if (key !== 'allOf' && isNull(child)) nullBranches.add(copy);
        return copy;
      });
    } else if (NAMED.includes(key)) {
      out[key] = Object.fromEntries(
        Object.entries(value as Record<string, Schema>).map(([name, child]) => [
          name,
          prepare(child, `${at}/${key}/${pointerPart(name)}`),
        ]),
      );
    } else out[key] = value;
  }
  origins.set(out, node.oneOf ? { at, keywords: { anyOf: 'oneOf' } } : { at });
  return out;
}

interface Tag {
  property: string;
  declared: boolean;
  /** Tag value -> index of the branch it selects. */
  values: Map<unknown, number>;
}

/**
 * The tag of a union whose branches each require one property with their own const (or enum)
 * values, disjoint between branches: the declared discriminator, or such a property found in
 * every branch (CheckoutForbiddenError's `error`). For such a union "exactly one branch fits"
 * and "the branch the tag names fits" are the same verdict, and the second gives the errors
 * of that branch alone instead of every branch's (104 lines for a Benefit missing one key).
 * Other unions (Event: its `system` branch is itself a union; DiscountCreate: the tag has a
 * default; Discount and Product's prices: pydantic picks the branch with a function) are
 * checked as anyOf: pydantic never refuses a body for fitting two branches, and the document's
 * oneOf branches overlap (a repeating Discount also fits the once/forever branch, whose
 * `duration` is the whole DiscountDuration enum), so a strict oneOf refuses the service's own
 * answers.
 */
function tagged(node: Schema): Tag | undefined {
  const kind = node.oneOf ? 'oneOf' : 'anyOf';
  const options = node[kind];
  if (!options || options.length < 2 || options.some((o) => isNull(o) || !o.$ref)) return;
  const branches = options.map(deref);
  const declared = node.discriminator?.propertyName;
  const candidates = declared
    ? [declared]
    : Object.keys(branches[0]!.properties ?? {}).filter(
        (p) => branches[0]!.properties![p]!.const !== undefined,
      );
  for (const property of candidates) {
    const values = new Map<unknown, number>();
    const fits = branches.every((branch, i) => {
      const declaredTag = branch.properties?.[property];
      if (!declaredTag || !branch.required?.includes(property)) return false;
      const tag = deref(declaredTag);
      const own = tag.const !== undefined ? [tag.const] : declared ? tag.enum : undefined;
      if (!own) return false;
      for (const v of own) {
        if (values.has(v)) return false;
        values.set(v, i);
      }
      return true;
    });
    const mapping = node.discriminator?.mapping;
    const agrees =
      !mapping ||
      ([...values].every(([v, i]) => mapping[String(v)] === options[i]!.$ref) &&
        Object.keys(mapping).length === values.size);
    if (fits && agrees) return { property, declared: Boolean(declared), values };
  }
  return undefined;
}

function prepareTagged(node: Schema, at: string, tag: Tag): Schema {
  const { origins } = checker;
  const kind = node.oneOf ? 'oneOf' : 'anyOf';
  const options = node[kind]!;
  const branches = options.map((o, i) => prepare(o, `${at}/${kind}/${i}`));
  const names = tag.declared ? 'discriminator/mapping' : kind;
  const tagNode = { enum: [...tag.values.keys()] };
  origins.set(tagNode, { at, keywords: { enum: names } });
  const allOf: object[] = [...tag.values].map(([value, i]) => ({
    if: { required: [tag.property], properties: { [tag.property]: { const: value } } },
    // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then, never awaited
    then: branches[i],
  }));
  // Whatever else the union node says (none does today) still applies.
  const { oneOf: _o, anyOf: _a, discriminator: _d, ...rest } = node;
  if (Object.keys(rest).length) allOf.push(prepare(rest, at));
  const out = {
    type: 'object',
    required: [tag.property],
    properties: { [tag.property]: tagNode },
    allOf,
  };
  const required = tag.declared ? 'discriminator/propertyName' : kind;
  origins.set(out, { at, keywords: { type: kind, required } });
  return out as Schema;
}

/** Where every schema node of the document sits, to name the schema a validator was made for. */
function placeOf(schema: Schema): string {
  if (!placesOfOriginals) {
    const places = new WeakMap<Schema, string>();
    const visit = (node: Schema, at: string) => {
      if (!node || typeof node !== 'object' || places.has(node)) return;
      places.set(node, at);
      for (const [key, value] of Object.entries(node)) {
        if (ONE.includes(key)) visit(value, `${at}/${key}`);
        else if (MANY.includes(key)) {
          for (const [i, c] of (value as Schema[]).entries()) visit(c, `${at}/${key}/${i}`);
        } else if (NAMED.includes(key)) {
          for (const [n, c] of Object.entries(value as Record<string, Schema>)) {
            visit(c, `${at}/${key}/${pointerPart(n)}`);
          }
        }
      }
    };
    for (const [name, s] of Object.entries(schemas)) visit(s, COMPONENTS + pointerPart(name));
    for (const [template, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const at = `#/paths/${pointerPart(template)}/${method}`;
        for (const [i, p] of (op.parameters ?? []).entries()) {
          visit(p.schema, `${at}/parameters/${i}/schema`);
        }
        for (const [type, m] of Object.entries(op.requestBody?.content ?? {})) {
          visit(m.schema, `${at}/requestBody/content/${pointerPart(type)}/schema`);
        }
        for (const [status, r] of Object.entries(op.responses)) {
          for (const [type, m] of Object.entries(r.content ?? {})) {
            visit(m.schema, `${at}/responses/${status}/content/${pointerPart(type)}/schema`);
          }
        }
      }
    }
    placesOfOriginals = places;
  }
  return placesOfOriginals.get(schema) ?? '#';
}

/** The compiled validator of a document schema (a component, or one inline in an operation). */
function validatorOf(schema: Schema): ValidateFunction {
  let validate = validators.get(schema);
  if (validate) return validate;
  const { ajv } = ajvChecker();
  const at = placeOf(schema);
  // A whole component is compiled once in place; anything else (an operation's schema, a node
  // inside a component, whose place in ajv's copy may differ) gets a copy of its own.
  const name = at.slice(COMPONENTS.length);
  validate =
    at.startsWith(COMPONENTS) && !name.includes('/')
      ? ajv.getSchema(`${ROOT}#/$defs/${name}`)
      : ajv.compile(prepare(schema, at));
  if (!validate) throw new Error(`ajv could not compile ${at}`);
  validators.set(schema, validate);
  return validate;
}

function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function errorLine(e: ErrorObject, where: string): string {
  const origin = checker.origins.get(e.parentSchema as object);
  const keyword = origin?.keywords?.[e.keyword] ?? e.keyword;
  const schemaPath = origin ? `${origin.at}/${keyword}` : e.schemaPath;
  let message = e.message ?? e.keyword;
  if (e.keyword === 'anyOf' && keyword === 'oneOf') message = 'must match a schema in oneOf';
  if (e.keyword === 'additionalProperties') {
    message += `: '${e.params.additionalProperty}'`;
  } else if (e.keyword === 'enum') {
    const allowed = (e.params.allowedValues as unknown[]).map(String);
    message += `: ${allowed.slice(0, 8).join(', ')}${allowed.length > 8 ? ', ...' : ''}`;
  } else if (e.keyword === 'const') message += ` ${shown(e.params.allowedValue)}`;
  if (['enum', 'const', 'type', 'format', 'pattern'].includes(e.keyword)) {
    message += `, not ${shown(e.data)}`;
  }
  return `${where}${e.instancePath || (where ? '' : '(root)')} ${message} (${schemaPath})`;
}

function check(schema: Schema, value: unknown, where = ''): string[] {
  const validate = validatorOf(schema);
  if (validate(value)) return [];
  // `if` only repeats its `then`'s errors; a null branch's "must be null" only says the value
  // took another branch, whose errors follow.
  const errors = (validate.errors ?? []).filter(
    (e) => e.keyword !== 'if' && !checker.nullBranches.has(e.parentSchema as object),
  );
  return [...new Set(errors.map((e) => errorLine(e, where)))];
}

/**
 * What is wrong with `value` as an instance of `schema` (a document schema, or the name of a
 * component), one line each: `<instancePath> <message> (<place in the document>)`.
 */
export function schemaErrors(schema: Schema | string, value: unknown): string[] {
  return check(typeof schema === 'string' ? schemaOf(schema) : schema, value);
}

// Query values arrive as text; the service reads them as the schema asks (FastAPI).
function readings(text: string): unknown[] {
  const out: unknown[] = [];
  if (/^-?\d+(\.\d+)?$/.test(text)) out.push(Number(text));
  const lower = text.toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(lower)) out.push(true);
  if (['false', '0', 'no', 'off'].includes(lower)) out.push(false);
  return [...out, text];
}

function queryErrors(schema: Schema, values: string[], where: string): string[] {
  const candidates: unknown[] =
    values.length === 1 ? [...readings(values[0]!), [values[0]]] : [values, values.map(Number)];
  let best: string[] | undefined;
  for (const candidate of candidates) {
    const errors = check(schema, candidate, where);
    if (errors.length === 0) return [];
    if (!best || errors.length < best.length) best = errors;
  }
  return best ?? [];
}

function parameterErrors(match: PathMatch, concretePath: string): string[] {
  const errors: string[] = [];
  const raw = concretePath.includes('?') ? concretePath.slice(concretePath.indexOf('?') + 1) : '';
  const query = new URLSearchParams(raw.replace(/#.*$/, ''));
  const declared = match.operation.parameters ?? [];
  for (const p of declared) {
    if (p.in === 'path') {
      errors.push(...check(p.schema, match.params[p.name], `path parameter ${p.name}`));
    } else if (p.in === 'query') {
      const values = query.getAll(p.name);
      if (values.length) errors.push(...queryErrors(p.schema, values, `query parameter ${p.name}`));
      else if (p.required) errors.push(`query parameter ${p.name} is required`);
    }
  }
  // `metadata[key]=value` is how the service's list endpoints filter on metadata.
  const known = new Set(declared.filter((p) => p.in === 'query').map((p) => p.name));
  for (const name of new Set(query.keys())) {
    if (!known.has(name.replace(/\[.*\]$/, ''))) {
      errors.push(`query parameter ${name} is not one ${match.method} ${match.template} reads`);
    }
  }
  return errors;
}

/**
 * What the service would refuse in a request: the operation itself, path and query parameters,
 * and the JSON body (`undefined` for none) against the request schema.
 */
export function requestErrors(method: string, concretePath: string, body: unknown): string[] {
  const match = matchPath(method, concretePath);
  if (!match) return [noOperation(method, concretePath)];
  const errors = parameterErrors(match, concretePath);
  const name = `${match.method} ${match.template}`;
  const request = match.operation.requestBody;
  if (!request) {
    if (body !== undefined) errors.push(`${name} takes no body`);
  } else if (body === undefined) {
    if (request.required) errors.push(`${name} needs a body`);
  } else {
    const media = request.content['application/json'];
    if (media) errors.push(...check(media.schema, body));
    else errors.push(`${name} takes ${Object.keys(request.content).join(', ')}, not JSON`);
  }
  return errors;
}

/**
 * What is wrong with an answer the service gave (or a fake gives): a status the operation does
 * not answer with, a body where there is none (204), none where there is one, or a JSON body
 * that does not fit. A non-JSON answer (text/csv) is only checked for being text.
 */
export function responseErrors(
  method: string,
  concretePath: string,
  status: number,
  body: unknown,
): string[] {
  const match = matchPath(method, concretePath);
  if (!match) return [noOperation(method, concretePath)];
  const name = `${match.method} ${match.template}`;
  const responses = match.operation.responses;
  const answer =
    responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
  if (!answer) return [`no ${status} answer for ${name}`];
  const content = answer.content;
  if (!content || status === 204) {
    return body === undefined || body === '' ? [] : [`a ${status} answer to ${name} has no body`];
  }
  if (body === undefined) return [`a ${status} answer to ${name} has a body`];
  const media = content['application/json'];
  if (media) return check(media.schema, body);
  return typeof body === 'string'
    ? []
    : [`a ${status} answer to ${name} is ${Object.keys(content).join(', ')}, not JSON`];
}

// --- Generation -------------------------------------------------------------------------------

const MAX_DEPTH = 12;
const MAX_VARIANTS = 12;
const EPOCH = Date.parse('2026-05-01T00:00:00Z');
const HOUR = 3_600_000;

// Values for the patterns the document uses. The two decimal patterns are pydantic's Decimal
// (as text) with and without max_digits/decimal_places; `usd` is unanchored (WalletTopUpCreate).
const PATTERN_SAMPLES: Record<string, string> = {
  '^(?!^[-+.]*$)[+-]?0*(?:\\d{0,5}|(?=[\\d.]{1,18}0*$)\\d{0,5}\\.\\d{0,12}0*$)': '0.125',
  '^(?!^[-+.]*$)[+-]?0*\\d*\\.?\\d*$': '12.5',
  usd: 'usd',
  '^[a-z0-9-_]+$': 'field-slug',
  '^(rk|sk)_': 'sk_test_generated',
  '^image\\/(jpeg|png|gif|webp|svg\\+xml)$': 'image/png',
  '^A[A-Z0-9]+$': 'A0SLACKAPP',
  '^[0-9]+\\.[0-9]+$': '1234.5678',
  '^[a-zA-Z0-9_.-]{1,64}$': 'prompt',
  '^(image\\/(jpeg|png|gif|webp)|video\\/(mp4|quicktime|webm)|application\\/pdf|text\\/(csv|plain)|application\\/msword|application\\/vnd\\.openxmlformats-officedocument\\.wordprocessingml\\.document|application\\/vnd\\.ms-excel|application\\/vnd\\.openxmlformats-officedocument\\.spreadsheetml\\.sheet)$':
    'application/pdf',
};

function sampleFor(pattern: string): string {
  const sample = PATTERN_SAMPLES[pattern];
  if (sample === undefined || !new RegExp(pattern, 'u').test(sample)) {
    throw new Error(`openapi: no sample value for pattern ${pattern}; add one to PATTERN_SAMPLES`);
  }
  return sample;
}

/**
 * Generates bodies from the document's schemas, with ids unique across one generator. Every body
 * is checked by ajv against its schema before it is returned.
 */
export class OpenApiGenerator {
  private next = 1;

  /** A fresh lowercase version-4 UUID (resource ids; upper case would read as a license key). */
  uuid(): string {
    return `00000000-0000-4000-8000-${String(this.next++).padStart(12, '0')}`;
  }

  /** A body for `schema` in `variant`; throws with ajv's errors if the document refuses it. */
  body(schema: Schema, variant: Variant): unknown {
    const value = this.walk(schema, variant, '', 0);
    const errors = check(schema, value);
    if (errors.length) {
      throw new Error(`generated body does not fit ${placeOf(schema)}:\n${errors.join('\n')}`);
    }
    return value;
  }

  /** Every variant a schema needs: minimal, and full on each branch up to the widest union. */
  variants(schema: Schema): Variant[] {
    const n = Math.min(widest(schema), MAX_VARIANTS);
    return [
      { mode: 'minimal', branch: 0 },
      ...Array.from({ length: n }, (_, branch) => ({ mode: 'full' as const, branch })),
    ];
  }

  private walk(schema: Schema, variant: Variant, key: string, depth: number): unknown {
    // Deep objects take their minimal form: the schemas recurse (Benefit, Product, ...).
    const v: Variant = depth > MAX_DEPTH ? { mode: 'minimal', branch: variant.branch } : variant;
    if (schema.$ref) return this.walk(deref(schema), v, key, depth);
    if (schema.const !== undefined) return schema.const;
    if (schema.enum) return schema.enum[v.branch % schema.enum.length];
    if (schema.allOf) {
      const parts = schema.allOf.map((s) => this.walk(s, v, key, depth));
      return parts.every((p) => p && typeof p === 'object')
        ? Object.assign({}, ...parts)
        : parts.at(-1);
    }
    const union = schema.oneOf ?? schema.anyOf;
    if (union) return this.union(schema, union, v, key, depth);
    switch (schema.type ?? implicitType(schema)) {
      case 'object':
        return this.object(schema, v, key, depth);
      case 'array': {
        if (schema.prefixItems) {
          return schema.prefixItems.map((s) => this.walk(s, v, key, depth + 1));
        }
        const wanted = Math.max(v.mode === 'full' ? 1 : 0, schema.minItems ?? 0);
        const n = Math.min(wanted, schema.maxItems ?? wanted);
        return Array.from({ length: n }, () => this.walk(schema.items ?? {}, v, key, depth + 1));
      }
      case 'string':
        return this.string(schema, v, key);
      case 'integer':
      case 'number': {
        const low =
          schema.minimum ??
          (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -Infinity);
        const high =
          schema.maximum ??
          (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : Infinity);
        return Math.min(Math.max(1500 + v.branch, low), high);
      }
      case 'boolean':
        return v.branch % 2 === 0;
      case 'null':
        return null;
      case undefined:
        return v.mode === 'minimal' ? null : `${key || 'any'}-value`;
      default:
        throw new Error(`openapi: no generator for type ${schema.type} at "${key}"`);
    }
  }

  private union(schema: Schema, union: Schema[], v: Variant, key: string, depth: number): unknown {
    const options = union.filter((o) => !isNull(o));
    if (options.length === 0 || (options.length < union.length && v.mode === 'minimal')) {
      return null;
    }
    const chosen = options[v.branch % options.length]!;
    const value = this.walk(chosen, v, key, depth);
    const d = schema.discriminator;
    if (d?.mapping && value && typeof value === 'object') {
      // The branch carries its tag, including where its tag is optional or an enum of several.
      const tags = Object.keys(d.mapping).filter((k) => d.mapping![k] === chosen.$ref);
      const object = value as Record<string, unknown>;
      if (tags.length) object[d.propertyName] = tags[v.branch % tags.length];
    }
    return value;
  }

  private object(schema: Schema, v: Variant, key: string, depth: number): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const [k, child] of Object.entries(schema.properties ?? {})) {
      if (v.mode === 'minimal' && !schema.required?.includes(k)) continue;
      out[k] = this.walk(child, v, k, depth + 1);
    }
    // A map: its entries are named by patternProperties or propertyNames.
    const [pattern, valueSchema] = Object.entries(schema.patternProperties ?? {})[0] ?? [
      undefined,
      typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined,
    ];
    if (!valueSchema) return out;
    const count = Object.keys(out).length;
    const wanted = Math.max(v.mode === 'full' ? 1 : 0, (schema.minProperties ?? 0) - count);
    const n = Math.min(wanted, (schema.maxProperties ?? Infinity) - count);
    for (let i = 0; i < n; i++) {
      const entry: Variant = { mode: v.mode, branch: v.branch + i };
      const name = pattern
        ? sampleFor(pattern)
        : String(
            this.walk(
              schema.propertyNames ?? { type: 'string' },
              entry,
              `${key || 'k'}_key`,
              depth + 1,
            ),
          );
      out[name] = this.walk(valueSchema, v, '', depth + 1);
    }
    return out;
  }

  private string(schema: Schema, v: Variant, key: string): string {
    let text: string;
    if (schema.pattern) text = sampleFor(schema.pattern);
    else if (schema.format) text = this.formatted(schema.format, v, key);
    else if (key === 'id' || key.endsWith('_id')) text = this.uuid();
    else if (key.endsWith('_at')) text = this.formatted('date-time', v, key);
    else if (key.endsWith('email')) text = this.formatted('email', v, key);
    else if (key === 'url' || key.endsWith('_url')) text = this.formatted('uri', v, key);
    else if (key.endsWith('currency')) text = 'usd';
    else text = `${key || 'text'}-${v.mode}-${v.branch}`;
    if (schema.minLength !== undefined && text.length < schema.minLength) {
      text = text.padEnd(schema.minLength, 'x');
    }
    return schema.maxLength !== undefined ? text.slice(0, schema.maxLength) : text;
  }

  private formatted(format: string, v: Variant, key: string): string {
    switch (format) {
      case 'date-time':
        return new Date(EPOCH + this.next++ * HOUR).toISOString();
      case 'date':
        return new Date(EPOCH + this.next++ * 24 * HOUR).toISOString().slice(0, 10);
      case 'uuid':
      case 'uuid4':
        return this.uuid();
      case 'email':
        return `buyer${this.next++}@example.com`;
      case 'uri':
        return `https://example.com/${key || 'x'}`;
      case 'ipvanyaddress':
        return v.branch % 2 === 0
          ? `203.0.113.${(this.next++ % 254) + 1}`
          : `2001:db8::${this.next++}`;
      case 'duration':
        return 'P1D';
      case 'color':
        return '#5865f2';
      default:
        throw new Error(`openapi: no generator for format ${format} at "${key}"`);
    }
  }
}

/** The type a schema without `type` implies (`propertyNames: {format: uuid4}`). */
function implicitType(schema: Schema): string | undefined {
  if (schema.properties || schema.additionalProperties || schema.patternProperties) return 'object';
  if (schema.items || schema.prefixItems) return 'array';
  const text = [schema.format, schema.pattern, schema.minLength, schema.maxLength];
  return text.some((k) => k !== undefined) ? 'string' : undefined;
}

/** The widest union or enum reachable from a schema: how many branches `full` must walk. */
function widest(schema: Schema, seen = new Set<Schema>()): number {
  if (seen.has(schema)) return 1;
  seen.add(schema);
  const kids: Schema[] = [];
  let own = 1;
  if (schema.$ref) kids.push(deref(schema));
  if (schema.enum) own = schema.enum.length;
  const union = schema.oneOf ?? schema.anyOf;
  if (union) own = Math.max(own, union.filter((o) => !isNull(o)).length);
  kids.push(...(union ?? []), ...(schema.allOf ?? []), ...(schema.prefixItems ?? []));
  kids.push(
    ...Object.values(schema.properties ?? {}),
    ...Object.values(schema.patternProperties ?? {}),
  );
  if (schema.items) kids.push(schema.items);
  if (typeof schema.additionalProperties === 'object') kids.push(schema.additionalProperties);
  return Math.max(own, ...kids.map((k) => widest(k, seen)));
}
