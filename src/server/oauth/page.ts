// HTML of the authorization page: the consent form and the error page. Every interpolated value
// goes through esc(); links are only rendered for http(s) URLs.
import type { OAuthClient } from './clients.js';
import { SCOPE_DESCRIPTIONS } from './scopes.js';

export function esc(value: unknown): string {
  return String(value)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function safeUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Strict headers: nothing but inline styles and images may load; the page cannot be framed. */
export const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  pragma: 'no-cache',
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  // Not no-referrer: under it a browser sends `Origin: null` with the page's own form post,
  // which the service refuses as a foreign page's (guard.ts). same-origin still sends the
  // client nothing when the user is redirected there.
  'referrer-policy': 'same-origin',
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; img-src http: https: data:; frame-ancestors 'none'; base-uri 'none'",
} as const;

const STYLE = `body{font-family:system-ui,sans-serif;max-width:34rem;margin:2rem auto;padding:0 1rem;color:#1b1f24}
h1{font-size:1.3rem}.app{display:flex;gap:.8rem;align-items:center}.app img{width:48px;height:48px;border-radius:8px}
.note{background:#fff8e1;border:1px solid #f0d58a;padding:.6rem .8rem;border-radius:6px;font-size:.9rem}
.error{background:#fdecea;border:1px solid #f5b7b1;padding:.6rem .8rem;border-radius:6px}
fieldset{border:1px solid #d0d7de;border-radius:6px;margin:1rem 0}label{display:block;margin:.3rem 0}
.buttons{display:flex;gap:.8rem;margin-top:1.2rem}button{font-size:1rem;padding:.5rem 1.4rem;border-radius:6px;border:1px solid #888;cursor:pointer}
button.allow{background:#1f6feb;color:#fff;border-color:#1f6feb}small{color:#57606a}`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}</title><style>${STYLE}</style></head>
<body>${body}</body></html>
`;
}

export function errorPage(error: string, description: string): string {
  return layout(
    'Authorization error',
    `<h1>Authorization error</h1>
<p class="error"><strong>${esc(error)}</strong>: ${esc(description)}</p>
<p>The application sent an authorization request that the billing service cannot accept, so you
are not sent back to it. Tell the application's developer about this message.</p>`,
  );
}

export interface PageUser {
  id: string;
  email: string;
  name: string;
  organizations: { id: string; name: string; slug: string }[];
}

export interface ConsentView {
  requestId: string;
  client: OAuthClient;
  scopes: string[];
  organization: boolean;
  users: PageUser[];
  redirectHost: string;
  problem?: string;
  chosenUser?: string;
  chosenOrganization?: string;
}

function links(client: OAuthClient): string {
  const items: string[] = [];
  const add = (label: string, value: string | null) => {
    const url = safeUrl(value);
    if (url) items.push(`<a href="${esc(url)}" rel="noopener noreferrer">${esc(label)}</a>`);
  };
  add('Homepage', client.client_uri);
  add('Terms of service', client.tos_uri);
  add('Privacy policy', client.policy_uri);
  return items.length ? `<p>${items.join(' · ')}</p>` : '';
}

function userChooser(view: ConsentView): string {
  const radios = view.users
    .map(
      (u) =>
        `<label><input type="radio" name="user_id" value="${esc(u.id)}" required${
          u.id === view.chosenUser ? ' checked' : ''
        }> ${esc(u.name)} &lt;${esc(u.email)}&gt;</label>`,
    )
    .join('\n');
  return `<fieldset><legend>Sign in as</legend>
<p class="note">This is the local billing service: it has no passwords. Pick one of the demo users
to act as.</p>
${radios || '<p>There are no users in this database.</p>'}</fieldset>`;
}

function organizationPicker(view: ConsentView): string {
  // §5.3: an organization token acts as one organization of the user who grants it.
  const groups = view.users
    .filter((u) => u.organizations.length)
    .map(
      (u) => `<p><small>Organizations of ${esc(u.email)}</small></p>
${u.organizations
  .map(
    (o) =>
      `<label><input type="radio" name="organization_id" value="${esc(o.id)}" required${
        o.id === view.chosenOrganization ? ' checked' : ''
      }> ${esc(o.name)} <small>(${esc(o.slug)})</small></label>`,
  )
  .join('\n')}`,
    )
    .join('\n');
  return `<fieldset><legend>Organization</legend>
<p>The application will act as this organization, not as you. Pick one of the chosen user's
organizations.</p>
${groups || '<p>No user has an organization.</p>'}</fieldset>`;
}

export function consentPage(view: ConsentView): string {
  const { client } = view;
  const logo = safeUrl(client.logo_uri);
  const scopes = view.scopes
    .map((s) => `<li>${esc(SCOPE_DESCRIPTIONS[s] ?? s)} <small>(${esc(s)})</small></li>`)
    .join('\n');
  return layout(
    `Authorize ${client.client_name}`,
    `<div class="app">${logo ? `<img src="${esc(logo)}" alt="">` : ''}
<h1>${esc(client.client_name)} wants to access your billing account</h1></div>
${links(client)}
${view.problem ? `<p class="error" role="alert">${esc(view.problem)}</p>` : ''}
<form method="post" action="authorize">
<input type="hidden" name="request_id" value="${esc(view.requestId)}">
${userChooser(view)}
${view.organization ? organizationPicker(view) : ''}
<p>It asks to:</p>
<ul>
${scopes}
</ul>
<p><small>After your answer you will be sent to ${esc(view.redirectHost)}.</small></p>
<div class="buttons">
<button type="submit" name="decision" value="allow" class="allow">Allow</button>
<button type="submit" name="decision" value="deny" formnovalidate>Deny</button>
</div>
</form>`,
  );
}
