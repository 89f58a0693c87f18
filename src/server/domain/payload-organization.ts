// The organization a created resource belongs to (the real service's get_payload_organization):
// an organization token acts for its own and may not name one; a user names one of theirs.
import type { Visibility } from '../store/index.js';
import { invalid } from './errors.js';
import type { Principal } from './principal.js';

/** The id of the organization the body's `organization_id` stands for, or a 422 on that field. */
export function payloadOrganization(
  principal: Principal,
  visible: Visibility,
  organizationId: string | null | undefined,
): string {
  const loc = ['organization_id'];
  if (principal.kind === 'organization') {
    if (organizationId != null) {
      const msg = 'Setting organization_id is disallowed when using an organization token.';
      throw invalid(loc, msg, organizationId, 'organization_token');
    }
    return principal.organizationId;
  }
  if (organizationId == null) throw invalid(loc, 'organization_id is required.', null, 'missing');
  // Unknown, or not one the user may write to: the same answer (organization resolver, authz).
  const id = organizationId.toLowerCase();
  if (!visible.sellerSees(id)) throw invalid(loc, 'Organization not found.', organizationId);
  return id;
}
