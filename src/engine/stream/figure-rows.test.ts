import { describe, expect, it } from 'vitest';
import { tablesOfLayout } from '../../../tests/fixtures/stream/tables-of-layout.ts';
import { FLOW_ROWS, tightFigureRows } from '../../../tests/fixtures/stream/figure-rows-layouts.ts';

// Class: rows of figures set a word space apart read as prose (issue 10, an unseen producer: cash
// flows on a landscape page with tight cells). A line is prose by one long phrase of many words;
// a phrase of amounts is no sentence, and the whole table was lost.

describe('rows of figures a word space apart', () => {
  it('are a table, not prose', async () => {
    const tables = await tablesOfLayout(tightFigureRows());
    const flows = tables.find((t) => t.rows.some((row) => row[0] === 'Direct costs'));
    expect(flows?.rows.find((row) => row[0] === 'Direct costs')).toEqual(FLOW_ROWS[1]);
  });
});
