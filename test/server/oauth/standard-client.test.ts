// A standard OpenID Connect client (oauth4webapi, the library the CLI uses) against the local
// server: every response passes its conformance checks, id_token signature included.
import * as o from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALICE, type Ctx, consent, LOOPBACK, startService, userId } from './helpers.js';

let ctx: Ctx;
let as: o.AuthorizationServer;
const http = { [o.allowInsecureRequests]: true };

beforeAll(async () => {
  ctx = await startService();
  const issuer = new URL(ctx.base);
  as = await o.processDiscoveryResponse(
    issuer,
    await o.discoveryRequest(issuer, { ...http, algorithm: 'oidc' }),
  );
});
afterAll(() => ctx.svc.stop());

async function codeFlow(client: o.Client, auth: o.ClientAuth, redirectUri: string) {
  const verifier = o.generateRandomCodeVerifier();
  const state = o.generateRandomState();
  const nonce = o.generateRandomNonce();
  const url = new URL(as.authorization_endpoint!);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: client.client_id,
    redirect_uri: redirectUri,
    scope: 'openid email orders:read',
    state,
    nonce,
    code_challenge: await o.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  }).toString();
  const callback = await consent(ctx, url.href);
  const params = o.validateAuthResponse(as, client, callback, state);
  const response = await o.authorizationCodeGrantRequest(
    as,
    client,
    auth,
    params,
    redirectUri,
    verifier,
    http,
  );
  return o.processAuthorizationCodeResponse(as, client, response, {
    expectedNonce: nonce,
    requireIdToken: true,
  });
}

describe('oauth4webapi as the client', () => {
  it('logs in with the public CLI client, reads userinfo, refreshes and revokes', async () => {
    const client: o.Client = { client_id: ctx.demo.client_id };
    const tokens = await codeFlow(client, o.None(), LOOPBACK);
    const claims = o.getValidatedIdTokenClaims(tokens)!;
    expect(claims.sub).toBe(userId(ctx, ALICE));
    expect(claims.email).toBe(ALICE);

    const info = await o.processUserInfoResponse(
      as,
      client,
      claims.sub,
      await o.userInfoRequest(as, client, tokens.access_token, http),
    );
    expect(info.email).toBe(ALICE);

    const refreshed = await o.processRefreshTokenResponse(
      as,
      client,
      await o.refreshTokenGrantRequest(as, client, o.None(), tokens.refresh_token!, http),
    );
    expect(refreshed.expires_in).toBe(3600);

    await o.processRevocationResponse(
      await o.revocationRequest(as, client, o.None(), refreshed.access_token, http),
    );
    const gone = await o.processIntrospectionResponse(
      as,
      client,
      await o.introspectionRequest(as, client, o.None(), refreshed.access_token, http),
    );
    expect(gone.active).toBe(false);
  });

  it('registers a confidential client and logs in with client_secret_basic', async () => {
    const redirectUri = 'http://localhost:40123/cb';
    const registered = await o.processDynamicClientRegistrationResponse(
      await o.dynamicClientRegistrationRequest(
        as,
        {
          client_name: 'Standard',
          redirect_uris: [redirectUri],
          scope: 'openid email orders:read',
          // The default is client_secret_post, as on the real service.
          token_endpoint_auth_method: 'client_secret_basic',
        },
        http,
      ),
    );
    const client: o.Client = { client_id: registered.client_id };
    const auth = o.ClientSecretBasic(registered.client_secret as string);
    const tokens = await codeFlow(client, auth, redirectUri);
    const active = await o.processIntrospectionResponse(
      as,
      client,
      await o.introspectionRequest(as, client, auth, tokens.access_token, http),
    );
    expect(active).toMatchObject({ active: true, scope: 'openid email orders:read' });
  });
});
