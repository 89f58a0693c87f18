// npm run openapi -- <2026-10.openapi.json> <commit>: regenerates what the project keeps of the
// real service's API description (polarsource/polar, docs/openapi/2026-10.openapi.json):
//   vendor/polar-openapi/2026-10.json   the description without prose, examples or code samples:
//                                       schemas and operations, what ajv checks bodies against
//   src/shared/openapi/2026-10.ts       TypeScript types of it, by openapi-typescript
//   src/shared/openapi/2026-10.facts.ts its value sets and sort criteria, for run time
//   src/shared/openapi/2026-10.fields.ts the fields of what the CLI prints, for --fields
//   vendor/polar-openapi/SOURCE.md      where it came from: repository, path, commit, sha256
// Get the document from https://raw.githubusercontent.com/polarsource/polar/<commit>/docs/openapi/2026-10.openapi.json
// openapi-typescript is run with npx (it wants TypeScript 5's compiler API; the project's
// own TypeScript is 7), so it is not a dependency of the project.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const VERSION = '2026-10';
const GENERATOR = 'openapi-typescript@7.13.0';
const [source, commit] = process.argv.slice(2);
if (!source || !/^[0-9a-f]{40}$/.test(commit ?? '')) {
  console.error('usage: npm run openapi -- <path to 2026-10.openapi.json> <40-hex commit>');
  process.exit(2);
}

const raw = readFileSync(source);
const doc = JSON.parse(raw.toString('utf8'));
if (doc.info?.version !== VERSION) {
  console.error(`${source} describes version ${doc.info?.version}, not ${VERSION}`);
  process.exit(2);
}

// Keywords that only document (prose, examples, generator hints): nothing a body is checked by.
const PROSE = new Set(['description', 'title', 'examples', 'example', '$comment', 'deprecated']);
// Keywords whose value maps names to schemas: the names are data, the values schemas.
const NAMED = new Set(['properties', 'patternProperties', '$defs', 'dependentSchemas']);
// Keywords whose value is data, kept as it is.
const DATA = new Set(['enum', 'const', 'default', 'required', 'discriminator', 'format', 'type']);

function schema(node) {
  if (Array.isArray(node)) return node.map(schema);
  if (node === null || typeof node !== 'object') return node;
  const out = {};
  for (const [key, value] of Object.entries(node)) {
    if (PROSE.has(key) || key.startsWith('x-')) continue;
    if (NAMED.has(key)) {
      out[key] = Object.fromEntries(Object.entries(value).map(([n, s]) => [n, schema(s)]));
    } else if (DATA.has(key)) out[key] = value;
    else out[key] = schema(value);
  }
  return out;
}

function content(map) {
  if (!map) return undefined;
  return Object.fromEntries(
    Object.entries(map).map(([type, media]) => [type, { schema: schema(media.schema ?? {}) }]),
  );
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const paths = {};
for (const [path, item] of Object.entries(doc.paths)) {
  paths[path] = {};
  for (const method of METHODS) {
    const op = item[method];
    if (!op) continue;
    const out = { operationId: op.operationId };
    if (op.parameters?.length) {
      out.parameters = op.parameters.map((p) => ({
        name: p.name,
        in: p.in,
        required: p.required ?? false,
        schema: schema(p.schema ?? {}),
      }));
    }
    if (op.requestBody) {
      out.requestBody = {
        required: op.requestBody.required ?? false,
        content: content(op.requestBody.content),
      };
    }
    out.responses = Object.fromEntries(
      Object.entries(op.responses ?? {}).map(([status, r]) => [
        status,
        r.content ? { content: content(r.content) } : {},
      ]),
    );
    paths[path][method] = out;
  }
}

const kept = {
  openapi: doc.openapi,
  info: { title: doc.info.title, version: doc.info.version },
  paths,
  components: { schemas: schema(doc.components.schemas) },
  webhooks: Object.fromEntries(
    Object.entries(doc.webhooks ?? {}).map(([name, item]) => [
      name,
      { post: { requestBody: { content: content(item.post?.requestBody?.content) } } },
    ]),
  ),
};

// What the CLI needs at run time, beside the types: the value sets its flags accept and the
// fields of what it prints (for checking --fields), for today's generation.
const SCHEMAS = kept.components.schemas;
const refName = (s) => s?.$ref?.split('/').pop();
const resolve = (s) => (s?.$ref ? SCHEMAS[refName(s)] : s);
const ENUMS = [
  'BenefitType',
  'CheckoutStatus',
  'CustomerCancellationReason',
  'DiscountDuration',
  'DiscountType',
  'LicenseKeyStatus',
  'OrderBillingReason',
  'OrderStatus',
  'ProductBillingType',
  'ProductVisibility',
  'RecurringInterval',
  'SubscriptionProrationBehavior',
  'SubscriptionStatus',
  'WebhookEventType',
  'WebhookFormat',
];
const enums = Object.fromEntries(
  ENUMS.map((name) => {
    const values = SCHEMAS[name]?.enum;
    if (!values) throw new Error(`no enum schema ${name}`);
    return [name, values];
  }),
);
// The sort criteria of each list operation, without the `-` forms.
const sorting = {};
for (const item of Object.values(paths)) {
  const param = item.get?.parameters?.find((p) => p.name === 'sorting');
  if (!param) continue;
  const ref = JSON.stringify(param.schema).match(/"#\/components\/schemas\/([^"]+)"/)?.[1];
  const values = SCHEMAS[ref]?.enum?.filter((v) => !v.startsWith('-'));
  if (values) sorting[item.get.operationId] = values;
}
const PRINTED = [
  'Benefit',
  'Checkout',
  'CheckoutPublicConfirmed',
  'Customer',
  'CustomerOrder',
  'CustomerSubscription',
  'Discount',
  'LicenseKeyActivationRead',
  'LicenseKeyRead',
  'LicenseKeyWithActivations',
  'Order',
  'Organization',
  'Product',
  'Subscription',
  'ValidatedLicenseKey',
  'WebhookDelivery',
  'WebhookEndpoint',
];
const FIELD_DEPTH = 4;
/** The field names of a schema, nested: 'leaf' for a value, 'free' for a map of any keys. */
function fieldTree(node, depth) {
  const s = resolve(node);
  if (!s || typeof s !== 'object') return 'leaf';
  const options = s.anyOf ?? s.oneOf;
  if (options) {
    const trees = options.map((o) => fieldTree(o, depth)).filter((t) => t !== 'leaf');
    if (trees.includes('free')) return 'free';
    return trees.length ? trees.reduce(mergeTrees) : 'leaf';
  }
  if (s.allOf) return s.allOf.map((o) => fieldTree(o, depth)).reduce(mergeTrees);
  if (s.type === 'array') return s.items ? fieldTree(s.items, depth) : 'leaf';
  if (s.properties) {
    if (depth >= FIELD_DEPTH) return 'free';
    return Object.fromEntries(
      Object.entries(s.properties).map(([k, v]) => [k, fieldTree(v, depth + 1)]),
    );
  }
  return s.type === 'object' || s.additionalProperties ? 'free' : 'leaf';
}
function mergeTrees(a, b) {
  if (a === 'free' || b === 'free') return 'free';
  if (a === 'leaf') return b;
  if (b === 'leaf') return a;
  const out = { ...a };
  for (const [k, v] of Object.entries(b)) out[k] = k in out ? mergeTrees(out[k], v) : v;
  return out;
}
const fields = Object.fromEntries(PRINTED.map((name) => [name, fieldTree(SCHEMAS[name], 0)]));

