// Which names the local service answers to. A browser sends the name it resolved in the Host
// header, so a page that rebinds its own domain to 127.0.0.1 (DNS rebinding) still says its
// own name there: only this machine's names and those the operator lists are accepted.
import { isLoopbackHost } from '../shared/local.js';

export interface HostName {
  /** Lower case; IPv6 addresses keep their brackets. */
  name: string;
  /** null when the authority has no port. */
  port: number | null;
}

const AUTHORITY = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/;

/** `name`, `name:port`, `[v6]` or `[v6]:port` (as in a Host header); undefined otherwise. */
export function parseAuthority(text: string): HostName | undefined {
  const m = AUTHORITY.exec(text.trim().toLowerCase());
  if (!m) return undefined;
  const port = m[2] === undefined ? null : Number(m[2]);
  if (port !== null && port > 65535) return undefined;
  return { name: m[1]!, port };
}

/** A bind address as written by --host (`::1` → `[::1]`), for comparison with a Host header. */
function bracketed(host: string): string {
  const h = host.trim().toLowerCase();
  return h.includes(':') && !h.startsWith('[') ? `[${h}]` : h;
}

export class HostPolicy {
  private readonly names: HostName[];

  /**
   * `listen` is the --host value; `extra` the --allowed-host values (`name` or `name:port`).
   * Throws on an extra value that is not a host name with an optional port.
   */
  constructor(listen: string, extra: string[] = []) {
    this.names = [{ name: bracketed(listen), port: null }];
    for (const value of extra) {
      const parsed = parseAuthority(value);
      if (!parsed) throw new Error(`allowed host "${value}" is not a host name or host:port`);
      this.names.push(parsed);
    }
  }

  /**
   * Whether `authority` (a Host header, or an Origin's host) names this service listening on
   * `port`: a loopback name or the --host value with that port or none; an allowed host with
   * exactly the port it was given, or, given without one, with that port or none.
   */
  accepts(authority: string | undefined, port: number): boolean {
    const host = authority === undefined ? undefined : parseAuthority(authority);
    if (!host) return false;
    const portOk = (wanted: number | null) =>
      wanted === null ? host.port === null || host.port === port : host.port === wanted;
    if (isLoopbackHost(host.name)) return portOk(null);
    return this.names.some((n) => n.name === host.name && portOk(n.port));
  }
}

/** An Origin header is this machine's (any loopback page) or this service's own. */
export function trustedOrigin(origin: string, policy: HostPolicy, port: number): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false; // `null` (sandboxed frames, some redirects) and anything malformed
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (isLoopbackHost(url.hostname)) return true;
  return policy.accepts(url.host, port);
}
