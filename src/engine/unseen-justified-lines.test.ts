import { describe, expect, it } from 'vitest';
import { tablesOfLayout } from '../../tests/fixtures/stream/tables-of-layout.ts';
import { FARMS, shortTextTable, stretchedLines } from '../../tests/fixtures/stream/justified-lines.ts';

// Lines of a justified paragraph read as a short table (issue 10, fifth pass; decision 013).

describe('unseen: justified lines', () => {
  it('two lines stretched round an unbreakable URL, their word spaces equal, are not a table', async () => {
    expect(await tablesOfLayout(stretchedLines())).toEqual([]);
  });

  it('a short table of words only, its columns set left, stays a table', async () => {
    const tables = await tablesOfLayout(shortTextTable());
    expect(tables.map((t) => t.rows)).toEqual([FARMS]);
  });
});
