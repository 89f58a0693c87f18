// Builds the commander tree: the root with the global flags, then every command module.
import { Command, Option } from '@commander-js/extra-typings';
import { API_VERSION_SETTINGS, API_VERSIONS } from '../shared/api-versions.js';
import { registerApi } from './commands/api/index.js';
import { registerAuth } from './commands/auth/index.js';
import { registerBenefits } from './commands/benefits/index.js';
import { registerCheckout } from './commands/checkout/index.js';
import { registerClock } from './commands/clock/index.js';
import { registerCompletion } from './commands/completion/index.js';
import { registerConfig } from './commands/config/index.js';
import { registerCustomers } from './commands/customers/index.js';
import { registerDiscounts } from './commands/discounts/index.js';
import { registerEvents } from './commands/events/index.js';
import { registerFixtures } from './commands/fixtures/index.js';
import { registerKeys } from './commands/keys/index.js';
import { registerLinks } from './commands/links/index.js';
import { registerListen } from './commands/listen/index.js';
import { registerLogin } from './commands/login/index.js';
import { registerMeters } from './commands/meters/index.js';
import { registerMetrics } from './commands/metrics/index.js';
import { registerOrders } from './commands/orders/index.js';
import { registerOrg } from './commands/org/index.js';
import { registerProducts } from './commands/products/index.js';
import { registerRefunds } from './commands/refunds/index.js';
import { registerServe } from './commands/serve/index.js';
import { registerSubs } from './commands/subs/index.js';
import { registerTrigger } from './commands/trigger/index.js';
import { registerWebhooks } from './commands/webhooks/index.js';
import type { Context } from './context.js';

import { VERSION } from './version.js';

const ROOT_HELP = `
Examples:
  billing serve                      # the local service, in another terminal
  billing orders list --limit 5
  billing checkout confirm <checkout-id> --customer-email jane@example.com \\
    --confirmation-token tok_test
  billing login

Environment:
  BILLING_TOKEN           personal access token (CI); wins over a stored login
  BILLING_CUSTOMER_TOKEN  customer session token for customer-portal commands
  BILLING_PROFILE         profile to use (like --profile)
  BILLING_BASE_URL        API base URL of the active profile
  BILLING_API_VERSION     API version to ask for (like --api-version)
  BILLING_DEBUG=1         like --debug
  BILLING_PAGER, PAGER    pager for terminal output (default: less -FRX; "" for none)
  BILLING_CONFIG_DIR      where config.json and the token fallback file live
  NO_COLOR                no colour

Exit codes: 0 ok, 1 failure, 2 usage or invalid input, 3 network, 4 auth,
5 permission, 6 not found, 7 conflict or state, 8 rate limited, 130 interrupted.
`;

/** The root command with the global flags; they reach the Context before any action runs. */
export function rootCommand(ctx: Context) {
  const program = new Command()
    .name('billing')
    .description('Work with the Billing Service API from your terminal and scripts.')
    .version(VERSION, '-V, --version', 'print the version and exit')
    .option('--profile <name>', 'configuration profile to use (env: BILLING_PROFILE)')
    .addOption(
      new Option(
        '--api-version <version>',
        `API version to ask for: ${API_VERSIONS.join(', ')} or none (default: the profile's)`,
      ).choices(API_VERSION_SETTINGS),
    )
    .option('--debug', 'log HTTP requests and responses to stderr, secrets redacted')
    .option('--no-pager', 'print straight to the terminal instead of through $PAGER (less)')
    .option('--connect-timeout <seconds>', 'give up connecting after this long (default: 10)')
    .option('--request-timeout <seconds>', 'give up on an answer after this long (default: 30)')
    .showSuggestionAfterError(true)
    // Help stays under 80 columns whatever the terminal width.
    // Every subcommand's help lists the global flags it inherits, too.
    .configureHelp({
      helpWidth: Math.min(ctx.io.stdout.columns || 80, 80),
      showGlobalOptions: true,
    })
    .exitOverride()
    .configureOutput({
      writeOut: (s) => ctx.io.stdout.write(s),
      writeErr: (s) => ctx.io.stderr.write(s),
      outputError: () => {
        // main.ts prints commander's errors itself, as one line with our prefix.
      },
    });
  program.hook('preAction', () => {
    ctx.globals = program.opts();
  });
  return program;
}

type Register = (program: ReturnType<typeof rootCommand>, ctx: Context) => void;

/**
 * The top-level commands, in help's order, each with the names its register adds
 * (test/cli/program.test.ts checks them against what each register adds).
 */
export const REGISTERS: readonly (readonly [
  names: readonly string[],
  register: Register,
  /** The command reads the whole tree (the completion script is made from it). */
  whole?: true,
])[] = [
  [['checkout'], registerCheckout],
  [['links'], registerLinks],
  [['subs'], registerSubs],
  [['orders'], registerOrders],
  [['refunds'], registerRefunds],
  [['metrics'], registerMetrics],
  [['customers'], registerCustomers],
  [['products'], registerProducts],
  [['discounts'], registerDiscounts],
  [['benefits'], registerBenefits],
  [['keys'], registerKeys],
  [['events'], registerEvents],
  [['meters'], registerMeters],
  [['org'], registerOrg],
  [['webhooks'], registerWebhooks],
  [['listen'], registerListen],
  [['trigger'], registerTrigger],
  [['clock'], registerClock],
  [['fixtures'], registerFixtures],
  [['api'], registerApi],
  [['config'], registerConfig],
  [['login', 'logout'], registerLogin],
  [['auth', 'whoami'], registerAuth],
  [['serve'], registerServe],
  [['completion', '__complete'], registerCompletion, true],
];

/**
 * The command tree. Command modules register themselves; nothing runs at import time. Given the
 * run's words, only the command named first is built (the others cost ~8 ms of every start:
 * bench, `orders get`); when the first word is an option, a typo or absent, or names a command
 * that reads the whole tree, all of them.
 */
export function buildProgram(ctx: Context, argv: readonly string[] = []) {
  const program = rootCommand(ctx);
  const first = argv[0];
  const named =
    first === undefined ? undefined : REGISTERS.find(([names]) => names.includes(first));
  const only = named && !named[2] ? named : undefined;
  for (const [, register] of only ? [only] : REGISTERS) register(program, ctx);
  program.addHelpText('after', ROOT_HELP);
  return program;
}
