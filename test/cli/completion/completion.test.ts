// Completions: the checked-in scripts match the command tree, and the real shells (Debian's
// bash, zsh and fish) offer the expected words for partial command lines.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { run, tempConfigDir } from '../../helpers/cli.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const FILES = {
  bash: 'completions/billing.bash',
  zsh: 'completions/_billing',
  fish: 'completions/billing.fish',
} as const;
const required = Boolean(process.env.CI);

function have(shell: string): boolean {
  const ok = existsSync(`/usr/bin/${shell}`) || existsSync(`/bin/${shell}`);
  if (!ok && !required)
    console.warn(
      `completion: ${shell} tests skipped, ${shell} is not installed (apt-get install ${shell}).`,
    );
  return ok;
}

describe('completion scripts', () => {
  it.each(Object.entries(FILES))(
    'completions/%s is what `billing completion` prints (run npm run completions)',
    async (shell, file) => {
      const r = await run(['completion', shell]);
      expect(r.code).toBe(0);
      expect(readFileSync(join(ROOT, file), 'utf8')).toBe(r.stdout);
    },
  );

  it('refuses an unknown shell with exit 2', async () => {
    const r = await run(['completion', 'tcsh']);
    expect(r).toMatchObject({
      code: 2,
      stderr: 'billing: shell must be one of bash, zsh, fish, got "tcsh"\n',
    });
  });

  it('lists profile names for the scripts', async () => {
    const configDir = tempConfigDir();
    await run(['config', 'set', 'profiles.prod.base_url', 'https://api.example.com'], {
      configDir,
    });
    const r = await run(['__complete', 'profiles'], { configDir });
    expect(r.stdout.split('\n').filter(Boolean).sort()).toEqual(['local', 'prod']);
  });
});

