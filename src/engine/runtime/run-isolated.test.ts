import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterEach, describe, expect, it } from 'vitest';
import { gridSpec, makePdf } from '../../../tests/fixtures/engine/make-pdf.ts';
import { ENGINE_MESSAGES } from '../../shared/messages/engine.ts';
import { WALL_FACTOR } from './task-clock.ts';
import { runIsolated } from './run-isolated.ts';

// The runtime as every caller uses it: a compiled child process per task (build/engine-child.mjs,
// rebuilt first when stale), typed results, caps watched from here.
const FIXTURES = resolve(import.meta.dirname, '../../../tests/integration/fixtures');
const fixture = (name: string) => new Uint8Array(readFileSync(join(FIXTURES, name)));
const TEST_ENGINE = join(FIXTURES, 'test-engine.ts');

const XS = [50, 150, 250, 350];
const YS = [100, 120, 140, 160];
const cells = [
  ['a', 'b', 'c'],
  ['d', 'e', 'f'],
  ['g', 'h', 'i'],
];

describe('runIsolated: the engine in a child process', () => {
  it('extract: the classified result, progress per page, and what the child cost', async () => {
    const progress: [number, number][] = [];
    const r = await runIsolated('extract', { bytes: fixture('grid-1001.pdf') }, { onProgress: (done, total) => progress.push([done, total]) });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.status).toBe('ok');
    expect(r.value.nosolicitud).toBe('009176');
    const total = progress[0]![1];
    expect(progress[0]).toEqual([0, total]);
    expect(progress.at(-1)).toEqual([total, total]);
    expect(r.usage!.cpuMs).toBeGreaterThan(r.usage!.startupCpuMs);
    expect(r.usage!.peakRssMb).toBeGreaterThan(30);
    expect(r.wallMs).toBeGreaterThan(0);
  });

  it('raw: every table before classification; input read by the child from a path', async () => {
    const r = await runIsolated('raw', { path: join(FIXTURES, 'grid-1001.pdf') });
    expect(r.ok && r.value.tables.length).toBeGreaterThan(3);
    const made = await runIsolated('raw', { bytes: await makePdf([gridSpec(XS, YS, cells), gridSpec(XS, YS, cells)]) });
    expect(made.ok && made.value.tables.map((t) => t.rows)).toEqual([cells, cells]);
  });

  it('check: opens only, and says how many pages', async () => {
    expect(await runIsolated('check', { bytes: fixture('grid-1001.pdf') })).toMatchObject({ ok: true, value: { pages: expect.any(Number) } });
    // A text-less scan opens fine: no page is read.
    expect(await runIsolated('check', { bytes: fixture('scan-grid-3001.pdf') })).toMatchObject({ ok: true });
  });

  it.each(['check', 'extract'] as const)('%s: a damaged file is invalid, a locked one password', async (task) => {
    for (const name of ['qpdf-bad1-5bytes.pdf', 'qpdf-issue-148-bad-flate.pdf']) {
      expect(await runIsolated(task, { bytes: fixture(name) }), name).toMatchObject({ ok: false, reason: 'invalid', message: ENGINE_MESSAGES.invalid });
    }
    const locked = await runIsolated(task, { bytes: fixture('pdfjs-pr6531_2-user-password.pdf') });
    expect(locked).toMatchObject({ ok: false, reason: 'password', message: ENGINE_MESSAGES.password, detail: expect.any(String) });
  });

  it('extract: a scan without a text layer is read by OCR in the child, under the default caps', async () => {
    const r = await runIsolated('extract', { bytes: fixture('scan-grid-3001.pdf') });
    expect(r).toMatchObject({ ok: true, value: { status: 'ok', nosolicitud: '2024-246075', ocr: { pages: [1, 2, 3, 4] } } });
  }, 120_000);

  it('extract: pages with nothing to read (no text layer, nothing for OCR either) are no_text', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([200, 200]);
    doc.addPage([200, 200]);
    expect(await runIsolated('extract', { bytes: await doc.save() })).toMatchObject({ ok: false, reason: 'no_text', message: ENGINE_MESSAGES.no_text });
  });

  it('a file the child cannot read is a crash, not a verdict on the file', async () => {
    expect(await runIsolated('extract', { path: join(FIXTURES, 'no-such-file.pdf') })).toMatchObject({ ok: false, reason: 'crash', detail: expect.stringContaining('ENOENT') });
  });

  it('aborted before the start: no child at all', async () => {
    expect(await runIsolated('extract', { bytes: fixture('grid-1001.pdf') }, { signal: AbortSignal.abort() })).toMatchObject({ ok: false, reason: 'aborted' });
  });

  it('settings travel to the child; a bad one is a crash naming it (src/engine/settings.ts)', async () => {
    const bytes = await makePdf([gridSpec(XS, YS, cells)]);
    // Three grid rows are too few for a ruled table: the text finder reads them instead.
    const strict = await runIsolated('raw', { bytes }, { settings: { lattice: { minRows: 4 } } });
    expect(strict.ok && strict.value.tables.map((t) => t.method)).toEqual(['stream']);
    const bad = await runIsolated('raw', { bytes }, { settings: { lattice: { minRows: -1 } } });
    expect(bad).toMatchObject({ ok: false, reason: 'crash', detail: expect.stringContaining('Ajuste lattice.minRows') });
  });
});

