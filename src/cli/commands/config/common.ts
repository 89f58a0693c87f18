// Shared by the config verbs: which config file and profile they work on.
import type { ConfigScope } from '../../../config/keys.js';
import type { Context } from '../../context.js';

export const KEYS_HELP =
  'Keys: base_url, auth_url, client_id, organization_id, storage (auto|keychain|file), ' +
  'connect_timeout, request_timeout (seconds), max_response_mb (largest answer read, ' +
  'default 32) of the active profile; profiles.<name>.<key> for another profile; ' +
  'default_profile.';

/** The config directory, the environment and --profile of this run. */
export function scope(ctx: Context): ConfigScope {
  return { configDir: ctx.configDir, env: ctx.env, profileFlag: ctx.globals.profile };
}
