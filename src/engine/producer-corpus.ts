import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { extractPdf } from './extract.ts';
import { extractedRowsByTable } from './rows-by-table.ts';
import { benchScript } from './test-corpus.ts';

// Scores a folder of generated credit applications (one producer's PDFs with their truth) with
// score-domain.mjs's own scoreDoc, the figure issue 10 is measured on: cell F1 over all documents
// and every request number right. Shared by the per-producer corpus tests.

export const DOMAIN_SCORER = benchScript('score-domain.mjs');

interface TableScore {
  cellTP: number;
  cellFP: number;
  cellFN: number;
}
interface Scorer {
  scoreDoc(truth: unknown, pred: unknown): { nosolOk: boolean; tables: Record<string, TableScore> };
}

export async function expectProducerScore(folder: string, label: string, minCellF1: number, minDocuments: number): Promise<void> {
  const { scoreDoc } = (await import(DOMAIN_SCORER!)) as Scorer;
  const files = readdirSync(folder).filter((f) => f.endsWith('.pdf'));
  expect(files.length).toBeGreaterThanOrEqual(minDocuments);
  let [tp, fp, fn] = [0, 0, 0];
  const wrongNumbers: string[] = [];
  for (const file of files) {
    const truth = JSON.parse(readFileSync(join(folder, file.replace(/\.pdf$/, '.truth.json')), 'utf8')) as unknown;
    const result = await extractPdf(new Uint8Array(readFileSync(join(folder, file))));
    const tables = Object.fromEntries(Object.entries(extractedRowsByTable(result)).map(([name, rows]) => [name, rows.map((row) => row.values)]));
    const score = scoreDoc(truth, { nosolicitud: result.nosolicitud, tables });
    if (!score.nosolOk) wrongNumbers.push(file);
    for (const t of Object.values(score.tables)) [tp, fp, fn] = [tp + t.cellTP, fp + t.cellFP, fn + t.cellFN];
  }
  const f1 = (2 * tp) / (2 * tp + fp + fn);
  expect(wrongNumbers).toEqual([]);
  console.log(`${label} cell F1 ${f1.toFixed(3)}`);
  expect(f1).toBeGreaterThanOrEqual(minCellF1);
}
