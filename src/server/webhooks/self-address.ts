// The service's own address, which no webhook delivery may reach (issue 23): an endpoint URL of
// /__local/reset on this very port would let any organization's token wipe every organization.
// Refused by name when an endpoint is created or changed (every spelling of this host and port),
// and by address when a delivery connects (a name can resolve differently later). Loopback URLs
// of other ports stay allowed: they are how sellers test their handlers.
import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { hostname as machineName, networkInterfaces } from 'node:os';
import { parseAuthority } from '../hosts.js';

/** Resolves a host name to its addresses (dns.lookup's answer; tests inject their own). */
export type Lookup = (hostname: string) => Promise<{ address: string; family: number }[]>;

export const systemLookup: Lookup = (hostname) => dnsLookup(hostname, { all: true });

/** A delivery refused because it would reach the service itself. */
export class SelfAddressError extends Error {}

const UNSPECIFIED = new Set(['0.0.0.0', '::']);

/** `name` as URL.hostname spells it: lower case, IPv6 without brackets, no trailing dot. */
function bare(name: string): string {
  return name
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
}

export class SelfAddress {
  private port: number | undefined;
  private readonly addresses = new BlockList();
  /** Names of this service at its own port. */
  private readonly names = new Set<string>();
  /** Names of this service at another port (an --allowed-host given with one: a proxy). */
  private readonly elsewhere: { name: string; port: number }[] = [];

  /**
   * `host` is the address the service listens on (--host), `aliases` the other names it answers
   * to (--allowed-host values, the --auth-url host): `name` or `name:port`.
   */
  constructor(host: string, aliases: readonly string[] = []) {
    // Every spelling of this machine: 127.0.0.0/8, ::1, 0.0.0.0 (connecting to it reaches this
    // machine) and ::; IPv4-mapped IPv6 forms match these too (BlockList).
    this.addresses.addSubnet('127.0.0.0', 8, 'ipv4');
    this.addresses.addSubnet('0.0.0.0', 8, 'ipv4');
    this.addresses.addAddress('::1', 'ipv6');
    this.addresses.addAddress('::', 'ipv6');
    const listen = bare(host);
    if (isIP(listen)) this.addresses.addAddress(listen, isIP(listen) === 6 ? 'ipv6' : 'ipv4');
    else this.names.add(listen);
    // Listening on every interface: each address of this machine reaches the service.
    if (UNSPECIFIED.has(listen)) {
      for (const list of Object.values(networkInterfaces()))
        for (const a of list ?? [])
          this.addresses.addAddress(
            a.address.replace(/%.*$/, ''),
            a.family === 'IPv6' ? 'ipv6' : 'ipv4',
          );
    }
    this.names.add(bare(machineName()));
    for (const alias of aliases) {
      const parsed = parseAuthority(alias);
      if (!parsed) continue;
      const name = bare(parsed.name);
      if (parsed.port === null) this.names.add(name);
      else this.elsewhere.push({ name, port: parsed.port });
    }
  }

  /** The port the service listens on, once it does. */
  listening(port: number): void {
    this.port = port;
  }

  /** Whether `ip` (an address, no brackets) at `port` is this service. */
  isOwnAddress(ip: string, port: number): boolean {
    if (port !== this.port) return false;
    const family = isIP(ip);
    if (!family) return false;
    return this.addresses.check(ip, family === 6 ? 'ipv6' : 'ipv4');
  }

  /** Whether `url` names this service: by its address, a name of this machine, or an alias. */
  isOwnUrl(url: URL): boolean {
    const name = bare(url.hostname);
    const port = effectivePort(url);
    if (this.elsewhere.some((e) => e.name === name && e.port === port)) return true;
    if (port !== this.port) return false;
    if (isIP(name)) return this.isOwnAddress(name, port);
    return name === 'localhost' || name.endsWith('.localhost') || this.names.has(name);
  }
}

/** The port a URL connects to: its own, or its scheme's. */
export function effectivePort(url: URL): number {
  if (url.port) return Number(url.port);
  return url.protocol === 'https:' ? 443 : 80;
}
