// RFC 7592 client configuration: GET, PUT and DELETE /v1/oauth2/register/{client_id}, as the real
// service serves them (oauth2/endpoints/oauth2.py and authorization_server.py
// ClientConfigurationEndpoint at c6c3645e, over authlib's rfc7592). The caller proves itself
// with the registration access token (`polar_crt_…`) the registration returned, compared in
// constant time with the hash kept; no other credential and no network position is trusted (the
// real one also takes the owner's dashboard session, which the sandbox does not have; a user's
// API token is refused, as WebUserOrAnonymous refuses it: register.ts apiTokenRefusal). Without a token: 400
// access_denied; an unknown or deleted client, or another client's token: 401 invalid_client.
// PUT replaces the metadata with the body's (its defaults included, absent URIs kept: the real
// merges model_dump(exclude_none)), which must name the client's own client_id and may repeat
// its secret, but not change it (400 invalid_request). DELETE removes the client: it can no
// longer authorize nor get tokens.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { type Context, NO_CONTENT, type Router } from '../app.js';
import { notJson, RawBody } from '../body.js';
import { hashToken, token } from '../ids.js';
import type { OAuthClientRow } from '../store/rows.js';
import type { ClientMetadata } from './clients.js';
import { NO_STORE, oauthError } from './errors.js';
import { apiTokenRefusal, clientMetadata, registrationInfo } from './register.js';
import { checkSizes } from './register-limits.js';

const URIS = ['client_uri', 'logo_uri', 'tos_uri', 'policy_uri'] as const;

function credential(req: FastifyRequest): string | undefined {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
  return m?.[1];
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function registerClientConfiguration({ get, write, service }: Router): void {
  const { store, clock } = service;

  /** The client the request's registration access token manages, or the RFC's refusal. */
  const authenticate = (req: FastifyRequest, ctx: Context) => {
    const refusal = apiTokenRefusal(ctx);
    if (refusal) throw refusal;
    const presented = credential(req);
    if (!presented)
      throw oauthError(400, 'access_denied', 'The registration access token is missing.');
    const clientId = (req.params as { client_id: string }).client_id;
    const row = store.oauthClients.registered(clientId);
    const hash = row?.registration_access_token_hash;
    if (!row || !hash || !same(hash, hashToken(presented)))
      throw oauthError(401, 'invalid_client', 'The client does not exist on this server.');
    return { row, presented };
  };

  const configuration = (row: OAuthClientRow, presented: string) => {
    const meta = JSON.parse(row.metadata) as ClientMetadata;
    const method = row.token_endpoint_auth_method;
    return {
      client_id: row.client_id,
      // Not for a public client (the real one's temporary workaround, create_read_client_response).
      ...(method === 'none'
        ? {}
        : {
            client_secret: row.client_secret,
            client_secret_expires_at: row.client_secret_expires_at,
          }),
      client_id_issued_at: row.client_id_issued_at,
      token_endpoint_auth_method: method,
      ...meta,
      ...registrationInfo(service.baseUrl, row.client_id, presented),
    };
  };

  get('/v1/oauth2/register/:client_id', null, (req, ctx) => {
    const { row, presented } = authenticate(req, ctx);
    ctx.reply.headers(NO_STORE);
    return configuration(row, presented);
  });

  write('PUT', '/v1/oauth2/register/:client_id', null, (req, ctx) => {
    const { row, presented } = authenticate(req, ctx);
    const body = req.body;
    if (body instanceof RawBody) throw notJson(body);
    if (!body || typeof body !== 'object' || Array.isArray(body))
      throw oauthError(400, 'invalid_client_metadata', 'The body must be a JSON object.');
    const sent = body as Record<string, unknown>;
    checkSizes(sent);
    // RFC 7592 §2.2: the body names the client, and repeats its secret only as it is.
    if (sent.client_id !== row.client_id)
      throw oauthError(400, 'invalid_request', "client_id must be the client's own.");
    if (
      'client_secret' in sent &&
      (row.client_secret === null || sent.client_secret !== row.client_secret)
    )
      throw oauthError(
        400,
        'invalid_request',
        "client_secret must be the client's current secret.",
      );
    const { method, ...meta } = clientMetadata(sent);
    const old = JSON.parse(row.metadata) as ClientMetadata;
    for (const key of URIS) if (meta[key] === null) meta[key] = old[key];
    // A public client that becomes confidential gets its secret now.
    const secret = row.client_secret ?? (method === 'none' ? null : token('polar_cs_'));
    store.oauthClients.updateRegistration(row.client_id, {
      method,
      metadata: JSON.stringify(meta),
      secret,
    });
    ctx.reply.headers(NO_STORE);
    return configuration(store.oauthClients.registered(row.client_id)!, presented);
  });

  write('DELETE', '/v1/oauth2/register/:client_id', null, (req, ctx) => {
    const { row } = authenticate(req, ctx);
    store.oauthClients.remove(row.client_id, clock.iso());
    ctx.reply.code(204).headers(NO_STORE);
    return NO_CONTENT;
  });
}
