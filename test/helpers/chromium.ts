// Headless Chromium for the browser suites: Debian's /usr/bin/chromium through playwright-core.
// Without it a suite is skipped and says why; under CI its absence fails the run instead.
import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
const available = existsSync(CHROMIUM);
const required = Boolean(process.env.CI);

/** Whether `suite` is to be skipped (no Chromium, not under CI); says so on stderr when it is. */
export function skipWithoutChromium(suite: string): boolean {
  if (available || required) return false;
  console.warn(`${suite}: skipped, ${CHROMIUM} is missing (apt-get install chromium).`);
  return true;
}

/** Under CI a missing Chromium is an error, never a silent pass. */
export function requireChromium(): void {
  if (!available) throw new Error(`CI is set but ${CHROMIUM} is missing: install chromium.`);
}

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  requireChromium();
  return chromium.launch({ executablePath: CHROMIUM, args: [...ARGS, ...extraArgs] });
}
