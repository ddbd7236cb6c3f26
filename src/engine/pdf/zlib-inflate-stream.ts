// The `DecompressionStream` the engine's child gives pdf.js (pdf/preload-pdfjs.ts). pdf.js inflates
// every Flate stream it reads whole (page contents, forms, embedded fonts, CMaps) through
// DecompressionStream when it exists, and falls back to its own JavaScript decoder when that
// throws. Node's web streams cost more than that decoder (docs/decisions/001, 6), but zlib itself,
// called synchronously, costs a fraction of it: this stand-in has the shape pdf.js uses (one write,
// a close, the output read with `for await`) and inflates with `zlib.inflateSync`.
// What zlib refuses (a damaged stream, a missing checksum, an output past MAX_INFLATED_BYTES) ends
// the read with an error, and pdf.js decodes that stream with its own decoder exactly as before:
// zlib only ever answers for streams both decoders read to the same bytes (issue 14).
import { inflateSync } from 'node:zlib';

/**
 * Largest output inflated at once (bytes): a larger stream (a decompression bomb) is left to pdf.js's
 * own decoder, which reads it as the page's parser consumes it, as before.
 */
export const MAX_INFLATED_BYTES = 32 * 1024 * 1024;

/** Thrown for any other format: pdf.js catches it and decodes with its own decoder (a plain value, no stack trace). */
const NOT_INFLATED = Symbol('not inflated by zlib');

export class ZlibInflateStream {
  readonly writable: { getWriter(): { ready: Promise<void>; write(chunk: Uint8Array): Promise<void>; close(): Promise<void> } };
  readonly readable: AsyncIterable<Uint8Array>;

  constructor(format: string) {
    // Only zlib-wrapped deflate (the Flate filter); Brotli and raw deflate stay with pdf.js.
    if (format !== 'deflate') throw NOT_INFLATED;
    const input: Uint8Array[] = [];
    let close!: () => void;
    const closed = new Promise<void>((resolve) => (close = resolve));
    const writer = {
      ready: Promise.resolve(),
      write(chunk: Uint8Array) {
        input.push(chunk);
        return Promise.resolve();
      },
      close() {
        close();
        return Promise.resolve();
      },
    };
    this.writable = { getWriter: () => writer };
    this.readable = {
      async *[Symbol.asyncIterator]() {
        await closed;
        const out = inflateSync(input.length === 1 ? input[0]! : Buffer.concat(input), { maxOutputLength: MAX_INFLATED_BYTES });
        // A plain Uint8Array over zlib's Buffer: pdf.js never sees Buffer's own slice semantics.
        yield new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
      },
    };
  }
}
