/**
 * `npm run bench:field [-- --size-mb 1 --drop-every-s 20 …]` (issue 11): one PDF sent by the app's
 * outbox over a field link — the real server behind a throttling proxy on loopback (25 KB/s up,
 * 300 ms each way, every connection reset every 60 s) and Chromium, service worker on, reaching
 * the app only through that proxy. Prints the time to delivery, bytes up the link ÷ file size
 * (goal ≤ 1.3), documents stored (exactly 1), and how long 'Sin conexión' was on screen while the
 * link was up (goal 0). Exit code 1 when the file was not delivered or stored more than once.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { launchTablet, login, outboxCount, waitForServiceWorker } from '../tests/e2e/offline/browser.ts';
import { Api, buildWeb, freePort, ROOT, startServer, tempDir } from '../tests/e2e/offline/harness.ts';
import { parseFieldOptions } from './bench/field-options.ts';
import { makeFieldPdf } from './bench/field-pdf.ts';
import { networkNote, runInPrivateNetwork } from './bench/private-network.ts';
import { ShownTally } from './bench/shown-tally.ts';
import { ThrottleProxy } from './bench/throttle-proxy.ts';
import { printMachineLoad } from './bench/machine-load.ts';

printMachineLoad();
const opts = parseFieldOptions(process.argv.slice(2));
const SAMPLE_MS = 250;
const POLL_MS = 1_000;
const REPORT_MS = 10_000;
const OFFLINE = 'Sin conexión';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** What the screen says: the connection banner and the queued file's row. */
function readScreen(page: Page): Promise<{ banner: string; row: string }> {
  // No named functions inside: tsx would wrap them in a helper the page does not have.
  return page.evaluate(() => {
    const [banner, state, reason] = ['[data-testid="connection-banner"]', '.outbox-item .outbox-state', '.outbox-item .outbox-reason'].map(
      (selector) => document.querySelector(selector)?.textContent?.trim() ?? '',
    );
    const progress = document.querySelector<HTMLProgressElement>('.outbox-item progress');
    return { banner: banner!, row: `${state}${progress ? ` ${Math.round(progress.value)} %` : ''} ${reason}`.trim() };
  });
}