const sha256 = createHash('sha256').update(raw).digest('hex');
mkdirSync('vendor/polar-openapi', { recursive: true });
const keptPath = `vendor/polar-openapi/${VERSION}.json`;
writeFileSync(keptPath, `${JSON.stringify(kept, null, 1)}\n`);

const work = mkdtempSync(join(tmpdir(), 'billing-openapi-'));
try {
  const out = join(work, 'types.ts');
  execFileSync(
    'npx',
    [
      '--yes',
      '-p',
      GENERATOR,
      '-p',
      'typescript@5',
      'openapi-typescript',
      keptPath,
      '-o',
      out,
      // A request field with a default may still be left out.
      '--default-non-nullable',
      'false',
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const header = [
    `// Generated by scripts/openapi.mjs with ${GENERATOR} from polarsource/polar`,
    `// docs/openapi/${VERSION}.openapi.json at ${commit} (sha256 ${sha256}).`,
    '// Do not edit: run `npm run openapi -- <document> <commit>` (vendor/polar-openapi/SOURCE.md).',
    '',
  ].join('\n');
  mkdirSync('src/shared/openapi', { recursive: true });
  writeFileSync(`src/shared/openapi/${VERSION}.ts`, header + readFileSync(out, 'utf8'));
  const generated = header.replace(`with ${GENERATOR} `, '');
  const facts = [
    generated,
    '// Value sets of the API description, for the CLI at run time.',
    '',
    `export const ENUMS = ${JSON.stringify(enums)} as const;`,
    '',
    '/** The sort criteria of each list operation (by operationId), ascending forms. */',
    `export const SORTING: Readonly<Record<string, readonly string[]>> = ${JSON.stringify(sorting)};`,
    '',
  ].join('\n');
  writeFileSync(`src/shared/openapi/${VERSION}.facts.ts`, facts);
  // Apart: only --fields needs them, and they are most of the size.
  const fieldsModule = [
    generated,
    '// The fields of what the CLI prints, as the API description lists them (for --fields).',
    '',
    "/** A schema's fields by name: 'leaf' a value, 'free' a map of any keys, else nested. */",
    "export type Fields = { readonly [name: string]: Fields | 'free' | 'leaf' };",
    '',
    `export const FIELDS = ${JSON.stringify(fields)} as const satisfies Record<string, Fields>;`,
    '',
  ].join('\n');
  writeFileSync(`src/shared/openapi/${VERSION}.fields.ts`, fieldsModule);
} finally {
  rmSync(work, { recursive: true, force: true });
}

writeFileSync(
  'vendor/polar-openapi/SOURCE.md',
  `# The real service's API description, ${VERSION}

- Repository: https://github.com/polarsource/polar
- Path: \`docs/openapi/${VERSION}.openapi.json\`
- Commit: \`${commit}\`
- sha256 of that file: \`${sha256}\`

\`${VERSION}.json\` is that document with its prose, examples, code samples and \`x-\` hints
taken out: the schemas, operations, parameters, request and response bodies, and webhooks, as
written. \`src/shared/openapi/${VERSION}.ts\` is its TypeScript types (${GENERATOR}).
Both are made by \`scripts/openapi.mjs\`; to move to a newer document:

\`\`\`sh
curl -fsSLo /tmp/${VERSION}.openapi.json \\
  https://raw.githubusercontent.com/polarsource/polar/<commit>/docs/openapi/${VERSION}.openapi.json
npm run openapi -- /tmp/${VERSION}.openapi.json <commit>
\`\`\`

then \`npm test\`: a field the CLI reads that the service dropped or renamed is a type error, and
the conformance tests check every body the CLI sends and reads against the new schemas.
`,
);
console.log(
  `wrote ${keptPath}, src/shared/openapi/${VERSION}.ts, .facts.ts and .fields.ts, vendor/polar-openapi/SOURCE.md`,
);
