import { resolve } from 'node:path';
import { describe, it } from 'vitest';
import { DOMAIN_SCORER, expectProducerScore } from './producer-corpus.ts';

// Regression guard over tests/fixtures/writer-html: credit applications laid out in a word
// processor and exported by LibreOffice Writer (scripts/corpus/writer-export.ts; decision 017,
// "A fourth producer"). Measured 0.917 as found, before any engine change for them: Writer wraps
// cells in narrow columns (headers broken inside a word, `$` over its amount, dates at the hyphen),
// which the engine does not yet read back. The floor holds what is read now; raise it with fixes.
const FIXTURES = resolve(import.meta.dirname, '../../tests/fixtures/writer-html');
const MIN_CELL_F1 = 0.91;

describe.runIf(DOMAIN_SCORER !== undefined)('writer-html corpus: documents exported by a word processor', () => {
  it('holds its cell F1 with every request number right', { timeout: 120_000 }, async () => {
    await expectProducerScore(FIXTURES, 'writer-html corpus', MIN_CELL_F1, 6);
  });
});