async function main(): Promise<void> {
  const work = tempDir('sep-bench-field-');
  const distDir = path.join(ROOT, '.tmp', 'bench-field-dist');
  if (!opts.reuseBuild) fs.rmSync(distDir, { recursive: true, force: true }); // measure the current sources
  console.log('Building the web app…');
  const dist = buildWeb(distDir);
  const server = await startServer({ port: await freePort(), dataDir: path.join(work, 'data'), distDir: dist });
  const proxy = new ThrottleProxy({
    target: { host: '127.0.0.1', port: server.port },
    upBytesPerSecond: opts.upBytesPerSecond,
    downBytesPerSecond: opts.downBytesPerSecond,
    latencyMs: opts.latencyMs,
  });
  await proxy.listen();
  const context = await launchTablet(path.join(work, 'profile'));
  try {
    const name = `campo-${Date.now()}.pdf`;
    const file = path.join(work, name);
    fs.writeFileSync(file, await makeFieldPdf(opts.sizeBytes, name));
    const size = fs.statSync(file).size;

    // Signed in and installed through the link, as an agent's tablet would be; then the drops start.
    const page = await context.newPage();
    await login(page, proxy.url);
    await waitForServiceWorker(page);
    await page.getByTestId('file-input').setInputFiles(file);
    const upBefore = proxy.stats().upBytes;
    const started = Date.now();
    proxy.startDrops(opts.dropEveryMs, (open) => console.log(`  [${seconds(Date.now() - started).padStart(7)}] drop: ${open} connections reset`));
    await page.getByRole('button', { name: 'Procesar Archivos' }).click();
    await page.getByText('0/3 archivos seleccionados').waitFor({ timeout: 60_000 });
    console.log(`Queued ${name} (${mb(size)}) at ${proxy.url}: up ${opts.upBytesPerSecond / 1024} KB/s, ${opts.latencyMs} ms each way, drop every ${seconds(opts.dropEveryMs)}`);

    const api = new Api(() => server.url);
    const token = await api.login();
    const banner = new ShownTally(opts.graceMs, proxy.dropTimes);
    const slow = new ShownTally(0, []);
    const rowOffline = new ShownTally(opts.graceMs, proxy.dropTimes);
    let deliveredAt: number | undefined;
    let processedAt: number | undefined;
    let emptiedAt: number | undefined;
    let stored = 0;
    let screen = { banner: '', row: '' };
    let done = false;
    let readError = '';

    const poll = (async () => {
      while (!done) {
        const mine = (await api.documents(token).catch(() => null))?.filter((d) => d.original_filename === name);
        if (mine) stored = mine.length;
        if (mine?.length) deliveredAt ??= Date.now();
        if (mine?.some((d) => d.status === 'processed' || d.status === 'error')) processedAt ??= Date.now();
        if (processedAt !== undefined && (await outboxCount(page).catch(() => -1)) === 0) emptiedAt ??= Date.now();
        await sleep(POLL_MS);
      }
    })();

    let reportAt = started + REPORT_MS;
    while (emptiedAt === undefined && Date.now() - started < opts.maxMs) {
      screen = await readScreen(page).catch((error: unknown) => {
        const message = (error as Error).message.split('\n')[0]!;
        if (message !== readError) console.error(`reading the screen: ${message}`);
        readError = message;
        return screen;
      });
      const now = Date.now();
      banner.sample(now, screen.banner.includes(OFFLINE));
      slow.sample(now, screen.banner.includes('Conexión lenta'));
      rowOffline.sample(now, screen.row.includes(OFFLINE));
      if (now >= reportAt) {
        reportAt += REPORT_MS;
        const up = proxy.stats().upBytes - upBefore;
        console.log(`  [${seconds(now - started).padStart(7)}] up ${mb(up)}, drops ${proxy.stats().drops}, row '${screen.row}', banner '${screen.banner.slice(0, 60)}'`);
      }
      await sleep(SAMPLE_MS);
    }
    done = true;
    await poll;
    proxy.startDrops(0);

    const up = proxy.stats().upBytes - upBefore;
    const ratio = up / size;
    const since = (at: number | undefined) => (at === undefined ? `not within ${seconds(opts.maxMs)}` : seconds(at - started));
    console.log(`\n== bench:field: ${mb(size)} PDF, ${opts.upBytesPerSecond / 1024} KB/s up, ${opts.latencyMs} ms latency, drop every ${seconds(opts.dropEveryMs)} ==`);
    console.log(
      deliveredAt === undefined
        ? `time to delivery:        not delivered within ${seconds(opts.maxMs)} (--max-minutes)`
        : `time to delivery:        ${since(deliveredAt)} from the click until stored on the server (processed ${since(processedAt)}; outbox empty ${since(emptiedAt)})`,
    );
    console.log(`bytes sent ÷ file size:  ${ratio.toFixed(2)} (${up.toLocaleString('en')} B up the link, every request from the click on, for ${size.toLocaleString('en')} B; goal ≤ 1.3) ${ratio <= 1.3 ? 'OK' : 'OVER'}`);
    console.log(`documents stored:        ${stored} (goal exactly 1) ${stored === 1 ? 'OK' : 'WRONG'}`);
    console.log(
      `'Sin conexión' banner:   ${seconds(banner.outsideGrace)} while the link was up (goal 0) ${banner.outsideGrace === 0 ? 'OK' : 'OVER'}; ${seconds(banner.total)} in all`,
    );
    console.log(`  rule: the link is up except at each drop's instant; the first ${seconds(opts.graceMs)} after a drop (--grace-s; 2 s of retry backoff + 4 × latency) are the app learning of it and not counted`);
    console.log(`  also shown: 'Conexión lenta' ${seconds(slow.total)}; the file's row said 'Sin conexión…' ${seconds(rowOffline.outsideGrace)} outside the grace (${seconds(rowOffline.total)} in all)`);
    console.log(`drops:                   ${proxy.stats().drops} (${proxy.stats().connections} connections opened through the link)`);
    console.log(`link:                    ${networkNote()}`);
    process.exitCode = deliveredAt !== undefined && stored === 1 ? 0 : 1;
  } finally {
    await context.close().catch(() => undefined);
    await proxy.close();
    await server.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

const status = runInPrivateNetwork();
if (status === null) await main();
else process.exitCode = status;
