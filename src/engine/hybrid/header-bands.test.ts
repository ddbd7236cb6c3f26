import { describe, expect, it } from 'vitest';
import { tablesOfLayout } from '../../../tests/fixtures/stream/tables-of-layout.ts';
import { HERD_BODY, shadedHeaderOverZebra } from '../../../tests/fixtures/stream/header-band-layouts.ts';

// Class: a header band (shaded or ruled cells holding only the header) over rows no rule reaches
// (issue 10, an unseen producer). Read as a grid, the header was a table of its own and the body
// another, headerless, so neither was classified.

describe('a header band over unruled rows', () => {
  it.each([false, true])('is one table with its body (first body row shaded: %s)', async (firstRowShaded) => {
    const tables = await tablesOfLayout(shadedHeaderOverZebra(firstRowShaded));
    const withHeader = tables.find((t) => t.rows.some((row) => row.includes('Species')));
    expect(withHeader?.rows.slice(-HERD_BODY.length)).toEqual(HERD_BODY);
  });

  // Class: a section row under a header band (issue 10, draws 800: direct costs lost whole). The
  // line right under the band was `1. SIEMBRA`, no figure, so the band was read as a table alone.
  it('is one table with its body when a section row opens the body', async () => {
    const tables = await tablesOfLayout(shadedHeaderOverZebra(false, '1. LIVESTOCK'));
    const withHeader = tables.find((t) => t.rows.some((row) => row.includes('Species')));
    expect(withHeader?.rows.slice(-HERD_BODY.length)).toEqual(HERD_BODY);
    expect(withHeader?.rows.some((row) => row[0] === '1. LIVESTOCK')).toBe(true);
  });
});
