/**
 * bench:web's Lighthouse runs: cold loads (no HTTP cache, no service worker) of a route, signed in
 * or not, on a phone or on a 10-inch tablet, median of several runs.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import lighthouse, { type Flags } from 'lighthouse';
import { chromium } from 'playwright-core';
import { loadAverages } from './machine-load.ts';

export interface Sample {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  bytes: number;
  /** The machine's 1-minute load average when the run started: Lighthouse's simulated figures scale with it. */
  load: number;
}

/** A route to score: the phone profile is Lighthouse's mobile default. */
export interface Target {
  route: string;
  /** Where the run must end (a guard redirecting to /login would score the wrong page). */
  expect: string;
  signedIn: boolean;
  profile: 'phone' | 'tablet';
}

/**
 * The tablet profile (issue 12's review screen): Lighthouse's mobile form factor and its default
 * mobile throttling (simulated slow 4G, 4× CPU), with a 10-inch tablet's screen in portrait,
 * 800×1280 CSS pixels at 2× (a Galaxy Tab A 10-inch class device).
 */
const TABLET: Flags = { formFactor: 'mobile', screenEmulation: { mobile: true, width: 800, height: 1280, deviceScaleFactor: 2, disabled: false } };

/** Per-metric median: one slow run on a shared machine should not decide the figure. */
export function median(list: Sample[]): Sample {
  const mid = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  return {
    score: mid(list.map((x) => x.score)),
    fcp: mid(list.map((x) => x.fcp)),
    lcp: mid(list.map((x) => x.lcp)),
    tbt: mid(list.map((x) => x.tbt)),
    cls: mid(list.map((x) => x.cls)),
    bytes: mid(list.map((x) => x.bytes)),
    load: mid(list.map((x) => x.load)),
  };
}

/** Cold start for every run: no HTTP cache, no service worker; the token set or removed. */
async function prepare(chromePort: number, base: string, token: string | undefined): Promise<void> {
  const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chromePort}`, { timeout: 30_000 });
  try {
    const ctx = cdp.contexts()[0]!;
    const p = await ctx.newPage();
    // Cleared before the origin is visited: a service worker the previous run's page installed
    // would otherwise answer the navigation below (it once failed it, stopping the bench).
    const session = await ctx.newCDPSession(p);
    await session.send('Network.clearBrowserCache');
    await session.send('Storage.clearDataForOrigin', { origin: base, storageTypes: 'service_workers,cache_storage' });
    // An API address of the same origin: storage is reachable, and no app (nor service worker) loads.
    await p.goto(`${base}/api/users/me`, { waitUntil: 'commit', timeout: 30_000 });
    await p.evaluate((t) => (t ? localStorage.setItem('authToken', t) : localStorage.clear()), token ?? '');
    await p.close();
  } finally {
    await cdp.close();
  }
}

/**
 * One cold Lighthouse performance run of a target. A run Lighthouse itself reports as broken
 * (e.g. NO_NAVSTART, a trace it failed to record on a busy machine) is run again, twice at most.
 */
export async function lighthouseRun(chromePort: number, base: string, token: string, target: Target): Promise<Sample> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseOnce(chromePort, base, token, target);
    } catch (err) {
      if (!(err instanceof LighthouseRuntimeError) || attempt >= 3) throw err;
      console.warn(`${err.message}: running it again`);
    }
  }
}

class LighthouseRuntimeError extends Error {}

async function lighthouseOnce(chromePort: number, base: string, token: string, target: Target): Promise<Sample> {
  await prepare(chromePort, base, target.signedIn ? token : undefined);
  const [load] = loadAverages();
  // Storage is kept (disableStorageReset) so the signed-in run stays signed in.
  const result = await lighthouse(`${base}${target.route}`, {
    port: chromePort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    disableStorageReset: true,
    maxWaitForLoad: 45_000,
    ...(target.profile === 'tablet' ? TABLET : {}),
  });
  if (!result) throw new Error(`lighthouse gave no result for ${target.route}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new LighthouseRuntimeError(`lighthouse on ${target.route}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  if (!lhr.finalDisplayedUrl.includes(target.expect)) throw new Error(`run for ${target.route} ended at ${lhr.finalDisplayedUrl}`);
  // BENCH_LHR_DIR keeps each run's report, to see where the time goes (main-thread work, long tasks).
  const keep = process.env.BENCH_LHR_DIR;
  if (keep) {
    mkdirSync(keep, { recursive: true });
    const name = `${target.profile}-${target.route.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}-${Date.now()}.json`;
    writeFileSync(path.join(keep, name), JSON.stringify(lhr));
  }
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcp: lhr.audits['first-contentful-paint']?.numericValue ?? NaN,
    lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
    tbt: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
    bytes: lhr.audits['total-byte-weight']?.numericValue ?? NaN,
    load,
  };
}
