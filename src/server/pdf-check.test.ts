import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { closeEnginePool } from '../engine/index.ts';
import { idleChildren } from '../engine/runtime/child-pool.ts';
import { checkPdf, PDF_CHECK_BUDGET_MS } from './pdf-check.ts';

const FIXTURES = resolve(import.meta.dirname, '../../tests/integration/fixtures');
const file = (name: string) => join(FIXTURES, name);

describe('checkPdf: the upload check answers from the runtime’s typed reason (decision 031)', () => {
  afterEach(() => {
    delete process.env.EXTRACT_ENGINE_MODULE;
    delete process.env.TEST_ENGINE_MODE;
  });

  it('refuses only a definite invalid; a password-protected or text-less PDF is a PDF', async () => {
    expect(await checkPdf(file('qpdf-issue-148-bad-flate.pdf'), 1)).toBe('not_pdf');
    expect(await checkPdf(file('pdfjs-bug1020226.pdf'), 1)).toBe('not_pdf');
    expect(await checkPdf(file('pdfjs-pr6531_2-user-password.pdf'), 1)).toBe('pdf');
    expect(await checkPdf(file('scan-grid-3001.pdf'), 1)).toBe('pdf');
    expect(await checkPdf(file('grid-1001.pdf'), 1)).toBe('pdf');
  });

  it('a file only one of the two readers opens is a PDF, as extraction reads it with either', async () => {
    // PDFium repairs this one (pdf.js gives up on it); pdf.js repairs the other (PDFium cannot open it).
    expect(await checkPdf(file('pdfjs-poppler-395-0-fuzzed.pdf'), 1)).toBe('pdf');
    expect(await checkPdf(file('pdfjs-bug1606566.pdf'), 1)).toBe('pdf');
  });

  it('an open that runs past the budget is unknown (accepted), within the budget', async () => {
    process.env.EXTRACT_ENGINE_MODULE = file('test-engine.ts');
    process.env.TEST_ENGINE_MODE = 'hang-open';
    const started = Date.now();
    expect(await checkPdf(file('grid-1001.pdf'), 1)).toBe('unknown');
    expect(Date.now() - started).toBeLessThan(PDF_CHECK_BUDGET_MS + 1500);
  });

  it('a file that cannot be read is unknown, not a verdict', async () => {
    expect(await checkPdf(file('no-such-file.pdf'), 1)).toBe('unknown');
  });

  it('one owner’s upload is never opened in a child that opened another owner’s', async () => {
    await closeEnginePool();
    const childrenOf = (owner: number) => idleChildren().filter((c) => c.key.startsWith(`check owner ${owner}\u0000`));
    expect(await checkPdf(file('grid-1001.pdf'), 1)).toBe('pdf');
    const first = childrenOf(1);
    expect(first).toHaveLength(1);
    expect(await checkPdf(file('grid-1001.pdf'), 2)).toBe('pdf');
    expect(childrenOf(2)).toHaveLength(1);
    expect(childrenOf(2)[0]).not.toBe(first[0]);
    expect(first[0]!.tasks).toBe(1);
    // The same owner's next upload reuses its own warm child.
    expect(await checkPdf(file('grid-1001.pdf'), 1)).toBe('pdf');
    expect(childrenOf(1)).toEqual(first);
    expect(first[0]!.tasks).toBe(2);
    await closeEnginePool();
  });
});
