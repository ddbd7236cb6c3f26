/**
 * npm run bench:api — fills a fresh database with 1,000,000 table rows from 20,000 documents,
 * starts the real server as its own process, and measures three GET /api/tables/CostosDirectos
 * pages with autocannon: unfiltered, `search` (the same term each time, then a new term each request)
 * and `nosolicitud`. Beside them, in the same run and
 * with the same settings, a bare Fastify route (scripts/bench/bare-server.ts) that returns the
 * unfiltered page's own JSON, measured again right before each page: each page prints req/s,
 * p50/p99 and its ratio to that baseline, which holds from machine to machine where absolute
 * figures do not (issue 14).
 * SQLite by default; on PostgreSQL: scripts/with-postgres.sh npm run bench:api.
 * Options (env): BENCH_DOCS (20000), BENCH_ROWS_PER_DOC (50), BENCH_SECONDS (10), BENCH_CONNECTIONS (10),
 * BENCH_DATA_DIR (a folder kept between runs: filled once, then reused; PostgreSQL: a kept
 * DATABASE_URL is reused the same way).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fillBenchDatabase, PLACES, QUALIFIERS, WORDS } from './bench/api-fill.ts';
import { loadAverages, printMachineLoad } from './bench/machine-load.ts';

interface Histogram { average: number; p50: number; p99: number; mean: number }
interface AutocannonResult { requests: Histogram; latency: Histogram; non2xx: number; errors: number; timeouts: number }
interface AutocannonRequest { method?: string; path?: string; headers?: Record<string, string> }
type Autocannon = (opts: {
  url: string;
  connections: number;
  duration: number;
  headers: Record<string, string>;
  requests?: { setupRequest: (request: AutocannonRequest) => AutocannonRequest }[];
}) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const DOCS = Number(process.env.BENCH_DOCS ?? 20_000);
const ROWS_PER_DOC = Number(process.env.BENCH_ROWS_PER_DOC ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ADMIN = { email: 'bench@example.com', password: 'bench-pass-123' };
const ROOT = path.resolve(import.meta.dirname, '..');

interface Child { url: string; stop(): void }

/** Starts a server process and resolves with the address it prints. */
async function startProcess(args: string[], env: Record<string, string>): Promise<Child> {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
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
    child.once('exit', (code) => reject(new Error(`${args[0]} exited with ${code}: ${out}`)));
  });
  return { url, stop: () => child.kill('SIGTERM') };
}

/** `paths`: a new path for each request (the cases that must not repeat themselves); none: `url`'s path every time. */
async function measure(url: string, headers: Record<string, string>, paths?: () => string): Promise<AutocannonResult> {
  const requests = paths ? [{ setupRequest: (request: AutocannonRequest) => ({ ...request, path: paths() }) }] : undefined;
  await autocannon({ url, connections: CONNECTIONS, duration: 2, headers, ...(requests ? { requests } : {}) }); // warm-up
  return autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers, ...(requests ? { requests } : {}) });
}

/**
 * Searches of the same shape as the repeated one (`fungicida foliar lote 17`: a word, a qualifier,
 * a place; 12 000 of them, none asked twice in a run): what a search costs when no kept answer
 * serves it (decision 032 keeps a filter's rows for 2 s).
 */
function newSearchEachTime(): () => string {
  const terms = WORDS.flatMap((w) => QUALIFIERS.flatMap((q) => PLACES.map((p) => `${w} ${q} ${p}`)));
  // A fixed shuffle, so the order is not one word's terms after another.
  let state = 7;
  for (let i = terms.length - 1; i > 0; i--) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    const j = state % (i + 1);
    [terms[i], terms[j]] = [terms[j]!, terms[i]!];
  }
  let next = 0;
  return () => `/api/tables/CostosDirectos?page=1&page_size=10&search=${encodeURIComponent(terms[next++ % terms.length]!)}`;
}

printMachineLoad();
const keptDir = process.env.BENCH_DATA_DIR;
const dataDir = keptDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'bench-api-'));
const databaseUrl = process.env.DATABASE_URL || undefined;
const { nosolicitud } = await fillBenchDatabase({ dataDir, databaseUrl, docs: DOCS, rowsPerDoc: ROWS_PER_DOC, admin: ADMIN });
const children: Child[] = [];
try {
  const server = await startProcess(['src/server/main.ts'], { DATA_DIR: dataDir, WORKERS: '1', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
  children.push(server);
  const login = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const headers = { authorization: `Bearer ${token}` };
  const part = nosolicitud.slice(2, 8);
  const cases: [string, string, (() => string)?][] = [
    ['unfiltered', '/api/tables/CostosDirectos?page=1&page_size=10'],
    ['search', `/api/tables/CostosDirectos?page=1&page_size=10&search=${encodeURIComponent('fungicida foliar lote 17')}`],
    ['search, new', `/api/tables/CostosDirectos?page=1&page_size=10&search=${encodeURIComponent('abono foliar lote 3')}`, newSearchEachTime()],
    ['nosolicitud', `/api/tables/CostosDirectos?page=1&page_size=10&nosolicitud=${part}`],
  ];
  // The baseline answers exactly what the unfiltered page answers.
  const bodyFile = path.join(dataDir, 'bare-body-tmp.json');
  fs.writeFileSync(bodyFile, await (await fetch(`${server.url}${cases[0]![1]}`, { headers })).text());
  const bare = await startProcess(['scripts/bench/bare-server.ts', bodyFile], {});
  children.push(bare);

  console.log(`\n${databaseUrl ? 'PostgreSQL' : 'SQLite'} — ${CONNECTIONS} connections, ${SECONDS} s each, client and servers on this machine (${os.cpus().length} cores)`);
  const line = (name: string, r: AutocannonResult, extra: string) =>
    console.log(
      `${name.padEnd(12)} ${r.requests.average.toFixed(0).padStart(6)} req/s  p50 ${String(r.latency.p50).padStart(4)} ms  p99 ${String(r.latency.p99).padStart(4)} ms  ${extra}`,
    );
  for (const [name, pathname, paths] of cases) {
    // The baseline is measured right before each page: on a shared machine the load moves between them.
    const base = await measure(`${bare.url}/bare`, {});
    line('  bare route', base, `(baseline, ${fs.statSync(bodyFile).size} bytes of JSON)`);
    const probe = (await (await fetch(`${server.url}${pathname}`, { headers })).json()) as { pagination: { total_items: number } };
    const r = await measure(`${server.url}${pathname}`, headers, paths);
    const ratio = r.requests.average / base.requests.average;
    const matching = paths ? `a new term each request, e.g. ${probe.pagination.total_items} matching rows` : `${probe.pagination.total_items} matching rows`;
    line(name, r, `${ratio.toFixed(2)} × bare  (${matching}; non-2xx ${r.non2xx}, errors ${r.errors}; load ${loadAverages()[0].toFixed(1)})`);
  }
  printMachineLoad('after the run');
} finally {
  for (const child of children) child.stop();
  if (!keptDir && !process.env.BENCH_KEEP) fs.rmSync(dataDir, { recursive: true, force: true });
}