describe('in the real shells', () => {
  let bin: string;
  let env: Record<string, string>;
  beforeAll(() => {
    // `billing` on PATH for the profile lookup the scripts make at completion time.
    bin = mkdtempSync(join(tmpdir(), 'billing-bin-'));
    writeFileSync(
      join(bin, 'billing'),
      `#!/bin/sh\nexec "${process.execPath}" "${join(ROOT, 'bin/billing.js')}" "$@"\n`,
    );
    chmodSync(join(bin, 'billing'), 0o755);
    const configDir = tempConfigDir();
    writeFileSync(
      join(configDir, 'config.json'),
      JSON.stringify({ profiles: { staging: { base_url: 'https://staging.example.com' } } }),
    );
    env = { PATH: `${bin}:${process.env.PATH}`, BILLING_CONFIG_DIR: configDir, HOME: configDir };
  });

  const sh = (shell: string, script: string) =>
    execFileSync(shell, ['-c', script], { env, encoding: 'utf8' })
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .sort();

  describe.skipIf(!have('bash') && !required)('bash', () => {
    const complete = (line: string) =>
      sh(
        'bash',
        `source ${join(ROOT, FILES.bash)}; read -ra W <<< ${JSON.stringify(line)}; ${line.endsWith(' ') ? 'W+=("");' : ''} COMP_WORDS=("\${W[@]}"); COMP_CWORD=$((\${#W[@]}-1)); _billing; echo "\${COMPREPLY[*]}"`,
      );
    it.each([
      ['billing or', ['orders', 'org']],
      ['billing keys ', ['activate', 'deactivate', 'get', 'list', 'update', 'validate']],
      ['billing orders list --ty', ['--type']],
      ['billing orders list --type ', ['one_time', 'recurring']],
      ['billing subs list --sort -st', ['-started_at', '-status']],
      ['billing products list --sort -price_amount', ['-price_amount', '-price_amount_type']],
      ['billing discounts create --duration ', ['forever', 'once', 'repeating']],
      ['billing benefits list --type l', ['license_keys']],
      ['billing keys update 1 --status r', ['revoked']],
      ['billing orders list -o ', ['json', 'ndjson', 'table', 'tsv']],
      ['billing --profile ', ['local', 'staging']],
      ['billing login --storage ', ['auto', 'file', 'keychain']],
      ['billing trigger subscription.u', ['subscription.uncanceled', 'subscription.updated']],
      ['billing trigger --org x order', ['order.created']],
      ['billing webhooks create --events benefit.', ['benefit.created', 'benefit.updated']],
      ['billing subs list --status tr', ['trialing']],
      ['billing subs list --status incomplete', ['incomplete', 'incomplete_expired']],
      ['billing checkout list --status ', ['confirmed', 'expired', 'failed', 'open', 'succeeded']],
    ])('%s', (line, expected) => {
      expect(complete(line)).toEqual(expected);
    });
  });

  describe.skipIf(!have('zsh') && !required)('zsh', () => {
    const complete = (words: string[]) => {
      const cur = words.at(-1) ?? '';
      const quoted = words.map((w) => `'${w}'`).join(' ');
      return sh(
        'zsh',
        `source ${join(ROOT, FILES.zsh)}; for c in $(_billing_candidates ${quoted}); do [[ $c == ${cur}* ]] && print -r -- $c; done; true`,
      );
    };
    it('registers _billing with compinit', () => {
      const out = execFileSync(
        'zsh',
        [
          '-c',
          `autoload -U compinit; compinit -u -D; source ${join(ROOT, FILES.zsh)}; print -r -- \${_comps[billing]}`,
        ],
        { env, encoding: 'utf8' },
      );
      expect(out.trim()).toBe('_billing');
    });
    it('describes commands and flags', () => {
      const describe = (path: string, word: string) =>
        execFileSync(
          'zsh',
          ['-c', `source ${join(ROOT, FILES.zsh)}; _billing_describe '${path}' '${word}'`],
          {
            env,
            encoding: 'utf8',
          },
        ).trim();
      expect(describe('orders', 'list')).toBe('list orders');
      expect(describe('orders list', '--all')).toBe(
        'every item, page after page (streams; ignores --limit)',
      );
      // A global flag is described wherever it applies.
      expect(describe('keys get', '--profile')).toBe(
        'configuration profile to use (env: BILLING_PROFILE)',
      );
    });
    it.each([
      [['billing', 'ch'], ['checkout']],
      [
        ['billing', 'checkout', ''],
        ['confirm', 'create', 'get', 'list', 'open', 'update'],
      ],
      [['billing', 'orders', 'list', '--sort', '-am'], ['-amount']],
      [['billing', 'discounts', 'list', '--sort', 'red'], ['redemptions_count']],
      [
        ['billing', 'org', ''],
        ['get', 'list', 'update'],
      ],
      [
        ['billing', 'keys', 'list', '--o'],
        ['--org', '--output'],
      ],
      [['billing', '--profile', 's'], ['staging']],
      [['billing', 'trigger', 'order'], ['order.created']],
      [['billing', 'webhooks', 'update', 'x', '--events', 'a'], ['all']],
      [
        ['billing', 'subs', 'list', '--status', 'pa'],
        ['past_due', 'paused'],
      ],
    ])('%j', (words, expected) => {
      expect(complete(words)).toEqual(expected);
    });
  });

  describe.skipIf(!have('fish') && !required)('fish', () => {
    const complete = (line: string) =>
      sh(
        'fish',
        `source ${join(ROOT, FILES.fish)}; complete -C ${JSON.stringify(line)} | string replace -r '\\t.*' ''; true`,
      );
    it('describes commands and flags', () => {
      const out = execFileSync(
        'fish',
        [
          '-c',
          `source ${join(ROOT, FILES.fish)}; complete -C 'billing orders '; complete -C 'billing orders list --al'`,
        ],
        { env, encoding: 'utf8' },
      );
      expect(out).toContain('list\tlist orders\n');
      expect(out).toContain('--all\tevery item, page after page (streams; ignores --limit)\n');
    });
    it.each([
      ['billing ke', ['keys']],
      ['billing subs ', ['cancel', 'change-price', 'export', 'get', 'list', 'resume', 'revoke']],
      ['billing orders list --type ', ['one_time', 'recurring']],
      ['billing products ', ['archive', 'create', 'get', 'list', 'update']],
      [
        'billing checkout list --sort ',
        ['-created_at', '-expires_at', '-status', 'created_at', 'expires_at', 'status'],
      ],
      ['billing subs change-price x --proration ', ['invoice', 'next_period', 'prorate', 'reset']],
      ['billing --profile ', ['local', 'staging']],
      ['billing trigger checkout.', ['checkout.created', 'checkout.updated']],
      ['billing webhooks create --events org', ['organization.updated']],
      ['billing checkout list --status ex', ['expired']],
    ])('%s', (line, expected) => {
      expect(complete(line)).toEqual(expected);
    });
  });
});
