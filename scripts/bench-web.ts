/**
 * `npm run bench:web`: what a first visit costs and how fast the app feels on a phone.
 *  1. Builds the web app into its own folder and starts the REAL server on it (fresh DATA_DIR).
 *  2. Opens /login in a fresh Chromium profile and sums the gzip size of the JS and CSS the page
 *     downloads (goal ≤ 150 KB). Also prints the whole app's JS+CSS, which the service worker
 *     precaches after the first load.
 *     Then the review screen's lazy chunks (review-*.js, pdf-renderer-*.js, pdf.worker*.mjs), raw
 *     and gzip, which are NOT part of the first visit (scripts/bench/review-chunks.ts).
 *  3. Lighthouse (mobile, simulated throttling) performance for /login and, signed in,
 *     /dashboard/data (goal ≥ 90): each a cold load, BENCH_RUNS times (default 3), median printed.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { reviewChunksReport, reviewChunkSizes } from './bench/review-chunks.ts';

const CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const root = path.resolve(import.meta.dirname, '..');
const distDir = path.join(root, '.tmp/bench-web-dist');
const dataDir = mkdtempSync(path.join(tmpdir(), 'sep-bench-web-'));
const admin = { email: 'bench@example.com', password: 'Bench-web-2025!' };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => resolve(typeof addr === 'object' && addr ? addr.port : 0));
    });
  });
}

const ROUTES = ['/login', '/dashboard/data?table=CostosDirectos'];

interface Sample {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  bytes: number;
}

/** Per-metric median: one slow run on a shared machine should not decide the figure. */
function median(list: Sample[]): Sample {
  const mid = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)]!;
  };
  return {
    score: mid(list.map((x) => x.score)),
    fcp: mid(list.map((x) => x.fcp)),
    lcp: mid(list.map((x) => x.lcp)),
    tbt: mid(list.map((x) => x.tbt)),
    bytes: mid(list.map((x) => x.bytes)),
  };
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`server did not answer ${url} within ${timeoutMs} ms`);
}

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? listFiles(full) : [full];
  });
}

async function main(): Promise<void> {
  console.log('Building the web app…');
  const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--outDir', distDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('vite build failed');

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DIST_DIR: distDir, ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, WORKERS: '1' },
    stdio: 'ignore',
  });
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    await waitFor(`${base}/login`, 60_000);

    // 1. Bytes of a first visit to /login, as the page requests them.
    const browser = await chromium.launch({ executablePath: CHROME, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    const assets: { url: string; raw: number; gzip: number }[] = [];
    page.on('response', async (response) => {
      const type = response.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      const body = await response.body().catch(() => Buffer.alloc(0));
      assets.push({ url: new URL(response.url()).pathname, raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
    });
    await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Iniciar Sesión' }).waitFor();
    await browser.close();
    const firstGzip = assets.reduce((s, a) => s + a.gzip, 0);
    const firstRaw = assets.reduce((s, a) => s + a.raw, 0);

    const allAssets = listFiles(path.join(distDir, 'assets')).filter((f) => /\.(js|css)$/.test(f));
    const allGzip = allAssets.reduce((s, f) => s + gzipSync(readFileSync(f), { level: 9 }).length, 0);
    const reviewChunks = reviewChunkSizes(distDir);

    // 2. Lighthouse, mobile preset (the default), on Debian's Chromium.
    const token = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(admin),
    }).then(async (r) => ((await r.json()) as { access_token: string }).access_token);

    chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-dev-shm-usage'] });
    const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
    const samples: Record<string, Sample[]> = {};

    /** Cold start for every run: no HTTP cache, no service worker; the token set or removed. */
    async function prepare(port: number, signedIn: boolean): Promise<void> {
      const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
      const ctx = cdp.contexts()[0]!;
      const p = await ctx.newPage();
      // An API address of the same origin: storage is reachable, and no app (nor service worker) loads.
      await p.goto(`${base}/api/users/me`);
      await p.evaluate((t) => (t ? localStorage.setItem('authToken', t) : localStorage.clear()), signedIn ? token : '');
      const session = await ctx.newCDPSession(p);
      await session.send('Network.clearBrowserCache');
      await session.send('Storage.clearDataForOrigin', { origin: base, storageTypes: 'service_workers,cache_storage' });
      await p.close();
      await cdp.close();
    }

    for (let run = 0; run < runs; run++) {
      for (const route of ROUTES) {
        const signedIn = route.startsWith('/dashboard');
        await prepare(chrome.port, signedIn);
        // Storage is kept (disableStorageReset) so the signed-in run stays signed in.
        const result = await lighthouse(`${base}${route}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
          disableStorageReset: true,
        });
        if (!result) throw new Error(`lighthouse gave no result for ${route}`);
        const { lhr } = result;
        const expected = route.split('?')[0]!;
        if (!lhr.finalDisplayedUrl.includes(expected)) throw new Error(`run for ${route} ended at ${lhr.finalDisplayedUrl}`);
        (samples[route] ??= []).push({
          score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          fcp: lhr.audits['first-contentful-paint']?.numericValue ?? NaN,
          lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
          tbt: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
          bytes: lhr.audits['total-byte-weight']?.numericValue ?? NaN,
        });
      }
    }

    console.log('\n== First visit to /login (service worker not yet installed) ==');
    for (const a of assets) console.log(`  ${a.url.padEnd(48)} ${kb(a.raw).padStart(10)} raw  ${kb(a.gzip).padStart(9)} gzip`);
    console.log(`  JS+CSS downloaded: ${kb(firstRaw)} raw, ${kb(firstGzip)} gzip (goal ≤ 150 KB) ${firstGzip <= 150 * 1024 ? 'OK' : 'OVER'}`);
    console.log(`  Whole app JS+CSS (what the service worker precaches afterwards): ${kb(allGzip)} gzip in ${allAssets.length} files`);
    console.log(`\n${reviewChunksReport(reviewChunks, firstGzip).join('\n')}`);
    console.log(`\n== Lighthouse mobile performance (simulated slow 4G, 4x CPU), median of ${runs} cold runs ==`);
    for (const [route, list] of Object.entries(samples)) {
      const m = median(list);
      const all = list.map((x) => x.score).join(', ');
      console.log(
        `  ${route.padEnd(40)} score ${String(m.score).padStart(3)} (goal ≥ 90) ${m.score >= 90 ? 'OK' : 'UNDER'} [runs: ${all}]  FCP ${(m.fcp / 1000).toFixed(2)} s  LCP ${(m.lcp / 1000).toFixed(2)} s  TBT ${Math.round(m.tbt)} ms  transferred ${kb(m.bytes)}`,
      );
    }
  } finally {
    if (chrome) chrome.kill();
    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
