// A checkout session's page in the buyer's browser (`checkout create --open`, `checkout open`):
// the `open` package through the Context, and where no browser can show it (SSH, no display)
// its address printed instead.
import { ApiError } from '../../../errors.js';
import type { Context } from '../../context.js';
import { safeText } from '../../io/safe.js';
import { canOpenBrowser } from '../login/login.js';

/** The page's url when it is an http(s) address: nothing else goes to the browser. */
export function pageUrl(value: unknown, what = 'checkout session'): string {
  try {
    const url = new URL(String(value));
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.href;
  } catch {
    // reported below
  }
  throw new ApiError(200, `the service answered a ${what} without an http(s) url`);
}

/**
 * Opens `url` in the browser. Without one it says so on stderr and, when `urlOnStdout` (the
 * address is the command's only output), prints the address on stdout. `what` names the page's
 * owner when its url is no web address (a checkout link's page is opened the same way).
 */
export async function showPage(
  ctx: Context,
  url: string,
  urlOnStdout: boolean,
  what?: string,
): Promise<void> {
  const { createMessenger } = await import('../../io/index.js');
  const say = createMessenger(ctx.io);
  const href = pageUrl(url, what);
  if (canOpenBrowser(ctx.env)) {
    try {
      await ctx.openBrowser(href);
      say.info(`Opened ${href} in your browser.`);
      return;
    } catch (err) {
      say.warn(`Could not open a browser (${err instanceof Error ? err.message : String(err)}).`);
    }
  }
  if (urlOnStdout) {
    ctx.io.stdout.write(`${safeText(href)}\n`);
    say.info('No browser to open here: open the address above in one.');
  } else {
    say.info(`No browser to open here: open ${href} in one.`);
  }
}
