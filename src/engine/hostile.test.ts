import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runIsolated } from './runtime/run-isolated.ts';
import { corpusDir } from './test-corpus.ts';

// Malformed and malicious PDFs (../shared/corpus/hostile): each must end with a typed result
// within 10 s in the engine's child process, never a cap or a crash.
const HOSTILE = corpusDir('hostile') ?? '';
const files = HOSTILE ? readdirSync(HOSTILE).filter((f) => f.endsWith('.pdf')).sort() : [];

const EXPECTED: Record<string, string[]> = {
  'pdfjs-pr6531_2-user-password.pdf': ['password'],
  'qpdf-bad1-5bytes.pdf': ['invalid'],
  'pdfjs-bug1020226.pdf': ['invalid'],
  // pdf.js gives up on its damaged structure; PDFium repairs it and finds a page without text.
  'pdfjs-poppler-395-0-fuzzed.pdf': ['invalid', 'no_text'],
  'qpdf-issue-148-bad-flate.pdf': ['invalid'],
  // PDFium cannot open it; pdf.js repairs it and reads its one line: extraction falls back to pdf.js.
  'pdfjs-bug1606566.pdf': ['ok'],
  // Its only page has no text and a Form→Pattern→Form cycle whose drawing never ends. OCR draws
  // pages in a thread of its own under the drawing caps, so such a page is given up rather than
  // running the job into its memory cap (ocr/drawing-thread.test.ts draws this one).
  'pdfjs-operator_list_cycle.pdf': ['invalid', 'no_text'],
  'itext-acsploit_output-bomb.pdf': ['no_text', 'invalid'],
};

describe.runIf(HOSTILE !== '')('hostile corpus', () => {
  it.each(files)('%s ends with a typed status within 10 s', async (file) => {
    const started = Date.now();
    const r = await runIsolated('extract', { path: join(HOSTILE, file) }, { stallMs: 5_000, timeoutMs: 9_000 });
    expect(Date.now() - started).toBeLessThan(10_000);
    const status = r.ok ? r.value.status : r.reason;
    expect(['ok', 'invalid', 'password', 'no_text']).toContain(status);
    if (!r.ok) expect(r.message).toMatch(/PDF|archivo|procesamiento/);
    const expected = EXPECTED[file];
    if (expected) expect(expected).toContain(status);
  });

  it('reads only the one real page of a file claiming ten billion', async () => {
    const bytes = readFileSync(join(HOSTILE, 'pdfjs-poppler-67295-0.pdf'));
    const r = await runIsolated('extract', { bytes: new Uint8Array(bytes) }, { timeoutMs: 9_000 });
    expect(r.ok ? r.value.pages : 0).toBeLessThanOrEqual(1);
  });
});
