import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkPdf, PDF_CHECK_BUDGET_MS } from './pdf-check.ts';

const FIXTURES = resolve(import.meta.dirname, '../../tests/integration/fixtures');
const file = (name: string) => join(FIXTURES, name);

describe('checkPdf: the upload check answers from the runtime’s typed reason (decision 031)', () => {
  afterEach(() => {
    delete process.env.EXTRACT_ENGINE_MODULE;
    delete process.env.TEST_ENGINE_MODE;
  });

  it('refuses only a definite invalid; a password-protected or text-less PDF is a PDF', async () => {
    expect(await checkPdf(file('qpdf-issue-148-bad-flate.pdf'))).toBe('not_pdf');
    expect(await checkPdf(file('pdfjs-bug1020226.pdf'))).toBe('not_pdf');
    expect(await checkPdf(file('pdfjs-pr6531_2-user-password.pdf'))).toBe('pdf');
    expect(await checkPdf(file('scan-grid-3001.pdf'))).toBe('pdf');
    expect(await checkPdf(file('grid-1001.pdf'))).toBe('pdf');
  });

  it('an open that runs past the budget is unknown (accepted), within the budget', async () => {
    process.env.EXTRACT_ENGINE_MODULE = file('test-engine.ts');
    process.env.TEST_ENGINE_MODE = 'hang-open';
    const started = Date.now();
    expect(await checkPdf(file('grid-1001.pdf'))).toBe('unknown');
    expect(Date.now() - started).toBeLessThan(PDF_CHECK_BUDGET_MS + 1500);
  });

  it('a file that cannot be read is unknown, not a verdict', async () => {
    expect(await checkPdf(file('no-such-file.pdf'))).toBe('unknown');
  });
});
