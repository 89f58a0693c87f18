// GET /v1/oauth2/authorize: the API form of an authorization request, which the real service's
// own consent page reads (oauth2/endpoints/oauth2.py `authorize` at c6c3645e, APITag.public):
// the request checked as the sandbox's consent page checks it, then what the page would show —
// the client's public form, the scopes asked, the subject type. Its caller is a browser session
// or nobody (WebUserOrAnonymous): an API token is 403 NotPermitted. The sandbox has no browser
// sessions, so the answer is always the anonymous one, `sub` null and no organizations; the
// consent itself is the sandbox's page at /oauth2/authorize.
import type { Router } from '../app.js';
import { HttpError } from '../errors.js';
import { checkAuthorizeRequest, withParams } from './authorize-request.js';
import { NO_STORE, oauthError } from './errors.js';

export function registerAuthorizeApi({ get, service }: Router): void {
  const { store } = service;
  get('/v1/oauth2/authorize', null, (req, { principal, reply }) => {
    if (principal)
      throw new HttpError(403, {
        error: 'NotPermitted',
        detail: "You don't have the permission to do this.",
      });
    reply.headers(NO_STORE);
    const checked = checkAuthorizeRequest(store, req.query as Record<string, unknown>);
    if (!checked.ok && !checked.redirect) throw oauthError(400, checked.error, checked.description);
    if (!checked.ok) {
      // Errors the client may see go back to its redirect URI (RFC 6749 §4.1.2.1).
      const to = withParams(checked.redirectUri, {
        error: checked.error,
        error_description: checked.description,
        state: checked.state,
      });
      return reply.redirect(to, 302);
    }
    const { client, request } = checked;
    const row = store.oauthClients.registered(client.client_id)!;
    return {
      client: {
        created_at: row.created_at,
        modified_at: null,
        client_id: client.client_id,
        client_name: client.client_name,
        client_uri: client.client_uri,
        logo_uri: client.logo_uri,
        tos_uri: client.tos_uri,
        policy_uri: client.policy_uri,
      },
      sub_type: request.sub_type,
      sub: null,
      scopes: request.scope,
      organizations: [],
      requires_single_organization: request.sub_type === 'organization',
    };
  });
}
