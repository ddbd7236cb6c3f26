import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { findTable, type TableRow } from '../shared/catalog/index.ts';
import { exportStream } from './export.ts';

/**
 * An export reads its rows as its reader takes them, and stops for good when its stream is
 * destroyed (second attacker's audit, decision 036). ExcelJS does not wait for its stream: for a
 * client that read slowly the sheet's XML piled up in memory, a whole table per request. Over HTTP
 * the sockets' buffers hide a few MB, so this watches the stream itself.
 */
const table = findTable('CostosDirectos')!;
const CHUNKS = 30;

function source(): { chunks: AsyncGenerator<TableRow[]>; read: () => number; ended: () => boolean } {
  let read = 0;
  let ended = false;
  async function* chunks(): AsyncGenerator<TableRow[]> {
    try {
      for (let c = 0; c < CHUNKS; c++) {
        read++;
        // Random text: the zip cannot shrink it to nothing.
        yield Array.from({ length: 2000 }, (_, i) => ({ concepto: `${c}-${i}-${crypto.randomBytes(100).toString('base64')}`, cantidad: i }));
      }
    } finally {
      ended = true;
    }
  }
  return { chunks: chunks(), read: () => read, ended: () => ended };
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(['csv', 'xlsx'] as const)('%s export', (format) => {
  it('stops reading rows while nobody reads it, and reads them all once someone does', async () => {
    const rows = source();
    const out = exportStream(table, format, rows.chunks, () => undefined);
    await settle(1500);
    // CSV waits for each chunk; the zip lets about 1 MB out before it pushes back (some chunks of
    // this random text, far more of real rows, which compress well): bounded, not the whole table.
    expect(rows.read()).toBeLessThan(format === 'csv' ? 3 : CHUNKS / 2);
    let bytes = 0;
    out.on('data', (chunk: Buffer) => (bytes += chunk.length));
    await new Promise((resolve) => out.on('end', resolve));
    expect(rows.read()).toBe(CHUNKS);
    expect(rows.ended()).toBe(true);
    expect(bytes).toBeGreaterThan(1_000_000);
  });

  it('stops reading rows, for good, once its stream is destroyed (the client went away)', async () => {
    const rows = source();
    const out = exportStream(table, format, rows.chunks, () => undefined);
    await settle(300);
    out.destroy();
    await settle(500);
    expect(rows.ended()).toBe(true);
    expect(rows.read()).toBeLessThan(CHUNKS);
  });
});
