// billing events label: argv -> options or the exact usage error; options + answers -> output.
// EventTypeUpdate (event_type/schemas.py at c6c3645e, 2026-10): a label of 1 to 128 characters
// and a label property selector of 1 to 256, both stripped; the service sets both at once, so a
// selector left out is cleared (event_type/service.py update). Every request is checked against
// the real 2026-10 description.
import { describe, expect, it } from 'vitest';
import {
  buildLabel,
  type LabelOptions,
  runLabel,
} from '../../../../src/cli/commands/events/label.js';
import { answered, execute, ID, NOT_FOUND, ORG, parse } from '../verb.js';

const TODAY = { BILLING_API_VERSION: '2026-10' };
const UPDATED = {
  created_at: '2026-10-01T09:00:00Z',
  modified_at: '2026-11-23T12:00:00Z',
  id: ID,
  name: 'api_request',
  label: 'API request',
  label_property_selector: 'route',
  organization_id: ORG,
};

describe('events label: argv -> options', () => {
  it.each([
    [[ID, 'API request'], { id: ID, body: { label: 'API request' }, output: {} }],
    [
      [ID.toUpperCase(), '  API request ', '--label-property-selector', ' route ', '--json'],
      {
        id: ID,
        body: { label: 'API request', label_property_selector: 'route' },
        output: { json: true },
      },
    ],
    [[ID, 'é'.repeat(128)], { id: ID, body: { label: 'é'.repeat(128) }, output: {} }],
  ])('%j', async (argv, options) => {
    expect(await parse(buildLabel, 'label', argv, { noun: 'events' })).toEqual({
      options,
      code: 0,
      stderr: '',
    });
  });

  it.each([
    [['nope', 'x'], 'billing: event type id: "nope" is not a UUID\n'],
    [[ID, '   '], 'billing: label: one line of 1 to 128 characters, not only spaces\n'],
    [[ID, 'x'.repeat(129)], 'billing: label: one line of 1 to 128 characters, not only spaces\n'],
    [[ID, 'two\nlines'], 'billing: label: one line of 1 to 128 characters, not only spaces\n'],
    [
      [ID, 'ok', '--label-property-selector', 'x'.repeat(257)],
      'billing: --label-property-selector: one line of 1 to 256 characters, not only spaces\n',
    ],
    [[ID], "billing: missing required argument 'label'\n"],
  ])('%j -> usage error, nothing runs', async (argv, stderr) => {
    expect(await parse(buildLabel, 'label', argv, { noun: 'events' })).toEqual({ code: 2, stderr });
  });
});

describe('events label: options + answers -> output', () => {
  const options: LabelOptions = {
    id: ID,
    body: { label: 'API request', label_property_selector: 'route' },
    output: {},
  };

  it('PATCHes the label and the selector; a pipe gets the type as key-value lines', async () => {
    const r = await answered(
      runLabel,
      options,
      { method: 'PATCH', path: `/v1/event-types/${ID}` },
      200,
      UPDATED,
      { env: TODAY },
    );
    expect(r.seen.body).toEqual({ label: 'API request', label_property_selector: 'route' });
    expect(r).toMatchObject({
      code: 0,
      stdout:
        `id\t${ID}\n` +
        'name\tapi_request\n' +
        'label\tAPI request\n' +
        'label_property_selector\troute\n' +
        `organization_id\t${ORG}\n` +
        'created_at\t2026-10-01T09:00:00Z\n' +
        'modified_at\t2026-11-23T12:00:00Z\n',
      stderr: '',
    });
  });

  it('--json prints the answer; an unknown id is a 404 naming the event type', async () => {
    const ok = await answered(
      runLabel,
      { ...options, output: { json: true } },
      { method: 'PATCH', path: `/v1/event-types/${ID}` },
      200,
      UPDATED,
      { env: TODAY },
    );
    expect(ok.stdout).toBe(`${JSON.stringify(UPDATED, null, 2)}\n`);
    const missing = await answered(
      runLabel,
      options,
      { method: 'PATCH', path: `/v1/event-types/${ID}` },
      404,
      NOT_FOUND,
      { env: TODAY },
    );
    expect(missing).toMatchObject({ code: 6, stdout: '' });
    expect(missing.stderr).toBe(`billing: event type ${ID} not found\n`);
  });

  it("refuses on the seed's generation before any request", async () => {
    expect(await execute(runLabel, options, {})).toEqual({
      code: 2,
      stdout: '',
      stderr:
        "billing: event types need today's API (2026-04 or later): set api_version, or pass --api-version 2026-10\n",
    });
  });
});
