// The loopback redirect server of `billing login` (RFC 8252 §7.3): 127.0.0.1, one callback with
// the right state, a small answer page, then closed.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { UsageError } from '../errors.js';

export const CALLBACK_PATH = '/callback';

export interface LoopbackServer {
  redirectUri: string;
  /** Resolves with the callback URL once a request with the expected state arrives. */
  callback: Promise<URL>;
  close(): Promise<void>;
}

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>` +
  '<style>body{font:16px system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem}</style>' +
  `</head><body><h1>${title}</h1><p>${body}</p></body></html>`;

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export async function startLoopback(expectedState: string, port = 0): Promise<LoopbackServer> {
  let resolve!: (url: URL) => void;
  const callback = new Promise<URL>((r) => {
    resolve = r;
  });
  let done = false;
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const answer = (status: number, html: string) => {
      res.writeHead(status, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
      });
      res.end(html);
    };
    if (req.method !== 'GET' || url.pathname !== CALLBACK_PATH)
      return answer(404, page('Not found', 'This address only receives the login callback.'));
    // Anything without the state we sent is ignored: it did not come from our login.
    if (done || url.searchParams.get('state') !== expectedState) {
      return answer(
        400,
        page(
          'Login failed',
          'This callback does not belong to the login in progress; it was ignored.',
        ),
      );
    }
    done = true;
    const error = url.searchParams.get('error');
    if (error) {
      const description = url.searchParams.get('error_description');
      answer(
        200,
        page(
          'Login was not completed',
          `${escapeHtml(error)}${description ? `: ${escapeHtml(description)}` : ''}. You can close this tab.`,
        ),
      );
    } else {
      answer(
        200,
        page(
          'Logged in',
          'You are logged in to billing. You can close this tab and return to the terminal.',
        ),
      );
    }
    resolve(new URL(`http://127.0.0.1${req.url}`));
  });
  await new Promise<void>((ok, fail) => {
    server.once('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EADDRINUSE') {
        fail(
          new UsageError(`port ${port} on 127.0.0.1 is already in use`, {
            hint: 'Free it, pick another with --port (it must match a redirect URI the OAuth client allows), or omit --port to use any free port.',
          }),
        );
      } else if (err.code === 'EACCES') {
        fail(
          new UsageError(
            `not allowed to listen on port ${port}; pick a port above 1023 with --port`,
          ),
        );
      } else fail(err);
    });
    server.listen(port, '127.0.0.1', () => ok());
  });
  const actual = (server.address() as AddressInfo).port;
  return {
    redirectUri: `http://127.0.0.1:${actual}${CALLBACK_PATH}`,
    callback,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}
