import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findTable } from '../../src/shared/catalog/index.ts';
import { startServer, type TestServer } from './helpers.ts';

/**
 * A download the client walks away from (second attacker's audit, decision 036). The export writes
 * as the rows arrive, waiting for the socket to drain; when the client went away Fastify destroyed
 * the stream, 'drain' never came, and the export waited for ever holding its last chunk of rows:
 * any signed-in user could leak memory, a few MB per request, until the server ran out. Each export
 * must stop reading the database and let go once its client is gone. Run on SQLite and PostgreSQL.
 */
let s: TestServer;
let token: string;
const ROWS = 20_000;
const CORRECTIONS = 12_000;
/** Exports whose reading of the database has ended (the generator finished or was closed). */
const ended = { rows: 0, corrections: 0 };

beforeAll(async () => {
  s = await startServer({}, { runJobs: false });
  token = await s.login();
  const table = findTable('CostosDirectos')!;
  const doc = await s.ctx.documents.insert({ ownerId: 1, originalFilename: 'big.pdf', storageKey: 'k-big', sha256: 'big', size: 1 });
  const long = 'x'.repeat(300);
  await s.ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('documents').set({ status: 'processed', nosolicitud: '700' }).where('id', '=', doc.id).execute();
    const rows = Array.from({ length: ROWS }, (_, i) => ({
      values: { actividad: 'A', concepto: `c-${i}-${long}`, unidad: 'Jornal', cantidad: i, valor_unitario: 1, valor_total: i },
    }));
    await s.ctx.rows.replaceForDocument(trx, doc.id, '700', [{ table, rows }]);
  });
  const row = await s.ctx.db.selectFrom('table_rows').select(['id', 'seq']).where('document_id', '=', doc.id).limit(1).executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  for (let i = 0; i < CORRECTIONS; i += 1000) {
    const values = Array.from({ length: 1000 }, () => ({
      document_id: doc.id,
      table_name: 'CostosDirectos',
      row_id: null,
      row_seq: row.seq,
      row_key: 'k',
      column_key: 'concepto',
      action: 'correct' as const,
      status: 'replaced' as const,
      extracted_json: '"a"',
      previous_json: '"a"',
      value_json: '"b"',
      input: 'b',
      reason: long,
      user_id: 1,
      created_at: now,
    }));
    await s.ctx.db.insertInto('corrections').values(values).execute();
  }
  // Delegating spies: what the routes call is the repository's own generator, watched for its end.
  const rows = s.ctx.rows;
  const iterate = rows.iterate.bind(rows);
  rows.iterate = async function* (...args: Parameters<typeof iterate>) {
    try {
      yield* iterate(...args);
    } finally {
      ended.rows++;
    }
  };
  const corrections = s.ctx.corrections;
  const iterateAll = corrections.iterateAll.bind(corrections);
  corrections.iterateAll = async function* (...args: Parameters<typeof iterateAll>) {
    try {
      yield* iterateAll(...args);
    } finally {
      ended.corrections++;
    }
  };
}, 120_000);
afterAll(() => s.close());

/** Sends a GET, reads the first bytes of the answer, then drops the connection without reading more. */
function walkAway(pathname: string): Promise<string> {
  const { port } = new URL(s.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1', () =>
      socket.write(`GET ${pathname} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nConnection: close\r\n\r\n`),
    );
    socket.once('data', (chunk: Buffer) => {
      // Stop reading: the server's writes back up, then the connection goes.
      socket.pause();
      setTimeout(() => {
        socket.destroy();
        resolve(chunk.toString('latin1').split('\r\n')[0]!);
      }, 300);
    });
    socket.on('error', reject);
  });
}

async function until(check: () => boolean, ms = 15_000): Promise<boolean> {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
  return check();
}

describe('an export whose client goes away', () => {
  it.each([
    ['CSV', '/api/tables/CostosDirectos/export?format=csv'],
    ['XLSX', '/api/tables/CostosDirectos/export?format=xlsx'],
  ])('%s table export: stops reading the rows', async (_label, pathname) => {
    const before = ended.rows;
    expect(await walkAway(pathname)).toMatch(/^HTTP\/1\.1 200 /);
    expect(await until(() => ended.rows > before)).toBe(true);
  });

  it('corrections export: stops reading the trail', async () => {
    const before = ended.corrections;
    expect(await walkAway('/api/corrections/export')).toMatch(/^HTTP\/1\.1 200 /);
    expect(await until(() => ended.corrections > before)).toBe(true);
  });

  it('a client that reads to the end still gets every row', async () => {
    const res = await s.api('/api/tables/CostosDirectos/export?format=csv', { token });
    const lines = (await res.text()).trimEnd().split('\r\n');
    expect(lines).toHaveLength(ROWS + 1);
    const trail = await s.api('/api/corrections/export', { token });
    expect((await trail.text()).trimEnd().split('\r\n')).toHaveLength(CORRECTIONS + 1);
  });
});
