import { describe, expect, it } from 'vitest';
import { tablesOfLayout } from '../../tests/fixtures/stream/tables-of-layout.ts';
import * as layout from '../../tests/fixtures/stream/code-listings.ts';

// A code listing in a monospaced font read as a table (issue 10, fifth pass; decision 013): its
// tokens line up because its characters are all one width. Read through findPageTables; the
// guards are tables that must stay.

describe('unseen: code listings', () => {
  it('a crontab in a monospaced font is not a table', async () => {
    expect(await tablesOfLayout(layout.crontab())).toEqual([]);
  });

  it('an R session with its comments set in a text font is not a table', async () => {
    expect(await tablesOfLayout(layout.sessionWithTextComments())).toEqual([]);
  });

  it('a ledger printed in a typewriter font stays a table', async () => {
    const tables = await tablesOfLayout(layout.typewriterLedger());
    expect(tables.map((t) => t.rows)).toEqual([layout.LEDGER]);
  });

  it('an R printout of estimates in a monospaced font, stars and signs included, stays a table', async () => {
    const tables = await tablesOfLayout(layout.coefficientPrintout());
    expect(tables.map((t) => t.rows)).toEqual([layout.COEFFICIENTS]);
  });

  it('a table of calls, names in a text font beside monospaced code, stays a table', async () => {
    const tables = await tablesOfLayout(layout.tableOfCalls());
    expect(tables.map((t) => t.rows)).toEqual([layout.CALLS]);
  });
});
