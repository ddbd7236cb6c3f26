/**
 * npm run bench:scale — issue 13: the cluster on PostgreSQL alone. In a throwaway PostgreSQL
 * (scripts/with-postgres.sh), two API nodes (ROLE=api) and 1, 2, then 3 workers (ROLE=worker, one
 * extraction each), each count on a fresh database: BENCH_UPLOADS (300) real born-digital PDFs
 * (domain-dev grid-*, stream-*; each made byte-distinct) uploaded by a client that knows both nodes
 * and alternates between them. Prints documents per minute per worker count, the API's p50/p99
 * during the load (uploads, and the documents list the web app refreshes), lost and duplicated
 * documents, and where a job's time goes (engine CPU, the engine's wall, the rest: queue, database).
 * Options (env): BENCH_UPLOADS (300), BENCH_WORKERS ("1,2,3"), BENCH_CONCURRENCY (6).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { printMachineLoad, loadAverages } from './bench/machine-load.ts';
import { processedIn, startNode, type ClusterNode } from '../tests/integration/cluster-nodes.ts';
import { clientFor, freshDatabaseUrl, loginTo, tempDir, uploadForm } from '../tests/integration/helpers.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const DIR = path.resolve(ROOT, '../shared/corpus/domain-dev');
const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 300);
const COUNTS = (process.env.BENCH_WORKERS ?? '1,2,3').split(',').map(Number);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 6);
if (!process.env.DATABASE_URL) {
  console.error('bench:scale needs PostgreSQL: npm run bench:scale (it starts a throwaway one).');
  process.exit(2);
}

const SOURCES = fs
  .readdirSync(DIR)
  .filter((n) => /^(grid|stream)-\d+\.pdf$/.test(n))
  .sort()
  .map((n) => ({ name: n, bytes: fs.readFileSync(path.join(DIR, n)) }));
/** The i-th upload: a corpus file with a trailing comment, so no two are byte-identical (no dedupe). */
const nth = (i: number) => {
  const s = SOURCES[i % SOURCES.length]!;
  return { name: `${i}-${s.name}`, bytes: Buffer.concat([s.bytes, Buffer.from(`\n% bench-scale ${i}\n`)]) };
};
const pct = (xs: number[], p: number) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]! : NaN);
const ms = (x: number) => `${x.toFixed(0)} ms`;

interface RunFigures {
  workers: number;
  perMinute: number;
  uploadP50: number;
  uploadP99: number;
  listP50: number;
  listP99: number;
  lost: number;
  duplicated: number;
  engineCpuMs: number;
  engineWallMs: number;
  jobMs: number;
  load: number;
}

