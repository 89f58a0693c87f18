// Server-Sent Events read as the HTML standard's parser reads them ("Interpreting an event
// stream"): lines end with CRLF, LF or CR; `data` lines join with LF; `id` sets the last event id
// and stays until another; a comment (`:`, the heartbeats) and `retry` are skipped; a blank line
// dispatches, and an event without data is not one. A hostile server cannot make one event
// grow without bound.

export interface ServerSentEvent {
  /** The last event id the stream has set (it carries over to the events after it). */
  id?: string;
  /** `message` unless the stream named it. */
  event: string;
  data: string;
}

/** Characters one event may hold, its pending line included (16 MiB by default). */
export const MAX_EVENT_CHARS = 16 * 1024 * 1024;

export class EventTooLargeError extends Error {
  readonly code = 'BILLING_EVENT_TOO_LARGE';
  constructor(readonly limit: number) {
    super(`an event of the stream is over ${limit} characters`);
  }
}

const LINE_END = /\r\n|\r|\n/g;

export async function* serverSentEvents(
  body: AsyncIterable<Uint8Array | string>,
  maxEventChars = MAX_EVENT_CHARS,
): AsyncGenerator<ServerSentEvent, void, undefined> {
  const decoder = new TextDecoder('utf-8');
  let pending = '';
  let first = true;
  let data: string[] = [];
  let size = 0;
  let event = '';
  let id: string | undefined;

  function* line(text: string): Generator<ServerSentEvent> {
    if (text === '') {
      if (data.length)
        yield {
          ...(id === undefined ? {} : { id }),
          event: event || 'message',
          data: data.join('\n'),
        };
      data = [];
      size = 0;
      event = '';
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') {
      data.push(value);
      size += value.length + 1;
    } else if (field === 'event') event = value;
    else if (field === 'id' && !value.includes('\0')) id = value;
  }

  for await (const chunk of body) {
    pending += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    if (first && pending.length) {
      if (pending.charCodeAt(0) === 0xfeff) pending = pending.slice(1);
      first = false;
    }
    let start = 0;
    LINE_END.lastIndex = 0;
    for (let m = LINE_END.exec(pending); m; m = LINE_END.exec(pending)) {
      // A CR at the very end may be the first half of a CRLF still on its way.
      if (m[0] === '\r' && m.index === pending.length - 1) break;
      yield* line(pending.slice(start, m.index));
      start = m.index + m[0].length;
    }
    pending = pending.slice(start);
    if (size + pending.length > maxEventChars) throw new EventTooLargeError(maxEventChars);
  }
  // The stream ended: a last line ended by a lone CR still counts; an event not yet
  // dispatched by a blank line is dropped, as the standard says.
  pending += decoder.decode();
  if (pending.endsWith('\r')) yield* line(pending.slice(0, -1));
}
