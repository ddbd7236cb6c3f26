/**
 * `npm run bench:offline [-- --cycles 50 --seed 7]`: random cycles of offline / online / reload /
 * browser restart / cut connection / server kill against the real server and Chromium with the
 * service worker on, queueing unique PDFs through the upload screen. At the end, back online, it
 * waits for the outbox to drain and prints files queued, files stored, duplicates and losses
 * (goal: 0 duplicates, 0 losses).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { goOffline, goOnline, launchTablet, login, outboxCount, waitForServiceWorker } from '../tests/e2e/offline/browser.ts';
import { Api, buildWeb, freePort, ROOT, startServer, tempDir, type ServerHandle } from '../tests/e2e/offline/harness.ts';
import { printMachineLoad } from './bench/machine-load.ts';

printMachineLoad();
const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? Number(args[i + 1]) : fallback;
};
const CYCLES = option('cycles', 50);
let seed = option('seed', 20_251_121);
/** Deterministic PRNG (mulberry32) so a failing run can be replayed with its seed. */
function random(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

const work = tempDir('sep-bench-offline-');
const filesDir = path.join(work, 'files');
fs.mkdirSync(filesDir);
let fileNo = 0;

/** A small, unique PDF (the server merges byte-identical files, which would hide duplicates). */
async function uniquePdf(): Promise<string> {
  fileNo += 1;
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  page.drawText(`Solicitud de prueba ${fileNo} — ${Date.now()}`, { x: 50, y: 780, size: 14, font });
  const file = path.join(filesDir, `bench-${String(fileNo).padStart(3, '0')}.pdf`);
  fs.writeFileSync(file, await doc.save());
  return file;
}

async function main(): Promise<void> {
  const distDir = path.join(ROOT, '.tmp', 'bench-offline-dist');
  fs.rmSync(distDir, { recursive: true, force: true }); // always measure the current sources
  const dist = buildWeb(distDir);
  const port = await freePort();
  const dataDir = path.join(work, 'data');
  let server: ServerHandle | null = await startServer({ port, dataDir, distDir: dist });
  const base = `http://127.0.0.1:${port}`;
  const api = new Api(() => base);
  const profile = path.join(work, 'profile');
  let context: BrowserContext = await launchTablet(profile);
  let page: Page = await context.newPage();
  await login(page, base);
  await waitForServiceWorker(page);

  let offline = false;
  const queued: string[] = [];
  const counts: Record<string, number> = {};
  const count = (action: string) => (counts[action] = (counts[action] ?? 0) + 1);
  const ensureServer = async () => {
    server ??= await startServer({ port, dataDir, distDir: dist });
  };
  const openPage = async () => {
    page = await context.newPage();
    await page.goto(`${base}/dashboard/upload`).catch(() => undefined);
  };

  for (let cycle = 1; cycle <= CYCLES; cycle++) {
    const action = pick(['queue', 'queue', 'queue', 'toggle', 'reload', 'restart', 'kill', 'cut']);
    count(action);
    try {
      if (action === 'queue') {
        const files = await Promise.all(Array.from({ length: 1 + Math.floor(random() * 3) }, uniquePdf));
        await page.getByTestId('file-input').setInputFiles(files, { timeout: 15_000 });
        await page.getByRole('button', { name: 'Procesar Archivos' }).click({ timeout: 15_000 });
        // Queued once the selection is cleared: the files are in IndexedDB.
        await page.getByText('0/3 archivos seleccionados').waitFor({ timeout: 15_000 });
        queued.push(...files.map((f) => path.basename(f)));
      } else if (action === 'toggle') {
        offline = !offline;
        await (offline ? goOffline(context) : goOnline(context));
      } else if (action === 'reload') {
        await page.reload().catch(() => undefined);
      } else if (action === 'restart') {
        await context.close();
        context = await launchTablet(profile);
        if (offline) await goOffline(context);
        await openPage();
      } else if (action === 'kill') {
        await server?.kill();
        server = null;
        await new Promise((r) => setTimeout(r, random() * 1500));
        await ensureServer();
      } else if (action === 'cut' && !offline) {
        // The next upload reaches the server, but its answer is lost.
        await context.route(
          '**/api/uploads/tus/*',
          async (route) => {
            await route.fetch().catch(() => null);
            await route.abort('connectionreset').catch(() => undefined);
          },
          { times: 1 },
        );
      }
      await new Promise((r) => setTimeout(r, random() * 2000));
    } catch (error) {
      console.error(`cycle ${cycle} (${action}): ${(error as Error).message.split('\n')[0]}`);
    }
  }

  // Back online with the server up: everything queued must arrive.
  await ensureServer();
  if (offline) await goOnline(context);
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await page.reload().catch(() => undefined);
  const deadline = Date.now() + 10 * 60_000;
  let left = -1;
  while (Date.now() < deadline) {
    left = await outboxCount(page).catch(() => -1);
    if (left === 0) break;
    await page.getByRole('button', { name: 'Reintentar' }).first().click({ timeout: 2_000 }).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 2_000));
  }

  const token = await api.login();
  const docs = await api.documents(token);
  const byName = new Map<string, number>();
  for (const d of docs) byName.set(d.original_filename, (byName.get(d.original_filename) ?? 0) + 1);
  const stored = queued.filter((n) => byName.has(n)).length;
  const duplicates = [...byName.values()].reduce((sum, n) => sum + Math.max(0, n - 1), 0);
  const losses = queued.filter((n) => !byName.has(n));

  console.log(`cycles: ${CYCLES} (${Object.entries(counts).map(([a, n]) => `${a} ${n}`).join(', ')})`);
  console.log(`files queued:   ${queued.length}`);
  console.log(`files stored:   ${stored}`);
  console.log(`duplicates:     ${duplicates}`);
  console.log(`losses:         ${losses.length}${losses.length ? ` (${losses.join(', ')})` : ''}`);
  console.log(`outbox left:    ${left}`);

  await context.close();
  await server?.stop();
  fs.rmSync(work, { recursive: true, force: true });
  process.exitCode = duplicates === 0 && losses.length === 0 && left === 0 ? 0 : 1;
}

await main();
