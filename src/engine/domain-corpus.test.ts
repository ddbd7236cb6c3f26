import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractPdf } from './extract.ts';
import { corpusDir } from './test-corpus.ts';

// Regression guard over ../shared/corpus/domain-dev born-digital credit applications: the request
// number and every header field of the truth must come out exactly (text compared ignoring case,
// accents and spaces, as score-domain.mjs compares cells). score-domain.mjs scores the tables;
// nothing else checks the header fields people read in the document detail.
const DOMAIN = corpusDir('domain-dev') ?? '';
const CASES = DOMAIN ? readdirSync(DOMAIN).filter((f) => /^(grid|stream)-.*\.pdf$/.test(f)) : [];

interface Truth {
  nosolicitud: string;
  header: Record<string, string | number>;
}

const loose = (v: unknown): string =>
  String(v ?? '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, '');

describe.runIf(DOMAIN !== '')('domain corpus: request number and header fields', () => {
  it.each(CASES)('%s', async (file) => {
    const truth = JSON.parse(readFileSync(join(DOMAIN, file.replace(/\.pdf$/, '.truth.json')), 'utf8')) as Truth;
    const result = await extractPdf(new Uint8Array(readFileSync(join(DOMAIN, file))));
    expect(result.status).toBe('ok');
    expect(result.nosolicitud).toBe(truth.nosolicitud);
    const got = Object.fromEntries(Object.keys(truth.header).map((k) => [k, loose(result.header[k])]));
    const want = Object.fromEntries(Object.entries(truth.header).map(([k, v]) => [k, loose(v)]));
    expect(got).toEqual(want);
  });
});
