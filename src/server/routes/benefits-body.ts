// The bodies of POST /v1/benefits/ and PATCH /v1/benefits/{id} as the real service's schemas take
// them (benefit/schemas.py at the spec's generation). A create is a union discriminated by `type`
// (problems under the tag); an update a plain union, whose problems are every member's under its
// class name. Benefits of the types the sandbox cannot grant (ads, discord, GitHub, downloads) are
// read as the real service reads them, then refused on `type` (README "deliberate differences").
import * as z from 'zod';
import {
  BENEFIT_DESCRIPTION_MAX_LENGTH,
  BENEFIT_DESCRIPTION_MIN_LENGTH,
  GITHUB_PERMISSIONS,
  LICENSE_KEY_ACTIVATIONS_MAX,
  LICENSE_KEY_TIMEFRAMES,
} from '../../shared/api-facts.js';
import {
  type BenefitChanges,
  type BenefitDraft,
  type BenefitProperties,
  checkAvailable,
} from '../domain/benefits.js';
import type { BenefitType } from '../store/rows.js';
import { chars, parseBody } from '../validate.js';
import {
  check,
  fail,
  field,
  list,
  literal,
  ok,
  orNull,
  tagged,
  union,
  withDefault,
} from '../validate-models.js';

/** A nested model (from_attributes): anything but an object is model_attributes_type. */
function model<S extends z.ZodRawShape>(shape: S) {
  const schema = z.object(shape);
  return field<z.output<typeof schema>>((input) =>
    input !== null && typeof input === 'object' && !Array.isArray(input)
      ? check(schema, input)
      : fail({
          type: 'model_attributes_type',
          loc: [],
          msg: 'Input should be a valid dictionary or object to extract fields from',
          input,
        }),
  );
}

/** `Literal["a", "b"]` of plain strings, worded as pydantic words it. */
function plainLiteral<const V extends string>(values: readonly V[]) {
  const quoted = values.map((v) => `'${v}'`);
  const expected = `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}`;
  return field<V>((input) =>
    values.includes(input as V)
      ? ok(input as V)
      : fail({
          type: 'literal_error',
          loc: [],
          msg: `Input should be ${expected}`,
          input,
          ctx: { expected },
        }),
  );
}

const description = chars(BENEFIT_DESCRIPTION_MAX_LENGTH, BENEFIT_DESCRIPTION_MIN_LENGTH);
const positive = z.number().int().gt(0);
const type = <V extends BenefitType>(v: V) => literal('BenefitType', v);

// Properties as the real service stores them: every key, null when not sent.
const customCreate = model({ note: orNull(z.string()) }).transform(
  (p): BenefitProperties => ({ note: p.note ?? null }),
);
const customUpdate = model({ note: z.string().nullable() }).transform(
  (p): BenefitProperties => ({ note: p.note }),
);
const licenseKeys = model({
  prefix: orNull(z.string()),
  expires: orNull(model({ ttl: positive, timeframe: plainLiteral(LICENSE_KEY_TIMEFRAMES) })),
  activations: orNull(
    model({
      limit: positive.max(LICENSE_KEY_ACTIVATIONS_MAX),
      enable_customer_admin: z.boolean(),
    }),
  ),
  limit_usage: orNull(positive),
}).transform(
  (p): BenefitProperties => ({
    prefix: p.prefix ?? null,
    expires: p.expires ?? null,
    activations: p.activations ?? null,
    limit_usage: p.limit_usage ?? null,
  }),
);
const ads = model({
  image_height: withDefault(z.number().int(), () => 400),
  image_width: withDefault(z.number().int(), () => 400),
});
const discord = model({ guild_token: z.string(), role_id: z.string() });
const github = model({
  repository_owner: z.string(),
  repository_name: z.string(),
  permission: plainLiteral(GITHUB_PERMISSIONS),
});
const downloadables = model({
  archived: withDefault(z.record(z.uuid(), z.boolean()), () => ({})),
  files: list(z.uuid(), { min: 1 }),
});

const create = <V extends BenefitType>(v: V, properties: z.ZodType<unknown, unknown>) =>
  z.object({
    type: type(v),
    description,
    organization_id: orNull(z.uuid()),
    properties,
  });

// The types the sandbox cannot grant are refused before their properties are read.
const unavailable = z.object({ type: z.string() });

const createBody = tagged<{ type: string }>(
  "'type'",
  (input) => (input.type === undefined ? undefined : String(input.type)),
  {
    custom: create('custom', customCreate),
    ads: unavailable,
    discord: unavailable,
    github_repository: unavailable,
    downloadables: unavailable,
    license_keys: create('license_keys', licenseKeys),
  },
  (t) => `<BenefitType.${t}: '${t}'>`,
);

const update = <V extends BenefitType>(v: V, properties: z.ZodType<unknown, unknown>) =>
  z.object({ description: orNull(description), type: type(v), properties: orNull(properties) });

const updateBody = union<{ type: BenefitType }>([
  ['BenefitAdsUpdate', update('ads', ads)],
  ['BenefitCustomUpdate', update('custom', customUpdate)],
  ['BenefitDiscordUpdate', update('discord', discord)],
  ['BenefitGitHubRepositoryUpdate', update('github_repository', github)],
  ['BenefitDownloadablesUpdate', update('downloadables', downloadables)],
  ['BenefitLicenseKeysUpdate', update('license_keys', licenseKeys)],
]);

export function parseBenefitCreate(body: unknown): BenefitDraft {
  const parsed = parseBody(createBody, body);
  checkAvailable(parsed.type);
  return parsed as BenefitDraft;
}

/** The update as sent; its type is checked against the benefit's by the route. */
export function parseBenefitUpdate(body: unknown): BenefitChanges {
  return parseBody(updateBody, body) as BenefitChanges;
}
