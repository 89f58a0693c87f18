// Token revocation at logout (RFC 7009). Revoking the refresh token kills its access token too
// (api-facts "Revoke"); the access token is revoked as well for servers that don't pair them.
import * as o from 'oauth4webapi';
import type { Settings } from '../config/resolve.js';
import type { Credentials } from './credentials.js';
import { discover, type Net, requestOptions } from './oauth.js';

export async function revoke(settings: Settings, c: Credentials, net: Net): Promise<boolean> {
  const { as } = await discover(settings, net);
  if (!as.revocation_endpoint) return false;
  const client: o.Client = { client_id: settings.client_id };
  for (const token of [c.refresh_token, c.access_token]) {
    if (!token) continue;
    const response = await o.revocationRequest(
      as,
      client,
      o.None(),
      token,
      requestOptions(settings, net),
    );
    await o.processRevocationResponse(response);
  }
  return true;
}
