import { afterAll, describe, expect, it } from 'vitest';
import { gridSpec, makePdf } from '../../tests/fixtures/engine/make-pdf.ts';
import { ENGINE_MESSAGES } from '../shared/messages/engine.ts';
import { extractPdfIsolated, extractRawTablesIsolated, stopExtractionWorker } from './isolated.ts';

const XS = [50, 150, 250, 350];
const YS = [100, 120, 140, 160];
const cells = [
  ['a', 'b', 'c'],
  ['d', 'e', 'f'],
  ['g', 'h', 'i'],
];

describe('extraction in the worker thread', () => {
  afterAll(() => stopExtractionWorker());

  it('returns the same tables as in-process, with progress per page', async () => {
    const bytes = await makePdf([gridSpec(XS, YS, cells), gridSpec(XS, YS, cells)]);
    const seen: number[] = [];
    const r = await extractRawTablesIsolated(bytes, { onProgress: (done) => seen.push(done) });
    expect(r.status).toBe('ok');
    expect(r.tables.map((t) => t.rows)).toEqual([cells, cells]);
    expect(seen).toEqual([1, 2]);
  });

  it('answers aborted and stops the thread when the signal fires', async () => {
    const bytes = await makePdf(Array.from({ length: 30 }, () => gridSpec(XS, YS, cells)));
    const ctrl = new AbortController();
    const r = await extractPdfIsolated(bytes, { signal: ctrl.signal, onProgress: (done) => done === 1 && ctrl.abort() });
    expect(r).toMatchObject({ status: 'aborted', message: ENGINE_MESSAGES.aborted });
    // The next job gets a fresh thread and works.
    const again = await extractPdfIsolated(await makePdf([gridSpec(XS, YS, cells)]));
    expect(again.status).toBe('ok');
  });

  it('stops a job that stalls and reports it as unreadable', async () => {
    // A stall budget too small for even the first page forces the watchdog.
    const r = await extractPdfIsolated(await makePdf([gridSpec(XS, YS, cells)]), { stallMs: 1 });
    expect(r).toMatchObject({ status: 'invalid', message: ENGINE_MESSAGES.invalid, detail: 'extraction stalled on a page' });
  });
});
