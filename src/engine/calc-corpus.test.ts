import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractPdf } from './extract.ts';
import { extractedRowsByTable } from './rows-by-table.ts';
import { benchScript } from './test-corpus.ts';

// Regression guard over tests/fixtures/calc: credit applications laid out in LibreOffice Calc and
// exported to PDF (scripts/corpus/calc-export.ts; issue 10's unseen spreadsheet producer). Scored
// with score-domain.mjs's own scoreDoc, the figure the issue is measured on: cell F1 over all
// documents and every request number right.
const FIXTURES = resolve(import.meta.dirname, '../../tests/fixtures/calc');
const SCORER = benchScript('score-domain.mjs');
const MIN_CELL_F1 = 0.98;

interface TableScore {
  cellTP: number;
  cellFP: number;
  cellFN: number;
}
interface Scorer {
  scoreDoc(truth: unknown, pred: unknown): { nosolOk: boolean; tables: Record<string, TableScore> };
}

describe.runIf(SCORER !== undefined)('calc corpus: spreadsheet exports', () => {
  it('reaches the cell F1 goal with every request number right', { timeout: 120_000 }, async () => {
    const { scoreDoc } = (await import(SCORER!)) as Scorer;
    const files = readdirSync(FIXTURES).filter((f) => f.endsWith('.pdf'));
    expect(files.length).toBeGreaterThanOrEqual(6);
    let [tp, fp, fn] = [0, 0, 0];
    const wrongNumbers: string[] = [];
    for (const file of files) {
      const truth = JSON.parse(readFileSync(join(FIXTURES, file.replace(/\.pdf$/, '.truth.json')), 'utf8')) as unknown;
      const result = await extractPdf(new Uint8Array(readFileSync(join(FIXTURES, file))));
      const tables = Object.fromEntries(Object.entries(extractedRowsByTable(result)).map(([name, rows]) => [name, rows.map((row) => row.values)]));
      const score = scoreDoc(truth, { nosolicitud: result.nosolicitud, tables });
      if (!score.nosolOk) wrongNumbers.push(file);
      for (const t of Object.values(score.tables)) [tp, fp, fn] = [tp + t.cellTP, fp + t.cellFP, fn + t.cellFN];
    }
    const f1 = (2 * tp) / (2 * tp + fp + fn);
    expect(wrongNumbers).toEqual([]);
    console.log(`calc corpus cell F1 ${f1.toFixed(3)}`);
    expect(f1).toBeGreaterThanOrEqual(MIN_CELL_F1);
  });
});
