import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractPdf } from './extract.ts';
import { corpusDir } from './test-corpus.ts';

// Issue 10: on the born-digital credit applications of ../shared/corpus/domain-dev every printed
// SUBTOTAL/TOTAL agrees with its rows (checked by hand against `pdftotext -layout`), so any
// check-sum warning there is a false one; and every table read reports a confidence in 0..1.
const DOMAIN = corpusDir('domain-dev') ?? '';
const CASES = DOMAIN ? readdirSync(DOMAIN).filter((f) => /^(grid|stream|writer)-.*\.pdf$/.test(f)) : [];

describe.runIf(DOMAIN !== '')('domain corpus: honest quality signals', () => {
  it.each(CASES)('%s', async (file) => {
    const result = await extractPdf(new Uint8Array(readFileSync(join(DOMAIN, file))));
    expect(result.status).toBe('ok');
    const failed = result.quality.tables.flatMap((q) => q.checkSums.filter((c) => !c.ok));
    expect(failed).toEqual([]);
    expect(result.quality.warnings).toHaveLength(new Set(result.quality.warnings).size);
    for (const q of result.quality.tables) {
      expect(q.confidence).toBeGreaterThanOrEqual(0);
      expect(q.confidence).toBeLessThanOrEqual(1);
      if (q.table !== 'other' && q.rows > 0) expect(q.confidence, q.table).toBeGreaterThan(0);
      expect(q.pages).toContain(q.page);
    }
  });
});
