// billing webhooks deliveries|redeliver: filters, --failed filtered here, redeliver's 202.
import { describe, expect, it } from 'vitest';
import {
  buildDeliveries,
  runDeliveries,
} from '../../../../src/cli/commands/webhooks/deliveries.js';
import { buildRedeliver, runRedeliver } from '../../../../src/cli/commands/webhooks/redeliver.js';
import { answered, execute, ID, ID2, json, NOT_FOUND, page, parse } from '../verb.js';
import { DELIVERY } from './fixtures.js';

const first = { limit: 30, startPage: 1, pageSize: 30 };

describe('webhooks deliveries|redeliver: argv -> options', () => {
  it('--endpoint and --failed; redeliver <event-id>', async () => {
    expect(
      await parse(buildDeliveries, 'deliveries', ['--endpoint', ID, '--failed'], {
        noun: 'webhooks',
      }),
    ).toEqual({
      options: { filters: { endpoint_id: [ID] }, failed: true, page: first, output: {} },
      code: 0,
      stderr: '',
    });
    expect(await parse(buildRedeliver, 'redeliver', [ID2], { noun: 'webhooks' })).toEqual({
      options: { eventId: ID2 },
      code: 0,
      stderr: '',
    });
    expect(await parse(buildRedeliver, 'redeliver', ['evt_1'], { noun: 'webhooks' })).toEqual({
      code: 2,
      stderr: 'billing: event id: "evt_1" is not a UUID\n',
    });
  });
});

describe('webhooks deliveries|redeliver: options + answers -> output', () => {
  it('lists the attempts with their event, as TSV to a pipe', async () => {
    const r = await answered(
      runDeliveries,
      { filters: { endpoint_id: [ID] }, failed: false, page: first, output: {} },
      { method: 'GET', path: `/v1/webhooks/deliveries?endpoint_id=${ID}&page=1&limit=30` },
      200,
      page([DELIVERY]),
    );
    expect(r.stdout).toBe(
      'ID\tCREATED\tEVENT\tEVENT ID\tHTTP\tOK\n' +
        `${ID2}\t2026-11-20T10:00:01Z\torder.created\t${ID}\t500\tfalse\n`,
    );
  });

  it('--failed: only failed attempts, across pages of 100', async () => {
    const ok = { ...DELIVERY, id: ID, succeeded: true, http_code: 200 };
    const r = await execute(
      runDeliveries,
      {
        filters: {},
        failed: true,
        page: { limit: 1, startPage: 1, pageSize: 1 },
        output: { output: 'ndjson', fields: 'id' },
      },
      {
        http: (pool) =>
          pool
            .intercept({ path: '/v1/webhooks/deliveries?page=1&limit=100' })
            .reply(200, page([ok, DELIVERY]), json),
      },
    );
    expect(r).toEqual({ code: 0, stdout: `${JSON.stringify({ id: ID2 })}\n`, stderr: '' });
  });

  it('redeliver: POST, 202, nothing on stdout; an unknown event exits 6', async () => {
    const call = { method: 'POST', path: `/v1/webhooks/events/${ID}/redeliver` };
    const r = await answered(runRedeliver, { eventId: ID }, call, 202, {});
    expect(r).toMatchObject({ code: 0, stdout: '', stderr: '' });
    const gone = await execute(
      runRedeliver,
      { eventId: ID },
      { http: (pool) => pool.intercept(call).reply(404, NOT_FOUND, json) },
    );
    expect(gone).toEqual({
      code: 6,
      stdout: '',
      stderr: `billing: webhook event ${ID} not found\n`,
    });
  });
});
