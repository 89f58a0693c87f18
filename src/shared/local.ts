// Facts about the local service that both the CLI and `billing serve` need. No imports.

/** The public OAuth client the local service always registers for the CLI (well-formed id). */
export const LOCAL_CLIENT_ID = 'polar_ci_billingCLIlocalServicePublicClient000044vii';
export const LOCAL_PORT = 8787;
export const LOCAL_BASE_URL = `http://127.0.0.1:${LOCAL_PORT}`;

/** A host name of this machine: localhost, 127.0.0.0/8 or ::1 (brackets allowed). */
export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '');
  return (
    h === 'localhost' || h.endsWith('.localhost') || h === '::1' || /^127\.\d+\.\d+\.\d+$/.test(h)
  );
}

export function isLoopback(url: string | URL): boolean {
  return isLoopbackHost(new URL(url).hostname);
}
