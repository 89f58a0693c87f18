// gh's two tables for a verb (style.md §8), without a server:
//  - parse(): argv → the options its builder hands to run(), or the exact usage error, with a
//    runF that only records (nothing runs, nothing is sent);
//  - execute(): options + scripted HTTP answers (a loopback server every connection of the run
//    goes to, through the CLI's own transport; nothing reaches the network) → exact stdout,
//    stderr and exit code, as main() would report them. Every scripted answer must have been
//    asked for; a request nothing is scripted for is answered 501 (a lookup left to fail).
import type { Command } from '@commander-js/extra-typings';
import { CommanderError } from 'commander';
import { expect } from 'vitest';
import type { RunF } from '../../../src/cli/commands/shared.js';
import { Context, type Environment, type GlobalOptions } from '../../../src/cli/context.js';
import { report } from '../../../src/cli/main.js';
import { rootCommand } from '../../../src/cli/program.js';
import { requestErrors } from '../../conformance/openapi.js';
import { Capture, stdinOf, tempConfigDir } from '../../helpers/cli.js';
import { type ScriptedHost, ScriptedServer } from '../../helpers/http.js';

export const BASE = 'https://api.billing.test';
export const TOKEN = 'polar_pat_verbTestTokenNeverSentToARealService000000000';
export const CUSTOMER_TOKEN = 'polar_cst_verbTestCustomerSessionToken00000000000000';
export const ID = '0b4c2a7e-1f7d-4d2b-9a7e-3c1f0e6d5b21';
export const ID2 = '5f0c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f';
export const ORG = '1d9e7c40-2f6b-4b8e-9a51-6c3d2e1f0a9b';

type Builder<O> = (parent: Command, ctx: Context, runF: RunF<O>) => unknown;

export interface Parsed<O> {
  /** What runF received; undefined when parsing failed. */
  options?: O;
  code: number;
  stderr: string;
}

export interface Setup {
  env?: Record<string, string | undefined>;
  /** Lines on stdin (then it ends). */
  stdin?: string[];
  /** stdin, stdout and stderr are a terminal. */
  tty?: boolean;
  /** The terminal's width (100 unless given). */
  columns?: number;
  configDir?: string;
  now?: () => Date;
  /** Ctrl+C: abort it to interrupt the run. */
  signal?: AbortSignal;
  openBrowser?: (url: string) => Promise<void>;
}

function environment(setup: Setup, stdout: Capture, stderr: Capture): Environment {
  return {
    io: { stdout, stderr, stdin: stdinOf(setup.stdin ?? [], { end: true, tty: setup.tty }) },
    env: { BILLING_BASE_URL: BASE, BILLING_TOKEN: TOKEN, ...setup.env },
    configDir: setup.configDir ?? tempConfigDir(),
    now: setup.now ?? (() => new Date('2026-11-23T12:00:00Z')),
    openBrowser: setup.openBrowser ?? (async () => {}),
    signal: setup.signal ?? new AbortController().signal,
  };
}

/**
 * argv of one verb (after `billing <noun> <verb>`) → the options it would run with. `noun`
 * names the group the builder hangs under; without it the verb is a top-level command.
 */
export async function parse<O>(
  build: Builder<O>,
  verb: string,
  argv: string[],
  opts: Setup & { noun?: string } = {},
): Promise<Parsed<O>> {
  const stdout = new Capture(opts.tty);
  const stderr = new Capture(opts.tty);
  const env = environment(opts, stdout, stderr);
  const ctx = new Context(env);
  const root = rootCommand(ctx);
  const parent = opts.noun ? root.command(opts.noun) : root;
  let options: O | undefined;
  build(parent, ctx, async (o) => {
    options = o;
  });
  const words = opts.noun ? [opts.noun, verb, ...argv] : [verb, ...argv];
  try {
    await root.parseAsync(words, { from: 'user' });
    return { options, code: 0, stderr: stderr.text };
  } catch (err) {
    const code = report(err, env, false, CommanderError);
    return { code, stderr: stderr.text };
  } finally {
    await ctx.close();
  }
}

export interface Executed {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * run(options, ctx) against scripted answers: `http` registers them for BASE
 * (`pool.intercept({ path, method }).reply(status, body)`).
 */
export async function execute<O>(
  run: (options: O, ctx: Context) => Promise<void>,
  options: O,
  opts: Setup & { http?: (pool: ScriptedHost) => void; globals?: GlobalOptions } = {},
): Promise<Executed> {
  const server = await ScriptedServer.start();
  opts.http?.(server.host(BASE));
  const stdout = new Capture(opts.tty, opts.columns);
  const stderr = new Capture(opts.tty, opts.columns);
  const env = { ...environment(opts, stdout, stderr), connect: server.connect };
  const ctx = new Context(env);
  ctx.globals = opts.globals ?? {};
  let code = 0;
  try {
    await run(options, ctx);
  } catch (err) {
    code = report(err, env, false, CommanderError);
  } finally {
    await ctx.close();
  }
  await server.close();
  server.assertNoPendingInterceptors();
  return { code, stdout: stdout.text, stderr: stderr.text };
}

/** A JSON answer, as the service sends it. */
export const json = { headers: { 'content-type': 'application/json' } };

/** One page of a list endpoint. */
export function page(items: object[], total = items.length, maxPage = 1) {
  return { items, pagination: { total_count: total, max_page: maxPage } };
}

/** What the server saw of a scripted request: `authorization` is undefined when none was sent. */
export interface Seen {
  authorization?: string;
  body?: unknown;
}

/**
 * run(options) against one scripted request (`method path` answered with `status, body`):
 * the result, and in `seen` the Authorization header and the JSON body the server received.
 */
export async function answered<O>(
  run: (options: O, ctx: Context) => Promise<void>,
  options: O,
  request: { method: string; path: string },
  status: number,
  body: object | string,
  setup: Setup = {},
): Promise<Executed & { seen: Seen }> {
  const seen: Seen = {};
  const refused: string[] = [];
  const r = await execute(run, options, {
    ...setup,
    http: (pool) =>
      pool.intercept(request).reply((req) => {
        const headers = req.headers as Record<string, string>;
        seen.authorization = headers.authorization;
        if (req.body !== undefined && req.body !== null) seen.body = JSON.parse(String(req.body));
        // Today's generation: what the real 2026-10 description would refuse of the request.
        if (headers['polar-version']) {
          refused.push(...requestErrors(req.method, req.path, seen.body));
        }
        return { statusCode: status, data: body, responseOptions: json };
      }),
  });
  expect(refused, 'what the 2026-10 description refuses').toEqual([]);
  return { ...r, seen };
}

/** The service's answer for an id it does not know. */
export const NOT_FOUND = { error: 'ResourceNotFound', detail: 'Not found' };

/** What a 401 for BILLING_TOKEN prints. */
export const TOKEN_REJECTED =
  'billing: the token in BILLING_TOKEN was rejected: it is unknown, expired or revoked\n' +
  'Set BILLING_TOKEN to a valid personal access token, or unset it to use your login.\n';

/** What a 401 for BILLING_CUSTOMER_TOKEN prints. */
export const CUSTOMER_SESSION_REJECTED =
  'billing: the customer session in BILLING_CUSTOMER_TOKEN was rejected: it has expired or was revoked\n' +
  'Confirm a checkout again (billing checkout confirm …), or set BILLING_CUSTOMER_TOKEN to a customer session token.\n';

/** `seen` for a request with `body` and no Authorization header (toEqual fails on any). */
export function withoutToken(body: unknown): Seen {
  return { authorization: undefined, body };
}
