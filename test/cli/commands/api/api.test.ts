// billing api: argv -> usage error or the exact request (query for GET, body otherwise).
import { describe, expect, it } from 'vitest';
import { ID, useRecorder } from '../harness.js';

const rec = useRecorder();

describe('api', () => {
  it.each([
    [
      ['FETCH', '/v1/orders/'],
      'billing: method must be one of GET, POST, PATCH, PUT, DELETE, got "FETCH"\n',
    ],
    [['GET', 'v1/orders/'], 'billing: path must start with /, e.g. /v1/orders/\n'],
    [['POST', '/v1/orders/', '--paginate'], 'billing: --paginate works with GET only\n'],
    [['GET', '/v1/orders/', '-f', 'limit'], 'billing: -f: "limit" is not key=value or key:=json\n'],
    [['PATCH', '/v1/x', '-f', 'n:={'], 'billing: -f n: value after := is not valid JSON\n'],
    [
      ['PATCH', '/v1/x', '--data', '{'],
      expect.stringMatching(/^billing: --data: invalid JSON: .+\n$/),
    ],
  ])('%j -> usage error', async (args, stderr) => {
    await rec.usage(['api', ...(args as string[])], stderr as string);
  });

  it('GET: -f fields become query parameters, repeated keys repeat', async () => {
    const sent = await rec.request([
      'api',
      'get',
      '/v1/orders/',
      '-f',
      'sorting=-amount',
      '-f',
      'sorting=customer',
      '-f',
      'limit:=5',
    ]);
    expect(sent).toEqual({
      method: 'GET',
      path: '/v1/orders/',
      query: [
        ['sorting', '-amount'],
        ['sorting', 'customer'],
        ['limit', '5'],
      ],
      authorization: expect.stringMatching(/^Bearer polar_pat_/),
    });
  });

  it('PATCH: --data and typed -f fields make the body; --no-auth sends no token', async () => {
    const sent = await rec.request([
      'api',
      'PATCH',
      `/v1/organizations/${ID}`,
      '--data',
      '{"name": "A", "bio": "b"}',
      '-f',
      'name=B',
      '-f',
      'pledge_minimum_amount:=3000',
      '--no-auth',
    ]);
    expect(sent).toEqual({
      method: 'PATCH',
      path: `/v1/organizations/${ID}`,
      query: [],
      body: { name: 'B', bio: 'b', pledge_minimum_amount: 3000 },
    });
  });
});
