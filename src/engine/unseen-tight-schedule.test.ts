import { describe, expect, it } from 'vitest';
import { extractRawTables } from './extract.ts';
import { makePdf } from '../../tests/fixtures/engine/make-pdf.ts';
import * as layout from '../../tests/fixtures/text/tight-schedule.ts';

// Two classes found on untouched browser-printed credit applications (issue 10; decision 017):
// a date and the amount after it a word space apart read as one cell, and group labels between
// rows set at the leading read as the wrapped lines of the rows above them.

async function tablesOf(page: Parameters<typeof makePdf>[0][number]) {
  const res = await extractRawTables(await makePdf([page]));
  if (res.status !== 'ok') throw new Error(res.status);
  return res.tables;
}

describe('unseen: tight browser-printed schedules', () => {
  it('parts a date from the amount a word space after it', async () => {
    const tables = await tablesOf(layout.tightSchedule());
    expect(tables).toHaveLength(1);
    const body = tables[0]!.rows.filter((r) => /^\d+$/.test(r[0] ?? ''));
    expect(body.map((r) => r.slice(0, 3))).toEqual(layout.scheduleRows().map((r) => r.slice(0, 3)));
  });

  it('keeps a group label between rows at the leading on a row of its own', async () => {
    const tables = await tablesOf(layout.groupsAtLeading());
    expect(tables).toHaveLength(1);
    const firsts = tables[0]!.rows.map((r) => r[0]);
    for (const [group, concept] of layout.COST_ROWS) {
      expect(firsts).toContain(group);
      expect(firsts).toContain(concept);
    }
  });
});