describe('runIsolated: caps, with the test engine swapped in (EXTRACT_ENGINE_MODULE)', () => {
  const use = (mode: string) => {
    process.env.EXTRACT_ENGINE_MODULE = TEST_ENGINE;
    process.env.TEST_ENGINE_MODE = mode;
  };
  afterEach(() => {
    delete process.env.EXTRACT_ENGINE_MODULE;
    delete process.env.TEST_ENGINE_MODE;
  });
  const bytes = () => fixture('grid-1001.pdf');

  it('an engine that never yields ends at the time cap', async () => {
    use('hang');
    const started = Date.now();
    const r = await runIsolated('extract', { bytes: bytes() }, { timeoutMs: 3000, stallMs: 60_000 });
    expect(r).toMatchObject({ ok: false, reason: 'timeout', message: ENGINE_MESSAGES.timeout, detail: expect.stringContaining('time cap') });
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('the time cap counts the CPU the child uses: a child waiting (a busy machine) goes on past it in wall time', async () => {
    use('slow');
    process.env.TEST_ENGINE_DELAY_MS = '8000';
    try {
      // Eight seconds of waiting, progress every 0.8 s, against a 6 s cap: a few seconds of CPU (the
      // test engine's start-up, its TypeScript compiled), well under WALL_FACTOR × 6 s of wall time.
      const r = await runIsolated('extract', { bytes: bytes() }, { timeoutMs: 6000 });
      expect(r).toMatchObject({ ok: true, value: { status: 'ok' } });
      expect(r.wallMs).toBeGreaterThan(8000);
    } finally {
      delete process.env.TEST_ENGINE_DELAY_MS;
    }
  });

  it('... and still ends a child that waits past WALL_FACTOR times the cap', async () => {
    use('slow');
    process.env.TEST_ENGINE_DELAY_MS = '40000';
    try {
      const r = await runIsolated('extract', { bytes: bytes() }, { timeoutMs: 4000 });
      expect(r).toMatchObject({ ok: false, reason: 'timeout', detail: expect.stringContaining('time cap') });
      expect(r.wallMs).toBeGreaterThanOrEqual(WALL_FACTOR * 4000);
      expect(r.wallMs).toBeLessThan(40_000);
    } finally {
      delete process.env.TEST_ENGINE_DELAY_MS;
    }
  }, 60_000);

  it('... or at the stall cap when no progress comes for stallMs', async () => {
    use('hang');
    const r = await runIsolated('extract', { bytes: bytes() }, { timeoutMs: 60_000, stallMs: 3000 });
    expect(r).toMatchObject({ ok: false, reason: 'timeout', detail: expect.stringContaining('stall cap') });
  });

  it('an engine that keeps allocating ends at the memory cap', async () => {
    use('hog');
    const r = await runIsolated('extract', { bytes: bytes() }, { memoryMb: 300 });
    expect(r).toMatchObject({ ok: false, reason: 'memory', message: ENGINE_MESSAGES.memory });
  });

  it("a child is not given the server's secrets (database address, passwords, tokens, keys)", async () => {
    use('env');
    const secrets = { DATABASE_URL: 'postgres://u:p@h/db', ADMIN_PASSWORD: 'x', PGPASSWORD: 'x', SOME_API_TOKEN: 'x', SIGNING_KEY: 'x' };
    Object.assign(process.env, secrets);
    try {
      const r = await runIsolated('extract', { bytes: bytes() });
      expect(r).toMatchObject({ ok: false, reason: 'crash', detail: expect.stringContaining('TEST_ENGINE_MODE') });
      const names = (r as { detail: string }).detail;
      for (const name of Object.keys(secrets)) expect(names).not.toContain(name);
      expect(names).toContain('PATH');
    } finally {
      for (const name of Object.keys(secrets)) delete process.env[name];
    }
  });

  it('aborted while the child runs: it is killed at once', async () => {
    use('slow');
    process.env.TEST_ENGINE_DELAY_MS = '20000';
    try {
      const ctrl = new AbortController();
      const started = Date.now();
      // The slow engine reports a step every 2 s: abort at the first.
      const r = await runIsolated('extract', { bytes: bytes() }, { signal: ctrl.signal, onProgress: (done) => done > 0 && ctrl.abort() });
      expect(r).toMatchObject({ ok: false, reason: 'aborted', message: ENGINE_MESSAGES.aborted });
      expect(r.usage).toBeUndefined();
      expect(Date.now() - started).toBeLessThan(15_000);
    } finally {
      delete process.env.TEST_ENGINE_DELAY_MS;
    }
  });

  it('the time cap grows by ocrPageMs for each page the child reads by OCR', async () => {
    process.env.TEST_ENGINE_DELAY_MS = '7000';
    try {
      // Seven seconds of CPU after the test engine's start-up (~3 s of CPU: its TypeScript compiled)
      // against a 5 s cap: a timeout, unless two OCR pages add 8 s each.
      use('ocr');
      process.env.TEST_ENGINE_OCR_PAGES = '0';
      const plain = await runIsolated('extract', { bytes: bytes() }, { timeoutMs: 5000, ocrPageMs: 8000 });
      expect(plain).toMatchObject({ ok: false, reason: 'timeout', detail: expect.stringContaining('no answer after 5000 ms') });
      process.env.TEST_ENGINE_OCR_PAGES = '2';
      const scan = await runIsolated('extract', { bytes: bytes() }, { timeoutMs: 5000, ocrPageMs: 8000 });
      expect(scan).toMatchObject({ ok: true, value: { status: 'ok' } });
    } finally {
      delete process.env.TEST_ENGINE_DELAY_MS;
      delete process.env.TEST_ENGINE_OCR_PAGES;
    }
    // About 18 s of CPU in all: the caps count CPU, so a loaded machine stretches the wall time
    // (45 s ran out in a rehearsal at load 4) without changing either answer.
  }, 120_000);

  it('a child that dies, or an engine that throws, is a crash', async () => {
    use('crash');
    expect(await runIsolated('extract', { bytes: bytes() })).toMatchObject({ ok: false, reason: 'crash', message: ENGINE_MESSAGES.crash, detail: expect.stringContaining('70') });
    use('throw');
    expect(await runIsolated('extract', { bytes: bytes() })).toMatchObject({ ok: false, reason: 'crash', detail: expect.stringContaining('test engine failure') });
  });

  it('tasks the swapped module does not define stay the real engine', async () => {
    use('hang');
    expect(await runIsolated('check', { bytes: bytes() }, { timeoutMs: 10_000 })).toMatchObject({ ok: true });
  });
});
