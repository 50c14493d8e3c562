/**
 * multipart/form-data read as it arrives (RFC 7578), for identity uploads: one part at a time, each file's bytes
 * handed on in the pieces they came in, so the server never holds a whole request or a whole file. A part's body must
 * be read (or left, and it is skipped) before the next part is given.
 */

export type MultipartPart = {
  name: string;
  /** The file name the browser sent (possibly empty) for a file input; null for a plain field. */
  filename: string | null;
  type: string | null;
  /** The part's bytes, in pieces; each piece may be a view into the request's own buffer, valid until the next. */
  body: AsyncIterable<Uint8Array>;
};

/** Where the bytes come from: the next piece, or null at the end. */
export type ByteSource = () => Promise<Uint8Array | null>;

export class MultipartError extends Error {}
/** The body did not arrive within its deadline. */
export class UploadTooSlow extends Error {}

const CRLF = Buffer.from('\r\n');
const EMPTY: Buffer = Buffer.alloc(0);
const HEADERS_END = Buffer.from('\r\n\r\n');
const MAX_HEADER_BYTES = 8 * 1024;
const MAX_PARTS = 100;

/** The boundary of a multipart/form-data content type, or null. */
export function boundaryOf(contentType: string | null): string | null {
  if (!contentType || !/^multipart\/form-data\s*;/i.test(contentType)) return null;
  const m = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))/i.exec(contentType);
  return m ? (m[1] ?? m[2]!) : null;
}

/** A request body as a ByteSource; past `deadlineMs` from now, reading it throws UploadTooSlow (and stops it). */
export function sourceOf(body: ReadableStream<Uint8Array> | null, deadlineMs = Infinity): ByteSource {
  if (!body) return async () => null;
  const reader = body.getReader();
  const until = performance.now() + deadlineMs;
  const late = () => new UploadTooSlow('request body too slow');
  return async () => {
    for (;;) {
      const left = until - performance.now();
      if (left <= 0) {
        reader.cancel().catch(() => {});
        throw late();
      }
      let timer: ReturnType<typeof setTimeout> | undefined;
      const r = await (Number.isFinite(left)
        ? Promise.race([reader.read(), new Promise<never>((_, fail) => (timer = setTimeout(() => fail(late()), left)))]).finally(() => clearTimeout(timer))
        : reader.read()).catch((e) => {
        if (e instanceof UploadTooSlow) {
          reader.cancel().catch(() => {});
          throw e;
        }
        // The connection went away, or the body went past its size cap (http/finish.ts): the form is unreadable.
        throw new MultipartError('body could not be read');
      });
      if (r.done) return null;
      if (r.value.byteLength) return r.value;
    }
  };
}

function headerValue(headers: string, name: string): string | null {
  for (const line of headers.split('\r\n')) {
    const at = line.indexOf(':');
    if (at > 0 && line.slice(0, at).trim().toLowerCase() === name) return line.slice(at + 1).trim();
  }
  return null;
}

function param(value: string, name: string): string | null {
  const m = new RegExp(`;\\s*${name}="((?:[^"\\\\]|\\\\.)*)"|;\\s*${name}=([^;\\s]*)`, 'i').exec(value);
  if (!m) return null;
  return m[1] !== undefined ? m[1].replace(/\\(.)/g, '$1') : m[2]!;
}

/**
 * The parts of a multipart body with `boundary`, read from `next` as they are needed. A body that breaks the format
 * (no first boundary, a header block over 8 KB, more than 100 parts, an end before the closing boundary) throws a
 * MultipartError at the point it is read.
 */