async function run(workers: number): Promise<RunFigures> {
  const url = (await freshDatabaseUrl())!;
  const nodes: ClusterNode[] = [];
  const start = async (role: 'api' | 'worker', env: Record<string, string>) => {
    const n = await startNode(role, tempDir(), { DATABASE_URL: url, ...env });
    nodes.push(n);
    return n;
  };
  const db = new pg.Client({ connectionString: url });
  try {
    const apis = await Promise.all([0, 1].map(() => start('api', { LOG_LEVEL: 'error', UPLOAD_RATE_PER_MINUTE: '100000' })));
    const ws = await Promise.all(Array.from({ length: workers }, () => start('worker', { LOG_LEVEL: 'info', WORKERS: '1' })));
    await db.connect();
    const clients = apis.map((n) => clientFor(n.url));
    const token = await loginTo(clients[0]!);

    // The web app's refresh on both nodes while the load runs (every 500 ms here, 30 s in the app).
    const listMs: number[] = [];
    let loading = true;
    const lister = (async () => {
      for (let k = 0; loading; k++) {
        const t = performance.now();
        await clients[k % 2]!('/api/documents?page_size=50', { token }).then((r) => r.arrayBuffer());
        listMs.push(performance.now() - t);
        await new Promise((r) => setTimeout(r, 500));
      }
    })();

    const began = performance.now();
    const uploadMs: number[] = [];
    const acknowledged = new Set<number>();
    let next = 0;
    let failed = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < UPLOADS) {
          const i = next++;
          const file = nth(i);
          const t = performance.now();
          const res = await clients[i % 2]!('/api/documents/upload', { method: 'POST', token, body: uploadForm([file]) });
          uploadMs.push(performance.now() - t);
          if (res.status !== 201) {
            failed++;
            continue;
          }
          for (const d of ((await res.json()) as { documents: { id: number }[] }).documents) acknowledged.add(d.id);
        }
      }),
    );
    // Until every acknowledged document has left the queue.
    for (;;) {
      const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM documents WHERE status IN ('pending', 'processing')`);
      if (rows[0]!.n === 0) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    const minutes = (performance.now() - began) / 60_000;
    const load = loadAverages()[0];
    loading = false;
    await lister;

    const { rows } = await db.query<{ id: number; status: string; started_at: string; finished_at: string }>('SELECT id, status, started_at, finished_at FROM documents');
    const processed = rows.filter((r) => r.status === 'processed');
    const lost = [...acknowledged].filter((id) => !processed.some((r) => r.id === id)).length + failed;
    // Stored more than once (two workers saving one job), or a row no upload acknowledged.
    const logs = ws.map((w) => w.output()).join('\n');
    const saves = processedIn(logs);
    const duplicated = saves.length - new Set(saves).size + rows.filter((r) => !acknowledged.has(r.id)).length;
    const entries = logs
      .split('\n')
      .filter((l) => l.includes('"document processed"'))
      .map((l) => JSON.parse(l) as { ms: number; cpuMs?: number });
    const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
    const jobMs = avg(processed.map((r) => Date.parse(r.finished_at) - Date.parse(r.started_at)));
    return {
      workers,
      perMinute: processed.length / minutes,
      uploadP50: pct(uploadMs, 50),
      uploadP99: pct(uploadMs, 99),
      listP50: pct(listMs, 50),
      listP99: pct(listMs, 99),
      lost,
      duplicated,
      engineCpuMs: avg(entries.map((e) => e.cpuMs ?? 0)),
      engineWallMs: avg(entries.map((e) => e.ms)),
      jobMs,
      load,
    };
  } finally {
    for (const n of nodes) n.child.kill('SIGTERM');
    await Promise.all(nodes.map((n) => n.exited));
    await db.end().catch(() => undefined);
  }
}

printMachineLoad();
console.log(
  `${os.availableParallelism()} cores; ${UPLOADS} uploads of ${SOURCES.length} born-digital PDFs (${DIR}), ${CONCURRENCY} at a time over two API nodes; workers: ${COUNTS.join(', ')} (one extraction each)`,
);
const results: RunFigures[] = [];
for (const n of COUNTS) {
  const r = await run(n);
  results.push(r);
  console.log(
    `${n} worker(s): ${r.perMinute.toFixed(1).padStart(6)} documents/min | uploads p50 ${ms(r.uploadP50)} p99 ${ms(r.uploadP99)} | list p50 ${ms(r.listP50)} p99 ${ms(r.listP99)} | ` +
      `lost ${r.lost}, duplicated ${r.duplicated} | per job: engine CPU ${ms(r.engineCpuMs)}, engine wall ${ms(r.engineWallMs)}, claim to stored ${ms(r.jobMs)} | load ${r.load.toFixed(2)}`,
  );
}
const base = results[0]!;
console.log(`scaling vs ${base.workers} worker(s): ${results.map((r) => `${r.workers}: x${(r.perMinute / base.perMinute).toFixed(2)}`).join(', ')}`);
console.log(
  `Where the time goes: a job is the engine's child (its CPU above: start-up + extraction), the rest of "claim to stored" is the queue and the database ` +
    `(claim, copying the PDF out of PostgreSQL, storing rows). Uploads are HTTP + the content check (a child process per file on the API node) + one insert with the PDF.`,
);
console.log(
  `On this ${os.availableParallelism()}-core machine the scaling is bounded by the cores: API nodes, workers, their engine children and PostgreSQL share them, ` +
    `so on an idle machine workers past ${os.availableParallelism()} add no throughput. On a shared machine (load above the core count) more processes only take a larger ` +
    `share of the CPU from the other load: read the ratios beside the load. For bigger machines read the engine CPU per job: with one worker per core, ` +
    `about 60000 / (engine CPU ms) documents per minute per core.`,
);
printMachineLoad('after the run');
