// npm as this machine has it set up, for tests that install packages (the README's blocks, the
// scratch project of test/e2e/sandbox-package.test.ts).
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * npm as this machine has it set up, for the blocks that install a package: its certificates,
 * proxy, registry and cache (the tarballs `npm ci` fetched; prefer-offline then asks the registry
 * only for what the cache lacks). Never npm's own npm_config_* of this run (its prefix is this
 * checkout: an install would land in it).
 */
export function npmAsSetUp(): Record<string, string> {
  const names = [
    'NODE_EXTRA_CA_CERTS',
    'SSL_CERT_FILE',
    'SSL_CERT_DIR',
    'HTTPS_PROXY',
    'HTTP_PROXY',
    'NO_PROXY',
    'https_proxy',
    'http_proxy',
    'no_proxy',
    'npm_config_registry',
    'npm_config_cafile',
  ];
  const env: Record<string, string> = {
    npm_config_cache: join(process.env.HOME ?? tmpdir(), '.npm'),
    npm_config_prefer_offline: 'true',
  };
  for (const name of names) if (process.env[name]) env[name] = process.env[name];
  return env;
}
