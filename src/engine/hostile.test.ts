import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { extractPdfIsolated, stopExtractionWorker } from './isolated.ts';
import { corpusDir } from './test-corpus.ts';

// Malformed and malicious PDFs (../shared/corpus/hostile): each must end with a typed status
// within 10 s, without crashing or hanging the process.
const HOSTILE = corpusDir('hostile') ?? '';
const files = HOSTILE ? readdirSync(HOSTILE).filter((f) => f.endsWith('.pdf')).sort() : [];

const EXPECTED: Record<string, string[]> = {
  'pdfjs-pr6531_2-user-password.pdf': ['password'],
  'qpdf-bad1-5bytes.pdf': ['invalid'],
  'pdfjs-bug1020226.pdf': ['invalid'],
  'pdfjs-poppler-395-0-fuzzed.pdf': ['invalid'],
  'qpdf-issue-148-bad-flate.pdf': ['invalid'],
  'pdfjs-operator_list_cycle.pdf': ['invalid', 'no_text'],
  'itext-acsploit_output-bomb.pdf': ['no_text', 'invalid'],
};

describe.runIf(HOSTILE !== '')('hostile corpus', () => {
  afterAll(() => stopExtractionWorker());

  it.each(files)('%s ends with a typed status within 10 s', async (file) => {
    const started = Date.now();
    const r = await extractPdfIsolated(new Uint8Array(readFileSync(join(HOSTILE, file))), { stallMs: 5_000, timeoutMs: 9_000 });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(['ok', 'invalid', 'password', 'no_text']).toContain(r.status);
    if (r.status !== 'ok') expect(r.message).toMatch(/PDF|archivo/);
    const expected = EXPECTED[file];
    if (expected) expect(expected).toContain(r.status);
  });

  it('reads only the one real page of a file claiming ten billion', async () => {
    const bytes = readFileSync(join(HOSTILE, 'pdfjs-poppler-67295-0.pdf'));
    const r = await extractPdfIsolated(new Uint8Array(bytes), { timeoutMs: 9_000 });
    expect(r.pages).toBeLessThanOrEqual(1);
  });
});
