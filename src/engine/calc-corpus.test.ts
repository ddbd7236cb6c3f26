import { resolve } from 'node:path';
import { describe, it } from 'vitest';
import { DOMAIN_SCORER, expectProducerScore } from './producer-corpus.ts';

// Regression guard over tests/fixtures/calc: credit applications laid out in LibreOffice Calc and
// exported to PDF (scripts/corpus/calc-export.ts; issue 10's unseen spreadsheet producer).
const FIXTURES = resolve(import.meta.dirname, '../../tests/fixtures/calc');
const MIN_CELL_F1 = 0.98;

describe.runIf(DOMAIN_SCORER !== undefined)('calc corpus: spreadsheet exports', () => {
  it('reaches the cell F1 goal with every request number right', { timeout: 120_000 }, async () => {
    await expectProducerScore(FIXTURES, 'calc corpus', MIN_CELL_F1, 6);
  });
});
