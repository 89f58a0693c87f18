// Server-Sent Events read as the HTML standard's parser reads them ("Interpreting an event
// stream"): lines end with CRLF, LF or CR; `data` lines join with LF; `id` sets the last event id
// and stays until another; a comment (`:`, the heartbeats) and `retry` are skipped; a blank line
// dispatches, and an event without data is not one. A hostile server cannot make one event
// grow without bound: one over the limit is measured, not held, and reported as oversized.

export interface ServerSentEvent {
  /** The last event id the stream has set (it carries over to the events after it). */
  id?: string;
  /** `message` unless the stream named it. */
  event: string;
  data: string;
}

/** An event over the limit: its data was dropped as it came, only its size is known. */
export interface OversizedEvent {
  id?: string;
  /** The bytes of its lines received (all of them, unless the stream ended inside it). */
  oversized: number;
}

/** Bytes one event may hold, its pending line included (16 MiB by default). */
export const MAX_EVENT_BYTES = 16 * 1024 * 1024;

const LF = 0x0a;
const CR = 0x0d;

export async function* serverSentEvents(
  body: AsyncIterable<Uint8Array | string>,
  maxEventBytes = MAX_EVENT_BYTES,
): AsyncGenerator<ServerSentEvent | OversizedEvent, void, undefined> {
  // Lines are cut on bytes (CR and LF never occur inside a UTF-8 sequence), so only whole lines
  // are decoded; the BOM is kept by the decoder and dropped here, at the stream's start only.
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  let first = true;
  /** The line not ended yet, in pieces. */
  let pieces: Uint8Array[] = [];
  let pending = 0;
  /** A CR ended the last chunk: an LF starting the next one belongs to it. */
  let afterCr = false;
  let data: string[] = [];
  let size = 0;
  let event = '';
  let id: string | undefined;
  /** The current event went over the limit: its bytes so far (undefined while it has not). */
  let over: number | undefined;
  /** The line being received is part of the oversized event: dropped, counted. */
  let dropping = false;

  const overflow = () => {
    over = size + pending;
    data = [];
    size = 0;
    pieces = [];
    pending = 0;
  };

  function* line(text: string, bytes: number): Generator<ServerSentEvent | OversizedEvent> {
    if (text === '') {
      if (over !== undefined) yield { ...(id === undefined ? {} : { id }), oversized: over };
      else if (data.length)
        yield {
          ...(id === undefined ? {} : { id }),
          event: event || 'message',
          data: data.join('\n'),
        };
      data = [];
      size = 0;
      event = '';
      over = undefined;
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') {
      if (over !== undefined) over += bytes + 1;
      else {
        data.push(value);
        size += bytes + 1;
        if (size > maxEventBytes) overflow();
      }
    } else if (field === 'event') event = value;
    else if (field === 'id' && !value.includes('\0')) id = value;
  }

  function* endLine(): Generator<ServerSentEvent | OversizedEvent> {
    const atStart = first;
    first = false;
    if (dropping) {
      // The rest of a line too long to hold: whatever its field was, it is lost with its event.
      dropping = false;
      over = (over ?? 0) + 1;
      return;
    }
    const bytes = pending;
    const joined = pieces.length === 1 ? pieces[0]! : Buffer.concat(pieces);
    pieces = [];
    pending = 0;
    let text = decoder.decode(joined);
    if (atStart && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    yield* line(text, bytes);
  }

  /** Part of the line being received. */
  const take = (piece: Uint8Array) => {
    if (piece.length === 0) return;
    if (dropping) {
      over = (over ?? 0) + piece.length;
      return;
    }
    if (size + pending + piece.length > maxEventBytes) {
      pieces.push(piece);
      pending += piece.length;
      overflow();
      dropping = true;
      return;
    }
    pieces.push(piece);
    pending += piece.length;
  };

  for await (const chunk of body) {
    const bytes =
      typeof chunk === 'string'
        ? Buffer.from(chunk, 'utf8')
        : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    let start = 0;
    if (afterCr && bytes.length) {
      afterCr = false;
      if (bytes[0] === LF) start = 1;
    }
    let lf = bytes.indexOf(LF, start);
    let cr = bytes.indexOf(CR, start);
    while (lf >= 0 || cr >= 0) {
      const end = lf < 0 ? cr : cr < 0 ? lf : Math.min(lf, cr);
      take(bytes.subarray(start, end));
      yield* endLine();
      start = end + 1;
      if (end === cr) {
        if (start === bytes.length) afterCr = true;
        else if (bytes[start] === LF) start++;
        cr = bytes.indexOf(CR, start);
      }
      if (lf >= 0 && lf < start) lf = bytes.indexOf(LF, start);
    }
    // Held as a copy: a view would keep the whole chunk alive for the sake of its tail.
    if (start < bytes.length)
      take(dropping ? bytes.subarray(start) : Buffer.from(bytes.subarray(start)));
  }
  // The stream ended. An event not yet dispatched by a blank line is dropped, as the standard
  // says; one that was being dropped for its size is still reported, so it is not lost unseen.
  if (over !== undefined) {
    yield { ...(id === undefined ? {} : { id }), oversized: over };
  }
}