export async function* readMultipart(next: ByteSource, boundary: string): AsyncGenerator<MultipartPart> {
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  // What has arrived and not been handed on yet; `pos` is where it starts.
  let buf: Buffer = Buffer.alloc(0);
  let ended = false;
  const more = async (): Promise<boolean> => {
    if (ended) return false;
    const chunk = await next();
    if (!chunk) {
      ended = true;
      return false;
    }
    const piece = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    buf = buf.length ? Buffer.concat([buf, piece]) : piece;
    return true;
  };
  // The body starts with the first boundary (a preamble before it, allowed by RFC 2046, is skipped): prefixing
  // CRLF lets one delimiter find it.
  buf = Buffer.from(CRLF);
  for (;;) {
    const at = buf.indexOf(delimiter);
    if (at >= 0) {
      buf = buf.subarray(at + delimiter.length);
      break;
    }
    if (buf.length > MAX_HEADER_BYTES) throw new MultipartError('no boundary');
    if (!(await more())) throw new MultipartError('no boundary');
  }
  for (let parts = 0; ; parts++) {
    // After a delimiter: "--" closes the body; otherwise (optional whitespace and) CRLF starts a part.
    while (buf.length < 2) if (!(await more())) throw new MultipartError('cut short');
    if (buf[0] === 0x2d && buf[1] === 0x2d) return;
    let eol: number;
    while ((eol = buf.indexOf(CRLF)) < 0) {
      if (buf.length > 64) throw new MultipartError('bad boundary line');
      if (!(await more())) throw new MultipartError('cut short');
    }
    if (buf.subarray(0, eol).toString('latin1').trim() !== '') throw new MultipartError('bad boundary line');
    buf = buf.subarray(eol + 2);
    if (parts >= MAX_PARTS) throw new MultipartError('too many parts');
    // The part's headers, up to the blank line.
    let end: number;
    while ((end = buf.indexOf(HEADERS_END)) < 0) {
      if (buf.length > MAX_HEADER_BYTES) throw new MultipartError('headers too long');
      if (!(await more())) throw new MultipartError('cut short');
    }
    if (end > MAX_HEADER_BYTES) throw new MultipartError('headers too long');
    const headers = buf.subarray(0, end).toString('utf8');
    buf = buf.subarray(end + 4);
    const disposition = headerValue(headers, 'content-disposition') ?? '';
    if (!/^form-data\b/i.test(disposition)) throw new MultipartError('not form data');
    const name = param(disposition, 'name');
    if (name === null) throw new MultipartError('part without a name');
    let done = false;
    // The body runs to the next delimiter. Pieces are handed on as views of the chunks they arrived in (never copied):
    // all of a chunk but its last bytes, which might begin the delimiter and are carried (copied, a few dozen bytes)
    // until the next chunk tells.
    async function* body(): AsyncGenerator<Uint8Array> {
      let carry: Uint8Array = EMPTY;
      for (;;) {
        if (carry.length) {
          const joint = Buffer.concat([carry, buf.subarray(0, delimiter.length)]);
          const at = joint.indexOf(delimiter);
          if (at >= 0 && at < carry.length) {
            buf = buf.subarray(at + delimiter.length - carry.length);
            done = true;
            if (at > 0) yield carry.subarray(0, at);
            return;
          }
          if (buf.length >= delimiter.length - 1) {
            // Enough has arrived to tell: no delimiter begins in the carried bytes.
            yield carry;
            carry = EMPTY;
          } else {
            // Too little to tell: keep it all, handing on what can no longer begin a delimiter.
            const keep = Math.max(0, joint.length - (delimiter.length - 1));
            if (keep) yield joint.subarray(0, keep);
            carry = joint.subarray(keep);
            buf = EMPTY;
            if (!(await more())) throw new MultipartError('cut short');
            continue;
          }
        }
        const at = buf.indexOf(delimiter);
        if (at >= 0) {
          const piece = buf.subarray(0, at);
          buf = buf.subarray(at + delimiter.length);
          done = true;
          if (piece.length) yield piece;
          return;
        }
        const safe = Math.max(0, buf.length - (delimiter.length - 1));
        if (safe) yield buf.subarray(0, safe);
        carry = Buffer.from(buf.subarray(safe));
        buf = EMPTY;
        if (!(await more())) throw new MultipartError('cut short');
      }
    }
    yield { name, filename: param(disposition, 'filename'), type: headerValue(headers, 'content-type'), body: body() };
    // Whatever the consumer left of this part (even if it stopped reading half-way) is skipped.
    if (!done) for await (const _ of body());
  }
}

/** A text part's value, read whole up to `max` bytes (past it, the rest is skipped and `tooLong` is set). */
export async function readText(body: AsyncIterable<Uint8Array>, max: number): Promise<{ value: string; tooLong: boolean }> {
  const pieces: Buffer[] = [];
  let size = 0;
  let tooLong = false;
  for await (const p of body) {
    if (size + p.length > max) tooLong = true;
    if (!tooLong) pieces.push(Buffer.from(p));
    size += p.length;
  }
  return { value: Buffer.concat(pieces).toString('utf8'), tooLong };
}

/** A form post's fields before its first file, and the whole body again (those bytes, then the rest, unread). */
export type FormHead = { fields: Record<string, string>; body: ReadableStream<Uint8Array> };

/**
 * The plain fields at the head of a multipart form (the hidden `_action` and `_token` a page's form puts first, and
 * the text a browser sends before the files, in the form's order), read without touching any file: reading stops at
 * the first file part, or past `maxBytes`. The returned body replays what was read and then streams the rest, so the
 * files go on to the API as they arrive (src/pages/form-post.ts).
 */
export async function formHead(request: Request, boundary: string, maxBytes = 64 * 1024): Promise<FormHead> {
  const fields: Record<string, string> = {};
  if (!request.body) return { fields, body: new ReadableStream({ start: (c) => c.close() }) };
  const reader = request.body.getReader();
  const seen: Uint8Array[] = [];
  let seenBytes = 0;
  const source: ByteSource = async () => {
    if (seenBytes > maxBytes) return null;
    const r = await reader.read();
    if (r.done) return null;
    seen.push(r.value);
    seenBytes += r.value.byteLength;
    return r.value;
  };
  try {
    for await (const part of readMultipart(source, boundary)) {
      // Leaving the loop here stops the reader before any of the file's bytes are asked for.
      if (part.filename !== null) break;
      const text = await readText(part.body, 10_000);
      if (!(part.name in fields)) fields[part.name] = text.value;
    }
  } catch (e) {
    // A head that does not read as a form, or one too long: what was read is handed on, and the API answers for it.
    if (!(e instanceof MultipartError)) throw e;
  }
  let replay = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(c) {
      if (replay < seen.length) return c.enqueue(seen[replay++]!);
      const r = await reader.read();
      if (r.done) c.close();
      else c.enqueue(r.value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return { fields, body };
}
