// The OAuth 2.0 / OpenID Connect authorization server of the local service (spec §5, issue 3).
import type { Router } from '../app.js';
import { registerAuthorize } from './authorize.js';
import { registerAuthorizeApi } from './authorize-api.js';
import { registerDiscovery } from './discovery.js';
import { registerIntrospection } from './introspection.js';
import { SigningKeys } from './keys.js';
import { registerRegistration } from './register.js';
import { registerClientConfiguration } from './register-config.js';
import { registerToken } from './token.js';
import { registerUserinfo } from './userinfo.js';

export function registerOAuth(router: Router): void {
  const keys = new SigningKeys(router.service.store);
  registerDiscovery(router, keys);
  registerAuthorize(router);
  registerAuthorizeApi(router);
  registerToken(router, keys);
  registerUserinfo(router);
  registerIntrospection(router);
  registerRegistration(router);
  registerClientConfiguration(router);
}
