// GET /.well-known/openid-configuration and /.well-known/jwks.json (api-facts "Conventions",
// "OAuth 2.0 / OpenID Connect server"). URLs are read per request: the port is known only
// after listen().
import {
  CODE_CHALLENGE_METHODS,
  OAUTH_GRANT_TYPES,
  TOKEN_ENDPOINT_AUTH_METHODS,
} from '../../shared/api-facts.js';
import type { Router } from '../app.js';
import { ALL_SCOPES } from '../auth.js';
import type { SigningKeys } from './keys.js';

export function registerDiscovery({ app, service }: Router, keys: SigningKeys): void {
  app.get('/.well-known/openid-configuration', () => {
    const base = service.baseUrl;
    return {
      issuer: base,
      authorization_endpoint: `${service.authUrl}/oauth2/authorize`,
      token_endpoint: `${base}/v1/oauth2/token`,
      userinfo_endpoint: `${base}/v1/oauth2/userinfo`,
      revocation_endpoint: `${base}/v1/oauth2/revoke`,
      introspection_endpoint: `${base}/v1/oauth2/introspect`,
      jwks_uri: `${base}/.well-known/jwks.json`,
      registration_endpoint: `${base}/v1/oauth2/register`,
      scopes_supported: [...ALL_SCOPES],
      response_types_supported: ['code'],
      response_modes_supported: ['query'],
      grant_types_supported: [...OAUTH_GRANT_TYPES],
      token_endpoint_auth_methods_supported: [...TOKEN_ENDPOINT_AUTH_METHODS],
      code_challenge_methods_supported: [...CODE_CHALLENGE_METHODS],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      claims_supported: ['sub', 'name', 'email', 'email_verified'],
    };
  });
  app.get('/.well-known/jwks.json', () => keys.jwks(service.clock.iso()));
}
