// A webhook endpoint and a delivery as the service answers them.
import { ID, ID2, ORG } from '../verb.js';

export const SECRET = 'polar_whs_verbTestSecretNeverPrintedButOnce000000000';

export const ENDPOINT = {
  id: ID,
  created_at: '2026-11-20T10:00:00Z',
  modified_at: null,
  url: 'http://localhost:3000/webhooks',
  format: 'raw',
  secret: SECRET,
  organization_id: ORG,
  events: ['order.created', 'subscription.revoked'],
};

export const DELIVERY = {
  id: ID2,
  created_at: '2026-11-20T10:00:01Z',
  modified_at: null,
  http_code: 500,
  succeeded: false,
  response: 'boom',
  webhook_event: {
    id: ID,
    created_at: '2026-11-20T10:00:00Z',
    modified_at: null,
    type: 'order.created',
    last_http_code: 500,
    succeeded: false,
    payload: '{}',
  },
};
