import { resolve } from 'node:path';
import { describe, it } from 'vitest';
import { DOMAIN_SCORER, expectProducerScore } from './producer-corpus.ts';

// Regression guard over tests/fixtures/gnumeric: the calc fixtures' layout printed by a third
// producer with its own PDF writer, Gnumeric/cairo (scripts/corpus/gnumeric-export.ts; decision 016).
// gnumeric-8303 (a working draw) is kept for its class: figures of one width before centred dates.
const FIXTURES = resolve(import.meta.dirname, '../../tests/fixtures/gnumeric');
const MIN_CELL_F1 = 0.995;

describe.runIf(DOMAIN_SCORER !== undefined)('gnumeric corpus: a third spreadsheet producer', () => {
  it('reaches its floor with every request number right', { timeout: 120_000 }, async () => {
    await expectProducerScore(FIXTURES, 'gnumeric corpus', MIN_CELL_F1, 6);
  });
});
