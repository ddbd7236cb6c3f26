import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { MAX_INFLATED_BYTES, ZlibInflateStream } from './zlib-inflate-stream.ts';

/** What pdf.js does with a DecompressionStream (its asyncGetBytesFromDecompressionStream): one write, a close, the output read whole. */
async function inflateAsPdfjs(bytes: Uint8Array, format = 'deflate'): Promise<Uint8Array | null> {
  try {
    const { readable, writable } = new ZlibInflateStream(format);
    const writer = writable.getWriter();
    await writer.ready;
    writer
      .write(bytes)
      .then(async () => {
        await writer.ready;
        await writer.close();
      })
      .catch(() => undefined);
    const chunks: Uint8Array[] = [];
    for await (const chunk of readable) chunks.push(chunk);
    return new Uint8Array(Buffer.concat(chunks));
  } catch {
    // pdf.js then decodes the stream with its own decoder.
    return null;
  }
}

describe('ZlibInflateStream', () => {
  const content = new TextEncoder().encode('BT /F1 10 Tf 100 700 Td (Costos directos) Tj ET\n'.repeat(200));

  it('inflates a Flate stream whole, as a plain Uint8Array', async () => {
    const out = await inflateAsPdfjs(deflateSync(content));
    expect(out).toEqual(content);
    const { readable, writable } = new ZlibInflateStream('deflate');
    void writable.getWriter().write(deflateSync(content));
    void writable.getWriter().close();
    for await (const chunk of readable) expect(Object.getPrototypeOf(chunk)).toBe(Uint8Array.prototype);
  });

  it('leaves to pdf.js what zlib refuses: a damaged or truncated stream, a missing checksum, another format, a bomb', async () => {
    const packed = deflateSync(content);
    const damaged = packed.slice();
    damaged[10] = (damaged[10] ?? 0) ^ 0xff;
    expect(await inflateAsPdfjs(damaged)).toBeNull();
    expect(await inflateAsPdfjs(packed.subarray(0, packed.length - 20))).toBeNull();
    expect(await inflateAsPdfjs(packed.subarray(0, packed.length - 4))).toBeNull();
    expect(await inflateAsPdfjs(packed, 'brotli')).toBeNull();
    expect(await inflateAsPdfjs(deflateSync(new Uint8Array(MAX_INFLATED_BYTES + 1)))).toBeNull();
  });
});
