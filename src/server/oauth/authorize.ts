// {auth_url}/oauth2/authorize (spec endpoint 18): the consent page and the form it posts back.
import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { Router, Service } from '../app.js';
import { formFields } from '../body.js';
import { hashToken, token } from '../ids.js';
import { type AuthorizeRequest, checkAuthorizeRequest, withParams } from './authorize-request.js';
import { loadClient } from './clients.js';
import { type ConsentView, consentPage, errorPage, PAGE_HEADERS, type PageUser } from './page.js';

const CODE_SECONDS = 300; // api-facts: codes live 300 s.
const PENDING_SECONDS = 900;

function users({ store }: Service): PageUser[] {
  return store.users.all().map((u) => ({
    id: u.id,
    email: u.email,
    name: u.public_name,
    organizations: store.users.organizations(u.id),
  }));
}

function showError(reply: FastifyReply, error: string, description: string) {
  return reply.code(400).headers(PAGE_HEADERS).send(errorPage(error, description));
}

function redirect(reply: FastifyReply, to: string) {
  return reply.header('cache-control', 'no-store').redirect(to, 302);
}

function redirectError(
  reply: FastifyReply,
  request: { redirect_uri: string; state: string | null },
  error: string,
  description: string,
) {
  const to = withParams(request.redirect_uri, {
    error,
    error_description: description,
    state: request.state,
  });
  return redirect(reply, to);
}

export function registerAuthorize({ app, service }: Router): void {
  const { store, clock } = service;
  const later = (seconds: number) => new Date(clock.now().getTime() + seconds * 1000).toISOString();

  function render(
    reply: FastifyReply,
    id: string,
    request: AuthorizeRequest,
    extra: Pick<ConsentView, 'problem' | 'chosenUser' | 'chosenOrganization'> = {},
  ) {
    const client = loadClient(store, request.client_id);
    if (!client) return showError(reply, 'invalid_client', 'Unknown client_id.');
    const html = consentPage({
      requestId: id,
      client,
      scopes: request.scope,
      organization: request.sub_type === 'organization',
      users: users(service),
      redirectHost: new URL(request.redirect_uri).host,
      ...extra,
    });
    return reply
      .code(extra.problem ? 400 : 200)
      .headers(PAGE_HEADERS)
      .send(html);
  }

  app.get('/oauth2/authorize', (req, reply) => {
    const checked = checkAuthorizeRequest(store, req.query as Record<string, unknown>);
    if (!checked.ok && !checked.redirect) {
      return showError(reply, checked.error, checked.description);
    }
    if (!checked.ok) {
      return redirectError(
        reply,
        { redirect_uri: checked.redirectUri, state: checked.state },
        checked.error,
        checked.description,
      );
    }
    const id = randomBytes(32).toString('base64url');
    store.tx(() =>
      store.oauthClients.addPending({
        id: hashToken(id),
        created_at: clock.iso(),
        expires_at: later(PENDING_SECONDS),
        client_id: checked.client.client_id,
        request: JSON.stringify(checked.request),
      }),
    );
    return render(reply, id, checked.request);
  });

  app.post('/oauth2/authorize', (req, reply) => {
    // The consent form posts itself form-encoded; nothing else is read here.
    const body: Record<string, unknown> = formFields(req.body) ?? {};
    const field = (name: string) => (typeof body[name] === 'string' ? body[name] : '');
    const id = field('request_id');
    const row = id ? store.oauthClients.pending(hashToken(id)) : undefined;
    if (!row || row.expires_at <= clock.iso()) {
      return showError(
        reply,
        'invalid_request',
        'This authorization request has expired or was already answered. Start again from the application.',
      );
    }
    const request = JSON.parse(row.request) as AuthorizeRequest;
    const decision = field('decision');
    const userId = field('user_id');
    const organizationId = field('organization_id');
    const consume = () => store.oauthClients.takePending(hashToken(id));
    if (decision === 'deny') {
      store.tx(consume);
      return redirectError(reply, request, 'access_denied', 'The user denied the request.');
    }
    const again = (problem: string) =>
      render(reply, id, request, {
        problem,
        chosenUser: userId,
        chosenOrganization: organizationId,
      });
    if (decision !== 'allow') return again('Choose Allow or Deny.');
    const user = store.row('users', userId);
    if (!user) return again('Choose the user to sign in as.');
    const organization = request.sub_type === 'organization' ? organizationId : null;
    if (organization !== null && !store.users.isMember(user.id, organization)) {
      return again('Choose one of the organizations of the chosen user.');
    }
    const code = token('polar_ac_');
    const issued = store.tx(() => {
      // Two tabs answering the same request: only the first answer counts.
      if (!consume()) return false;
      store.insert('oauth2_codes', {
        code_hash: hashToken(code),
        created_at: clock.iso(),
        expires_at: later(CODE_SECONDS),
        client_id: request.client_id,
        // An organization token acts as the organization, with no user (api-facts).
        user_id: organization === null ? user.id : null,
        organization_id: organization,
        sub_type: request.sub_type,
        scope: request.scope.join(' '),
        redirect_uri: request.redirect_uri,
        nonce: request.nonce,
        code_challenge: request.code_challenge,
        code_challenge_method: request.code_challenge_method,
        auth_time: Math.floor(clock.now().getTime() / 1000),
        used_at: null,
      });
      return true;
    });
    if (!issued) {
      return showError(
        reply,
        'invalid_request',
        'This authorization request was already answered.',
      );
    }
    return redirect(reply, withParams(request.redirect_uri, { code, state: request.state }));
  });
}
