// One line per request for `billing serve`'s stderr, like a dev server: `GET /v1/orders/ 200 3 ms`.
// The path is shown without its query, and never with a secret in it: the confirm path carries
// the checkout's client secret, and any path may carry a token or a license key that a client
// put there. The server's own patterns (src/api/redact.ts serves the CLI; neither imports the
// other): token formats from api-facts "Authentication", license keys as the service makes them.
import type { FastifyInstance } from 'fastify';

export const REDACTED = '[REDACTED]';

// polar_ci_ (a client id) is public; every other polar_ prefix is a secret.
const TOKEN = /polar_(?:pat|at_u|at_o|rt_u|rt_o|ac|cst|cs|c|whs)_/;
// License keys are upper-case UUIDs with an optional prefix; resource ids are lower case.
const LICENSE_KEY = /[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}/;
const JWT = /eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\./;

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Characters that could end the line or steer a terminal are shown percent-encoded. */
function printable(segment: string): string {
  return segment.replace(/[^\x21-\x7e]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The path of `url` without its query, each secret-bearing segment replaced by [REDACTED]. */
export function loggedPath(url: string): string {
  const path = url.split('?', 1)[0]!;
  const segments = path.split('/');
  return segments
    .map((segment, i) => {
      const text = decoded(segment);
      // /v1/checkouts/custom/client/{client_secret}/confirm (spec §4.2 #1)
      const afterClient = i > 0 && segments[i - 1] === 'client';
      if (afterClient || TOKEN.test(text) || LICENSE_KEY.test(text) || JWT.test(text))
        return REDACTED;
      return printable(segment);
    })
    .join('/');
}

/** Calls `write` with one line (no newline) per answered request. */
export function registerRequestLog(app: FastifyInstance, write: (line: string) => void): void {
  app.addHook('onResponse', async (req, reply) => {
    const ms = Math.round(reply.elapsedTime);
    write(`${req.method} ${loggedPath(req.url)} ${reply.statusCode} ${ms} ms`);
  });
}
