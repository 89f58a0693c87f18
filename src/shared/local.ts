// Facts about the local service that both the CLI and `billing serve` need. No imports.

/** The public OAuth client the local service always registers for the CLI (well-formed id). */
export const LOCAL_CLIENT_ID = 'polar_ci_billingCLIlocalServicePublicClient000044vii';
export const LOCAL_PORT = 8787;
export const LOCAL_BASE_URL = `http://127.0.0.1:${LOCAL_PORT}`;
