// billing login --with-token: a personal access token from stdin (never argv), checked with one
// cheap authenticated request, then stored.
import type { TokenStore } from '../../../auth/token-store.js';
import type { Settings } from '../../../config/resolve.js';
import { ApiError, AuthError, UsageError } from '../../../errors.js';
import type { Context } from '../../context.js';
import type { Messenger } from '../../io/index.js';

export async function loginWithToken(
  ctx: Context,
  settings: Settings,
  store: TokenStore,
  say: Messenger,
): Promise<void> {
  let text = '';
  for await (const chunk of ctx.io.stdin) {
    text += chunk.toString();
    if (text.length > 10_000) throw new UsageError('--with-token: stdin is too long for a token');
  }
  const token = text.trim();
  if (!token)
    throw new UsageError(
      '--with-token: no token on stdin (pipe it: echo "$TOKEN" | billing login --with-token)',
    );
  if (/\s/.test(token)) throw new UsageError('--with-token: expected one token on stdin');
  const client = await ctx.client({ token, retry: { maxAttempts: 2 } });
  try {
    // Cheap and available to every seller token: one order.
    await client.request('GET', '/v1/orders/', { query: { limit: 1 } });
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) {
      throw new AuthError('the server rejected this token (401); nothing was stored');
    }
    // 403: a valid token that may not read orders; still a working token.
    if (!(err instanceof ApiError && err.status === 403)) throw err;
  } finally {
    await client.close();
  }
  const where = await store.write(settings.profile, {
    access_token: token,
    token_type: 'Bearer',
    kind: 'pat',
  });
  say.success(
    `Token stored for profile ${settings.profile} (${where.location === 'keychain' ? 'OS keychain' : where.path}).`,
  );
}
