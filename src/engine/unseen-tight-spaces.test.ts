import { describe, expect, it } from 'vitest';
import { extractRawTables } from './extract.ts';
import { makePdf } from '../../tests/fixtures/engine/make-pdf.ts';
import * as layout from '../../tests/fixtures/text/tight-spaces.ts';

// A class of wrong cell texts (issue 10, fourth pass; decision 013): a space the PDF writes but
// draws narrower than the word-space gap (a label pulled tight against its leader dots) was lost,
// so the cell read `Robbery. . .` and its relations to the cells round it no longer matched.

describe('unseen: spaces the PDF writes, set tight', () => {
  it('a written space before tight leader dots still parts the words; a word drawn in two pieces stays one', async () => {
    const res = await extractRawTables(await makePdf([layout.leaderTable()]));
    if (res.status !== 'ok') throw new Error(res.status);
    expect(res.tables).toHaveLength(1);
    const firsts = res.tables[0]!.rows.map((r) => r[0]);
    for (const label of layout.LABELS) expect(firsts).toContain(`${label} ${layout.LEADER}`);
    expect(firsts).toContain('Embezzlement');
  });
});
