/**
 * npm run bench:api — fills a fresh database with 1,000,000 table rows from 20,000 documents,
 * starts the real server as its own process, and measures three GET /api/tables/CostosDirectos
 * pages with autocannon: unfiltered, `search` and `nosolicitud`. Prints req/s and p50/p99.
 * SQLite by default; on PostgreSQL: scripts/with-postgres.sh npm run bench:api.
 * Options (env): BENCH_DOCS (20000), BENCH_ROWS_PER_DOC (50), BENCH_SECONDS (10), BENCH_CONNECTIONS (10).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/server/db/index.ts';
import { rowsRepo, type StoredRowInput } from '../src/server/repos/rows.ts';
import { usersRepo } from '../src/server/repos/users.ts';
import { findTable, type CatalogTable, type TableRow } from '../src/shared/catalog/index.ts';
import { normalizeSearch } from '../src/server/search-text.ts';

interface Histogram { average: number; p50: number; p99: number; mean: number }
interface AutocannonResult { requests: Histogram; latency: Histogram; non2xx: number; errors: number; timeouts: number }
type Autocannon = (opts: { url: string; connections: number; duration: number; headers: Record<string, string> }) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const DOCS = Number(process.env.BENCH_DOCS ?? 20_000);
const ROWS_PER_DOC = Number(process.env.BENCH_ROWS_PER_DOC ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ADMIN = { email: 'bench@example.com', password: 'bench-pass-123' };
const ROOT = path.resolve(import.meta.dirname, '..');

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

const WORDS = ['abono', 'urea', 'cal dolomita', 'semilla', 'plántulas', 'jornal', 'guadaña', 'fumigación', 'fungicida', 'herbicida', 'insecticida', 'transporte', 'empaque', 'cosecha', 'siembra', 'poda', 'riego', 'análisis de suelo', 'rocería', 'trazado', 'ahoyado', 'tutorado', 'fertilización', 'control de malezas', 'beneficio', 'secado', 'alambre', 'postes', 'manguera', 'bomba'];
const QUALIFIERS = ['orgánico', 'químico', 'manual', 'mecánico', 'edáfico', 'foliar', 'granulado', 'líquido', 'de mantenimiento', 'de establecimiento'];
const PLACES = Array.from({ length: 40 }, (_, i) => `lote ${i + 1}`);
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

async function fill(dataDir: string, databaseUrl: string | undefined): Promise<{ nosolicitud: string }> {
  const database = await openDatabase({ dataDir, databaseUrl });
  const { db, dialect } = database;
  const users = usersRepo(db);
  const admin = await users.create({ ...ADMIN, role: 'admin' });
  const rows = rowsRepo(db, dialect);
  const started = performance.now();
  const batch = 200;
  let sample = '';
  for (let start = 0; start < DOCS; start += batch) {
    await db.transaction().execute(async (trx) => {
      const now = new Date().toISOString();
      const docs = await trx
        .insertInto('documents')
        .values(
          Array.from({ length: Math.min(batch, DOCS - start) }, (_, k) => {
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
      const items = docs.flatMap((doc) => {
        if (doc.id === Math.floor(DOCS / 2)) sample = doc.nosolicitud;
        return MIX.map(([name, share]) => {
          const table = findTable(name)!;
          return { documentId: doc.id, nosolicitud: doc.nosolicitud, table, rows: rowsFor(table, Math.round(ROWS_PER_DOC * share)) };
        });
      });
      await rows.insertRows(trx, items);
    });
    if ((start / batch) % 10 === 0) process.stderr.write(`\rfilled ${start + batch} / ${DOCS} documents`);
  }
  if (dialect === 'postgres') await (await import('kysely')).sql`ANALYZE`.execute(db);
  const total = [...(await rows.counts()).values()].reduce((a, b) => a + b, 0);
  console.log(`\nfilled ${DOCS} documents, ${total} rows in ${((performance.now() - started) / 1000).toFixed(1)} s (${dialect})`);
  await database.close();
  return { nosolicitud: sample };
}

async function startServer(env: Record<string, string>): Promise<{ url: string; stop(): void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'src/server/main.ts')], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /Servidor escuchando en (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
  return { url, stop: () => child.kill('SIGTERM') };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-api-'));
const databaseUrl = process.env.DATABASE_URL || undefined;
const { nosolicitud } = await fill(dataDir, databaseUrl);
const server = await startServer({ DATA_DIR: dataDir, WORKERS: '1', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
try {
  const login = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const headers = { authorization: `Bearer ${token}` };
  const part = nosolicitud.slice(2, 8);
  const cases: [string, string][] = [
    ['unfiltered', '/api/tables/CostosDirectos?page=1&page_size=10'],
    ['search', `/api/tables/CostosDirectos?page=1&page_size=10&search=${encodeURIComponent('fungicida foliar lote 17')}`],
    ['nosolicitud', `/api/tables/CostosDirectos?page=1&page_size=10&nosolicitud=${part}`],
  ];
  console.log(`\n${databaseUrl ? 'PostgreSQL' : 'SQLite'} — ${CONNECTIONS} connections, ${SECONDS} s each`);
  for (const [name, pathname] of cases) {
    const probe = (await (await fetch(`${server.url}${pathname}`, { headers })).json()) as { pagination: { total_items: number } };
    await autocannon({ url: `${server.url}${pathname}`, connections: CONNECTIONS, duration: 2, headers }); // warm-up
    const r = await autocannon({ url: `${server.url}${pathname}`, connections: CONNECTIONS, duration: SECONDS, headers });
    console.log(
      `${name.padEnd(12)} ${r.requests.average.toFixed(0).padStart(6)} req/s  p50 ${String(r.latency.p50).padStart(4)} ms  p99 ${String(r.latency.p99).padStart(4)} ms  ` +
        `(${probe.pagination.total_items} matching rows; non-2xx ${r.non2xx}, errors ${r.errors})`,
    );
  }
} finally {
  server.stop();
  if (!process.env.BENCH_KEEP) fs.rmSync(dataDir, { recursive: true, force: true });
}
