/**
 * The bench:api data: `docs` documents with `rowsPerDoc` rows each spread over nine tables like real
 * files, deterministic (the same seed every run) so runs measure the same data.
 */
import { sql } from 'kysely';
import { openDatabase } from '../../src/server/db/index.ts';
import { ensureTableSearch, pgIndexOf, pgPairsIndexOf } from '../../src/server/db/table-search.ts';
import { rowsRepo, type StoredRowInput } from '../../src/server/repos/rows.ts';
import { usersRepo } from '../../src/server/repos/users.ts';
import { findTable, type CatalogTable, type TableRow } from '../../src/shared/catalog/index.ts';
import { normalizeSearch } from '../../src/server/search-text.ts';

export interface FillOptions {
  dataDir: string;
  databaseUrl: string | undefined;
  docs: number;
  rowsPerDoc: number;
  admin: { email: string; password: string };
}

// Share of each document's rows per table (sums to 1): CostosDirectos is the big one, as in real files.
const MIX: [string, number][] = [
  ['CostosDirectos', 0.3],
  ['PlanAmortizacionDetalle', 0.24],
  ['EgresosOperacionales', 0.16],
  ['IngresosOperacionales', 0.1],
  ['CostosIndirectos', 0.08],
  ['CultivoProyecto', 0.04],
  ['InventarioPecuario', 0.04],
  ['IngresosActividad', 0.02],
  ['PlanAmortizacion', 0.02],
];

// Deterministic pseudo-random numbers so every run measures the same data.
let seed = 42;
const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;

export const WORDS = ['abono', 'urea', 'cal dolomita', 'semilla', 'plántulas', 'jornal', 'guadaña', 'fumigación', 'fungicida', 'herbicida', 'insecticida', 'transporte', 'empaque', 'cosecha', 'siembra', 'poda', 'riego', 'análisis de suelo', 'rocería', 'trazado', 'ahoyado', 'tutorado', 'fertilización', 'control de malezas', 'beneficio', 'secado', 'alambre', 'postes', 'manguera', 'bomba'];
export const QUALIFIERS = ['orgánico', 'químico', 'manual', 'mecánico', 'edáfico', 'foliar', 'granulado', 'líquido', 'de mantenimiento', 'de establecimiento'];
export const PLACES = Array.from({ length: 40 }, (_, i) => `lote ${i + 1}`);
const UNITS = ['Jornal', 'Bulto', 'Kg', 'Litro', 'Unidad', 'Global', 'Ha'];

function valueFor(type: string, key: string, i: number): string | number | null {
  switch (type) {
    case 'money':
      return Math.round(rand() * 5_000_000);
    case 'int':
      return 1 + Math.floor(rand() * 200);
    case 'decimal':
    case 'hectares':
    case 'percent':
      return Math.round(rand() * 10_000) / 100;
    case 'date':
      return `2025-${String(1 + Math.floor(rand() * 12)).padStart(2, '0')}-${String(1 + Math.floor(rand() * 28)).padStart(2, '0')}`;
    default:
      if (key.includes('unidad')) return pick(UNITS);
      return i % 7 === 0 ? `${i}. ${pick(WORDS).toUpperCase()}` : `${pick(WORDS)} ${pick(QUALIFIERS)} ${pick(PLACES)}`;
  }
}

function rowsFor(table: CatalogTable, n: number): StoredRowInput[] {
  return Array.from({ length: n }, (_, i) => {
    const values: TableRow = {};
    for (const c of table.columns) values[c.key] = valueFor(c.type, c.key, i);
    return { values };
  });
}

export async function fillBenchDatabase(o: FillOptions): Promise<{ nosolicitud: string }> {
  const { docs, rowsPerDoc } = o;
  const database = await openDatabase({ dataDir: o.dataDir, databaseUrl: o.databaseUrl });
  const { db, dialect } = database;
  const existing = await db.selectFrom('documents').select('nosolicitud').where('id', '=', Math.floor(docs / 2)).executeTakeFirst();
  if (existing) {
    // BENCH_DATA_DIR (or a kept DATABASE_URL) already filled by an earlier run: measure it as it is.
    console.log(`reusing the filled database (${dialect})`);
    await database.close();
    return { nosolicitud: existing.nosolicitud };
  }
  const users = usersRepo(db);
  const admin = await users.create({ ...o.admin, role: 'admin' });
  const rows = rowsRepo(db, dialect);
  const started = performance.now();
  const batch = 200;
  let sample = '';
  for (let start = 0; start < docs; start += batch) {
    await db.transaction().execute(async (trx) => {
      const now = new Date().toISOString();
      const inserted = await trx
        .insertInto('documents')
        .values(
          Array.from({ length: Math.min(batch, docs - start) }, (_, k) => {
            const n = start + k;
            const name = `solicitud-${n}.pdf`;
            return {
              owner_id: admin.id, filename: name, original_filename: name, search_name: normalizeSearch(name), storage_key: `bench-${n}`,
              sha256: `bench-${n}`, size: 100_000, nosolicitud: String(1_000_000_000 + Math.floor(rand() * 8_999_999_999)), status: 'processed',
              progress: 100, upload_date: now, pages: 3, header_json: '{}', quality_json: '{}', by_table_json: '{}', attempts: 1, available_at: now,
            };
          }),
        )
        .returning(['id', 'nosolicitud'])
        .execute();
      const items = inserted.flatMap((doc) => {
        if (doc.id === Math.floor(docs / 2)) sample = doc.nosolicitud;
        return MIX.map(([name, share]) => {
          const table = findTable(name)!;
          return { documentId: doc.id, nosolicitud: doc.nosolicitud, table, rows: rowsFor(table, Math.round(rowsPerDoc * share)) };
        });
      });
      await rows.insertRows(trx, items);
    });
    if (dialect === 'postgres' && start === 0) {
      // Building the GIN indexes once over the million rows at the end is several times faster than
      // keeping them up to date insert by insert (fastupdate = off, decision 032); this repository
      // already remembers them as created, so the fill does not make them again.
      for (const [name] of MIX) {
        await sql`DROP INDEX IF EXISTS ${sql.id(pgIndexOf(name))}`.execute(db);
        await sql`DROP INDEX IF EXISTS ${sql.id(pgPairsIndexOf(name))}`.execute(db);
      }
    }
    if ((start / batch) % 10 === 0) process.stderr.write(`\rfilled ${start + batch} / ${docs} documents`);
  }
  if (dialect === 'postgres') {
    const indexing = performance.now();
    await db.connection().execute(async (conn) => {
      await sql`SET maintenance_work_mem = '256MB'`.execute(conn);
      for (const [name] of MIX) await ensureTableSearch(conn, dialect, name);
    });
    console.log(`\nsearch indexes built in ${((performance.now() - indexing) / 1000).toFixed(1)} s`);
    await sql`ANALYZE`.execute(db);
  }
  const total = [...(await rows.counts()).values()].reduce((a, b) => a + b, 0);
  console.log(`\nfilled ${docs} documents, ${total} rows in ${((performance.now() - started) / 1000).toFixed(1)} s (${dialect})`);
  await database.close();
  return { nosolicitud: sample };
}
