// The authorization code flow with PKCE (S256), state and nonce, via oauth4webapi: a loopback
// callback or a pasted redirect URL, then the code exchange and userinfo for the subject.
import * as o from 'oauth4webapi';
import type { Settings } from '../config/resolve.js';
import { AuthError, InterruptedError } from '../errors.js';
import type { Credentials } from './credentials.js';
import { startLoopback } from './loopback.js';
import { discover, type Net, requestOptions } from './oauth.js';

/** What the flow needs from its caller, so that nothing here reaches for a terminal. */
export interface LoginDeps {
  /** Where a pasted redirect URL comes from; destroyed once the login no longer reads it. */
  stdin: AsyncIterable<string | Buffer> & { destroy?(): void };
  /** Shows text to the user (the CLI writes it to stderr as is). */
  notify(text: string): void;
  openBrowser(url: string): Promise<void>;
  now(): Date;
  /** Ctrl+C (the signal cancels the wait) and the --debug trace. */
  net: Net & { signal: AbortSignal };
}

export interface LoginOptions {
  scopes: string[];
  organization: boolean;
  port?: number;
  timeoutMs: number;
  /** Open the browser (false: only print the URL and accept a pasted redirect URL). */
  browser: boolean;
  /** Accept a pasted redirect URL on stdin as well as the loopback callback. */
  acceptPaste: boolean;
}

export interface LoginResult {
  credentials: Credentials;
  scopes: string[];
  expiresIn?: number;
}

/** Lines of stdin, for the pasted redirect URL. */
async function* lines(stdin: AsyncIterable<string | Buffer>): AsyncGenerator<string> {
  let buffer = '';
  for await (const chunk of stdin) {
    buffer += chunk.toString();
    let nl = buffer.indexOf('\n');
    while (nl >= 0) {
      yield buffer.slice(0, nl).trim();
      buffer = buffer.slice(nl + 1);
      nl = buffer.indexOf('\n');
    }
  }
  if (buffer.trim()) yield buffer.trim();
}

async function pastedRedirect(
  deps: LoginDeps,
  state: string,
  redirectUri: string,
  stop: AbortSignal,
): Promise<URL> {
  // When the browser's callback wins, the read of stdin pending here must end at once: left
  // running, it would keep the command from returning and eat the next line typed at the shell.
  // Destroying the stream ends the read (an iterator's return() would wait for a line); what
  // was not read stays in the terminal for the shell.
  const release = () => deps.stdin.destroy?.();
  if (stop.aborted) release();
  else stop.addEventListener('abort', release, { once: true });
  try {
    return await readRedirect(deps, state, redirectUri, stop);
  } catch (err) {
    if (stop.aborted) return new Promise<URL>(() => {}); // released: the callback won
    throw err;
  }
}

async function readRedirect(
  deps: LoginDeps,
  state: string,
  redirectUri: string,
  stop: AbortSignal,
): Promise<URL> {
  for await (const line of lines(deps.stdin)) {
    if (stop.aborted) break;
    if (!line) continue;
    let url: URL;
    try {
      url = new URL(line);
    } catch {
      deps.notify('! That is not a URL; paste the whole address the browser was sent to.\n');
      continue;
    }
    if (url.origin + url.pathname !== new URL(redirectUri).origin + new URL(redirectUri).pathname) {
      deps.notify(`! That URL does not start with ${redirectUri}; ignored.\n`);
      continue;
    }
    if (url.searchParams.get('state') !== state) {
      deps.notify('! The state in that URL does not match this login; ignored.\n');
      continue;
    }
    return url;
  }
  return new Promise<URL>(() => {}); // stdin closed: keep waiting for the callback
}

