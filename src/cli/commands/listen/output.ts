// What `billing listen` says. stdout: one line per event the handler took (on a terminal the
// time of day, type, id, status in colour and latency, aligned; piped, tab-separated with ISO
// times), or with --json each event's body as one JSON line. stderr: the banner, the outages,
// and a one-line warning per event not delivered or not trusted. Server text is never raw.
import { STATUS_CODES } from 'node:http';
import type { StreamEvent } from '../../../api/event-stream.js';
import { WEBHOOK_EVENT_TYPES } from '../../../shared/api-facts.js';
import { parseJson } from '../../../shared/json.js';
import type { Context } from '../../context.js';
import {
  createMessenger,
  createStyler,
  type Messenger,
  Sink,
  type Styler,
} from '../../io/index.js';
import { escapeTsv, safeText } from '../../io/safe.js';
import type { Delivery } from './forward.js';

const TYPE_WIDTH = Math.max(...WEBHOOK_EVENT_TYPES.map((t) => t.length));
/** A service's explanation is cut past this: one line, not a screenful. */
const DETAIL_CHARS = 300;

export interface Banner {
  organization: string;
  secret: string;
  forward?: string;
  events?: string[];
  verify: boolean;
  json: boolean;
}

export class ListenOutput {
  private readonly stdout: Sink;
  private readonly tty: boolean;
  private readonly style: Styler;
  private readonly bold: Styler;
  private readonly say: Messenger;

  constructor(private readonly ctx: Context) {
    this.stdout = new Sink(ctx.io.stdout);
    this.tty = Boolean(ctx.io.stdout.isTTY);
    this.style = createStyler(ctx.io.stdout);
    this.bold = createStyler(ctx.io.stderr);
    this.say = createMessenger(ctx.io);
  }

  /** Nobody reads stdout any more (`| head -1` has had its line). */
  get closed(): boolean {
    return this.stdout.closed;
  }

  /** One write, so a reader never sees half of it. */
  banner(b: Banner): void {
    const lines = [
      `Listening to the events of organization ${safeText(b.organization)} (Ctrl+C to stop)`,
      `Signing secret: ${this.bold('bold', safeText(b.secret))}`,
    ];
    if (b.forward) lines.push(`Forwarding each event to ${safeText(b.forward)}`);
    if (b.json) lines.push('Printing each event on stdout as a JSON line');
    if (b.events) lines.push(`Only these events: ${b.events.join(', ')}`);
    if (!b.verify) lines.push('Signatures are not checked (--skip-verify)');
    this.ctx.io.stderr.write(`${lines.join('\n')}\n`);
  }

  lost(cause: string): void {
    this.say.warn(`${cause}; reconnecting…`);
  }

  reconnected(ms: number): void {
    this.say.success(`Reconnected after ${seconds(ms)}`);
  }

  /** The service could not resume after the last event seen: some may never come. */
  missed(detail: string): void {
    const text = safeText(detail);
    this.say.warn(
      `events may have been missed: ${text.length > DETAIL_CHARS ? `${text.slice(0, DETAIL_CHARS)}…` : text}`,
    );
  }

  /** A connected message with another secret than the run's: not taken. */
  secretChanged(verify: boolean): void {
    this.say.warn(
      verify
        ? 'the stream announced a different signing secret; events signed with it are refused as untrusted (still checking with the one above)'
        : 'the stream announced a different signing secret; with --skip-verify its events are forwarded all the same',
    );
  }

  unreadable(reason: string): void {
    this.say.warn(`a message of the stream was skipped: ${reason}`);
  }

  /** An event whose signature did not verify: not forwarded, not printed. */
  untrusted(at: Date, e: StreamEvent, why: string): void {
    this.say.warn(
      `${this.time(at, this.errTty)} ${e.type} ${e.id}: skipped, its signature does not verify (${why}); --skip-verify takes it anyway`,
    );
  }

  async json(e: StreamEvent): Promise<void> {
    // One line whatever the server's layout: only whitespace between tokens can hold a newline.
    const line = /[\r\n]/.test(e.body) ? JSON.stringify(parseJson(e.body)) : e.body;
    await this.stdout.write(`${line}\n`);
  }

  /** A 2xx is a line on stdout (unless --json printed the event); anything else a warning. */
  async delivered(at: Date, e: StreamEvent, d: Delivery, url: URL, json: boolean): Promise<void> {
    const { status } = d;
    if (status !== undefined && status >= 200 && status < 300) {
      if (!json) await this.stdout.write(this.eventLine(at, e, status, d.ms));
      return;
    }
    const why =
      status === undefined
        ? `not delivered to ${url.href} (${d.failure})`
        : `the handler answered ${status} ${STATUS_CODES[status] ?? ''}`.trimEnd() +
          ` (${d.ms} ms)`;
    this.say.warn(`${this.time(at, this.errTty)} ${e.type} ${e.id}: ${why}`);
  }

  private eventLine(at: Date, e: StreamEvent, status: number, ms: number): string {
    if (!this.tty) {
      return `${at.toISOString()}\t${escapeTsv(e.type)}\t${escapeTsv(e.id)}\t${status}\t${ms}\n`;
    }
    const type = safeText(e.type).padEnd(TYPE_WIDTH);
    return `${this.time(at)}  ${type}  ${safeText(e.id)}  ${this.style('green', String(status))}  ${ms} ms\n`;
  }

  private get errTty(): boolean {
    return Boolean(this.ctx.io.stderr.isTTY);
  }

  /** The time of day on a terminal, an ISO timestamp otherwise. */
  private time(at: Date, tty = this.tty): string {
    return tty ? at.toTimeString().slice(0, 8) : at.toISOString();
  }
}

function seconds(ms: number): string {
  return ms < 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms / 1000)} s`;
}
