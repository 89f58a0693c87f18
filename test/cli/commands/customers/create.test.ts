import { stripVTControlCharacters } from 'node:util';
// billing customers create: argv -> the body; options + answers -> output.
import { describe, expect, it } from 'vitest';
import { buildCreate, runCreate } from '../../../../src/cli/commands/customers/create.js';
import { answered, ORG, parse } from '../verb.js';
import { JANE, janeCard } from './fixtures.js';

describe('customers create: argv -> options', () => {
  it.each([
    [['--email', 'jane@example.com'], { body: { email: 'jane@example.com' }, output: {} }],
    [
      ['--email', 'jane@example.com', '--name', 'Jane Doe', '--org', ORG, '--json'],
      {
        body: { email: 'jane@example.com', name: 'Jane Doe', organization_id: ORG },
        output: { json: true },
      },
    ],
    [
      ['--data', '{"email": "x@example.com", "billing_address": {"country": "FR"}}', '--name', 'X'],
      {
        body: { email: 'x@example.com', billing_address: { country: 'FR' }, name: 'X' },
        output: {},
      },
    ],
  ])('%j', async (argv, options) => {
    expect(await parse(buildCreate, 'create', argv, { noun: 'customers' })).toEqual({
      options,
      code: 0,
      stderr: '',
    });
  });

  it.each([
    [[], 'billing: --email is required\n'],
    [['--email', 'jane'], 'billing: --email: "jane" is not an email\n'],
    [['--email', 'a@b.c', '--org', 'acme'], 'billing: --org: "acme" is not a UUID\n'],
    [['--data', '[1]'], 'billing: --data: must be a JSON object\n'],
  ])('%j -> usage error, nothing sent', async (argv, stderr) => {
    expect(await parse(buildCreate, 'create', argv, { noun: 'customers' })).toEqual({
      code: 2,
      stderr,
    });
  });
});

describe('customers create: options + answers -> output', () => {
  const body = { email: 'jane@example.com', name: 'Jane Doe' };
  const create = (status: number, answer: object, tty = false) =>
    answered(
      runCreate,
      { body, output: {} },
      { method: 'POST', path: '/v1/customers/' },
      status,
      answer,
      { tty, env: { BILLING_ORG: ORG } },
    );

  it('sends the body with the seller token and prints the card; ✓ on a terminal only', async () => {
    const r = await create(201, JANE);
    expect(r).toMatchObject({ code: 0, stdout: janeCard(), stderr: '' });
    expect(r.seen).toEqual({
      authorization: expect.stringMatching(/^Bearer polar_pat_/),
      body: { ...body, organization_id: ORG },
    });
    const t = await create(201, JANE, true);
    expect(stripVTControlCharacters(t.stderr)).toBe(
      `✓ Customer ${JANE.id} created (jane@example.com).\n`,
    );
  });

  it("without --org, the profile's organization (BILLING_ORG) is sent", async () => {
    const r = await answered(
      runCreate,
      { body, output: {} },
      { method: 'POST', path: '/v1/customers/' },
      201,
      JANE,
      { env: { BILLING_ORG: ORG } },
    );
    expect(r.seen.body).toEqual({ ...body, organization_id: ORG });
  });

  it('a taken email: the service names the field, exit 2', async () => {
    const r = await create(422, {
      detail: [
        {
          type: 'value_error',
          loc: ['body', 'email'],
          msg: 'A customer with this email address already exists.',
          input: 'jane@example.com',
        },
      ],
    });
    expect(r).toMatchObject({
      code: 2,
      stdout: '',
      stderr:
        'billing: the server rejected the request (422)\n' +
        '  email: A customer with this email address already exists.\n',
    });
  });
});