export async function loginFlow(
  deps: LoginDeps,
  settings: Settings,
  opts: LoginOptions,
): Promise<LoginResult> {
  const { net } = deps;
  const { as } = await discover(settings, net);
  const client: o.Client = { client_id: settings.client_id };
  const verifier = o.generateRandomCodeVerifier();
  const challenge = await o.calculatePKCECodeChallenge(verifier);
  const state = o.generateRandomState();
  const nonce = o.generateRandomNonce();
  const loopback = await startLoopback(state, opts.port);
  const stopPaste = new AbortController();
  try {
    const url = new URL(as.authorization_endpoint ?? `${settings.auth_url}/oauth2/authorize`);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('client_id', settings.client_id);
    url.searchParams.set('redirect_uri', loopback.redirectUri);
    url.searchParams.set('scope', opts.scopes.join(' '));
    url.searchParams.set('state', state);
    url.searchParams.set('nonce', nonce);
    url.searchParams.set('code_challenge', challenge);
    url.searchParams.set('code_challenge_method', 'S256');
    if (opts.organization) url.searchParams.set('sub_type', 'organization');
    deps.notify(`Open this address in a browser to log in:\n\n  ${url.href}\n\n`);
    if (opts.browser) {
      await deps
        .openBrowser(url.href)
        .catch((e: Error) =>
          deps.notify(`! Could not open a browser (${e.message}); open the address yourself.\n`),
        );
    }
    if (opts.acceptPaste) {
      deps.notify(
        'After allowing access, if the browser cannot reach this machine, paste the address it\nwas sent to (it starts with ' +
          `${loopback.redirectUri}) here and press Enter.\n`,
      );
    }
    deps.notify(
      `Waiting for the browser (up to ${Math.round(opts.timeoutMs / 1000)} s; Ctrl+C to cancel)…\n`,
    );
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, fail) => {
      timer = setTimeout(
        () =>
          fail(
            new AuthError(
              `no answer from the browser within ${Math.round(opts.timeoutMs / 1000)} s; login cancelled`,
              { hint: 'Run `billing login` again, or use --timeout for more time.' },
            ),
          ),
        opts.timeoutMs,
      );
    });
    const interrupted = new Promise<never>((_, fail) => {
      const onAbort = () => fail(new InterruptedError('login cancelled'));
      if (net.signal.aborted) onAbort();
      else net.signal.addEventListener('abort', onAbort, { once: true });
    });
    const waits: Promise<URL>[] = [loopback.callback, timeout, interrupted];
    if (opts.acceptPaste)
      waits.push(pastedRedirect(deps, state, loopback.redirectUri, stopPaste.signal));
    const callbackUrl = await Promise.race(waits).finally(() => clearTimeout(timer));
    let params: URLSearchParams;
    try {
      params = o.validateAuthResponse(as, client, callbackUrl, state);
    } catch (e) {
      if (e instanceof o.AuthorizationResponseError) {
        const denied = e.error === 'access_denied';
        throw new AuthError(
          denied
            ? 'access was denied in the browser'
            : `the authorization server answered ${e.error}${e.error_description ? `: ${e.error_description}` : ''}`,
        );
      }
      throw e;
    }
    const response = await o.authorizationCodeGrantRequest(
      as,
      client,
      o.None(),
      params,
      loopback.redirectUri,
      verifier,
      requestOptions(settings, net),
    );
    const tokens = await o.processAuthorizationCodeResponse(as, client, response, {
      expectedNonce: opts.scopes.includes('openid') ? nonce : o.expectNoNonce,
      requireIdToken: opts.scopes.includes('openid') && !opts.organization,
    });
    const subject = await whoIs(settings, as, client, tokens.access_token, net);
    const scopes = (tokens.scope ?? opts.scopes.join(' ')).split(' ').filter(Boolean);
    return {
      credentials: {
        access_token: tokens.access_token,
        refresh_token: tokens.refresh_token,
        expires_at:
          tokens.expires_in !== undefined
            ? new Date(deps.now().getTime() + tokens.expires_in * 1000).toISOString()
            : undefined,
        scope: scopes.join(' '),
        token_type: tokens.token_type,
        subject,
        kind: 'oauth',
      },
      scopes,
      expiresIn: tokens.expires_in,
    };
  } finally {
    stopPaste.abort();
    await loopback.close();
  }
}

/** The user's email, or `organization <slug>` for an organization token. */
export async function whoIs(
  settings: Settings,
  as: o.AuthorizationServer,
  client: o.Client,
  accessToken: string,
  net: Net,
): Promise<string | undefined> {
  if (!as.userinfo_endpoint) return undefined;
  const response = await o.userInfoRequest(as, client, accessToken, requestOptions(settings, net));
  const info = await o.processUserInfoResponse(as, client, o.skipSubjectCheck, response);
  if (typeof info.email === 'string') return info.email;
  if (typeof info.name === 'string') return `organization ${info.name}`;
  return info.sub;
}
