// billing trigger: argv -> options; the local-only check; a recipe's requests and its output.
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { buildTrigger, runTrigger } from '../../../../src/cli/commands/trigger/index.js';
import { WEBHOOK_EVENT_TYPES } from '../../../../src/shared/api-facts.js';
import { orgRequired, twoOrganizations } from '../fixtures.js';
import { BASE, execute, ID, json, ORG, parse } from '../verb.js';

describe('trigger: argv -> options', () => {
  it.each(WEBHOOK_EVENT_TYPES.map((t) => [t]))('%s', async (type) => {
    expect(await parse(buildTrigger, 'trigger', [type, '--org', ORG])).toEqual({
      options: { type, org: ORG, output: {} },
      code: 0,
      stderr: '',
    });
  });

  it.each([
    [
      ['order.paid'],
      `billing: event type: "order.paid" is not one; valid: ${WEBHOOK_EVENT_TYPES.join(', ')}\n`,
    ],
    [['order.created', '--org', 'acme'], 'billing: --org: "acme" is not a UUID\n'],
    [[], "billing: missing required argument 'event-type'\n"],
  ])('%j -> usage error', async (argv, stderr) => {
    expect(await parse(buildTrigger, 'trigger', argv)).toEqual({ code: 2, stderr });
  });
});

describe('trigger: options + answers -> output', () => {
  const CLOCK = (pool: import('../../../helpers/http.js').ScriptedHost) =>
    pool
      .intercept({ path: '/__local/clock', method: 'GET' })
      .reply(200, { now: '2026-11-23T12:00:00Z' }, json);

  it('a service without /__local/ is refused before any change (exit 2)', async () => {
    const r = await execute(
      runTrigger,
      { type: 'product.created', org: ORG, output: {} },
      {
        http: (pool) =>
          pool
            .intercept({ path: '/__local/clock', method: 'GET' })
            .reply(404, { detail: 'Not Found' }, json),
      },
    );
    expect(r).toEqual({
      code: 2,
      stdout: '',
      stderr:
        `billing: trigger: ${BASE} is not a local service; events are triggered only in the sandbox\n` +
        'Run billing serve and point BILLING_BASE_URL at it (or use --profile local); elsewhere make the change itself.\n',
    });
  });

  it('product.created: creates a product in the organization; prints what it made', async () => {
    let sent: Record<string, unknown> | undefined;
    const r = await execute(
      runTrigger,
      { type: 'product.created', org: ORG, output: {} },
      {
        tty: true,
        http: (pool) => {
          CLOCK(pool);
          pool
            .intercept({
              path: '/v1/products/',
              method: 'POST',
              body: (b) => {
                sent = JSON.parse(b);
                return true;
              },
            })
            .reply(201, { id: ID, name: 'Triggered product' }, json);
        },
      },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(sent).toMatchObject({
      organization_id: ORG,
      prices: [{ type: 'one_time', amount_type: 'fixed', price_amount: 1000 }],
    });
    expect(stripVTControlCharacters(r.stdout)).toMatch(
      /event\s+product\.created\nproduct\s+0b4c2a7e/,
    );
    expect(stripVTControlCharacters(r.stderr)).toBe(
      '✓ Triggered product.created: creates a product with a one-time price.\n',
    );
  });

  it('without --org and no default organization: exit 2 naming --org', async () => {
    const r = await execute(
      runTrigger,
      { type: 'organization.updated', output: {} },
      {
        http: (pool) => {
          CLOCK(pool);
          twoOrganizations(pool);
        },
      },
    );
    expect(r).toEqual({ code: 2, stdout: '', stderr: orgRequired('trigger') });
  });
});
