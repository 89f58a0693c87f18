// Benefits as the service answers them.
import { ID, ID2, ORG } from '../verb.js';

export const LICENSE = {
  id: ID,
  created_at: '2026-01-10T09:00:00Z',
  modified_at: null,
  type: 'license_keys',
  description: 'Acme Pro license',
  selectable: true,
  deletable: true,
  organization_id: ORG,
  properties: { prefix: 'ACME', expires: null, activations: { limit: 3 }, limit_usage: null },
};

export const SUPPORT = {
  ...LICENSE,
  id: ID2,
  type: 'custom',
  description: 'Priority email support',
  properties: { note: 'Write to support@acme.example' },
};
