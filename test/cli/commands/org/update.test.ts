// billing org get|update: argv -> usage error or the exact request.
import { describe, expect, it } from 'vitest';
import { ID, useRecorder } from '../harness.js';

const rec = useRecorder();

describe('org', () => {
  it.each([
    [['get', 'acme'], 'billing: organization id: "acme" is not a UUID\n'],
    [
      ['get'],
      'billing: no organization id: pass one, or set a default with `billing config set organization_id <id>`\n',
    ],
    [['update', ID], 'billing: nothing to change: give --name or --data\n'],
    [['update', 'acme', '--name', 'x'], 'billing: organization id: "acme" is not a UUID\n'],
    [['update', ID, '--data', '"name"'], 'billing: --data: must be a JSON object\n'],
    [
      ['update', ID, '--name', 'x', '--fields', 'name,'],
      'billing: invalid --fields: (empty)\nUse comma-separated dot paths, e.g. --fields id,status,customer.email\n',
    ],
  ])('%j -> usage error', async (args, stderr) => {
    await rec.usage(['org', ...args], stderr);
  });

  it('get without an id uses BILLING_ORG', async () => {
    const sent = await rec.request(['org', 'get'], { BILLING_ORG: ID.toUpperCase() });
    expect(sent).toMatchObject({ method: 'GET', path: `/v1/organizations/${ID}`, query: [] });
  });

  it('update: --name over the name in --data, other --data fields passed through', async () => {
    const sent = await rec.request([
      'org',
      'update',
      ID,
      '--data',
      '{"name": "Data", "profile_settings": {"description": "Tools"}}',
      '--name',
      'Flag',
    ]);
    expect(sent).toMatchObject({ method: 'PATCH', path: `/v1/organizations/${ID}` });
    expect(sent.body).toEqual({ name: 'Flag', profile_settings: { description: 'Tools' } });
  });
});
