// billing webhooks create: argv -> the body; the secret printed this once.
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { VALUES } from '../../../../src/api/generation.js';
import { buildCreate, runCreate } from '../../../../src/cli/commands/webhooks/create.js';
import { answered, ORG, parse } from '../verb.js';
import { ENDPOINT, SECRET } from './fixtures.js';

const URL = 'http://localhost:3000/webhooks';

describe('webhooks create: argv -> options', () => {
  it.each([
    // Every type of the generation in use, known when the command runs.
    [['--url', URL], { url: URL, events: 'all', format: 'raw' }],
    [
      ['--url', URL, '--events', 'subscription.revoked,order.created', '--events', 'order.created'],
      { url: URL, events: ['order.created', 'subscription.revoked'], format: 'raw' },
    ],
    [
      ['--url', URL, '--events', 'all', '--secret', 's3cret', '--format', 'slack', '--org', ORG],
      {
        url: URL,
        events: 'all',
        format: 'slack',
        secret: 's3cret',
        organization_id: ORG,
      },
    ],
  ])('%j', async (argv, body) => {
    expect(await parse(buildCreate, 'create', argv, { noun: 'webhooks' })).toEqual({
      options: { body, output: {} },
      code: 0,
      stderr: '',
    });
  });

  it.each([
    [[], "billing: required option '--url <url>' not specified\n"],
    [['--url', 'localhost:3000'], 'billing: --url: must be an http or https URL, got localhost:\n'],
    [['--url', 'not a url'], 'billing: --url: "not a url" is not a URL\n'],
    [
      ['--url', URL, '--events', 'order.shipped'],
      `billing: --events: "order.shipped" is not an event type; valid: ${VALUES.webhookEventType.join(', ')}, all\n`,
    ],
    [['--url', URL, '--secret', ' '], 'billing: --secret: must not be empty\n'],
  ])('%j -> usage error, nothing sent', async (argv, stderr) => {
    expect(await parse(buildCreate, 'create', argv, { noun: 'webhooks' })).toEqual({
      code: 2,
      stderr,
    });
  });
});

describe('webhooks create: options + answers -> output', () => {
  const body = { url: URL, events: ['order.created'], format: 'raw' as const };
  const POST = { method: 'POST', path: '/v1/webhooks/endpoints' };

  it('sends the body (the profile organization when given) and prints the card with the secret', async () => {
    const r = await answered(runCreate, { body, output: {} }, POST, 201, ENDPOINT, {
      env: { BILLING_ORG: ORG },
    });
    expect(r.code).toBe(0);
    expect(r.seen.body).toEqual({ ...body, organization_id: ORG });
    expect(r.stdout).toContain(`secret\t${SECRET}\n`);
  });

  it('--json includes the secret; on a terminal a ✓ line says it is not shown again', async () => {
    const r = await answered(runCreate, { body, output: { json: true } }, POST, 201, ENDPOINT, {
      tty: true,
      env: { BILLING_ORG: ORG },
    });
    expect(JSON.parse(r.stdout)).toEqual(ENDPOINT);
    expect(stripVTControlCharacters(r.stderr)).toBe(
      `✓ Webhook endpoint ${ENDPOINT.id} created. Keep its secret now: billing does not show it again.\n`,
    );
  });
});
