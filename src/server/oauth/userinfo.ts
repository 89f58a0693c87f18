// GET/POST /v1/oauth2/userinfo (spec endpoint 17): OAuth access tokens only (api-facts).
import type { FastifyRequest } from 'fastify';
import type { Context, Router } from '../app.js';
import { REALM } from '../auth.js';
import { unauthorized } from '../errors.js';
import { subjectClaims } from './claims.js';

export function registerUserinfo({ get, write, service }: Router): void {
  const auth = { kinds: ['user', 'organization'] as ('user' | 'organization')[], scopes: [] };
  const userinfo = (_req: FastifyRequest, { principal, reply }: Context) => {
    // A personal access token is not an OAuth grant: it describes no consent to userinfo.
    if (
      !principal ||
      principal.kind === 'customer' ||
      (principal.kind === 'user' && principal.via === 'pat')
    ) {
      throw unauthorized(REALM);
    }
    reply.header('cache-control', 'no-store');
    const subject =
      principal.kind === 'organization'
        ? { sub_type: 'organization', user_id: null, organization_id: principal.organizationId }
        : { sub_type: 'user', user_id: principal.userId, organization_id: null };
    return subjectClaims(service.store, subject, [...principal.scopes]);
  };
  get('/v1/oauth2/userinfo', auth, userinfo);
  // A POST reads nothing it could change; as a write it is answered after an empty transaction.
  write('POST', '/v1/oauth2/userinfo', auth, userinfo);
}
