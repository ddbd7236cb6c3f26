import { describe, expect, it } from 'vitest';
import { extractRawTables } from './extract.ts';
import { makePdf } from '../../tests/fixtures/engine/make-pdf.ts';
import { centredRowsPage, rowsAsRead, type CentredRow } from '../../tests/fixtures/engine/centred-rows.ts';

// A class of tables cut in two (issue 10, general tables, LibreOffice Writer; decision 018,
// fourth pass). A group label row (`Ricambi`, the other cells empty) over a row whose values are
// set vertically centred against a label wrapped over two lines: the row's first line holds words
// only, so the group label read as a new table's title over that "header", with values under it,
// and the table was cut there (batch 8's booktabs gen-8-17, batch 6's zebra gen-6-11 page 2). The
// values of that row sit half a line under its first line; a header's first row of values never
// sits nearer than a line's leading.

const HEADER = ['Prodotto', 'Prodotto 3', 'Numero', 'Indice', 'Unità'];
const GROUP = (label: string): CentredRow => [[label], '', '', '', ''];
const BODY: CentredRow[] = [
  GROUP('Cancelleria'),
  [['Ufficio sud y otros', 'conceptos'], ['Squadra esterna', 'and related items'], '968', '175,2', '660'],
  [['Assistenza clienti'], 'Ricambi', '883', '12,5', '1.204'],
  [['Vendite online', '(phase 2)'], ['Riparazioni e', 'manutenzione'], '233.947', '503,07', '71'],
  [['Regione nord'], 'Regione nord', '667', '993,9', '308'],
  [['Consulenze e', 'manutenzione'], ['Negozio principale', 'y otros conceptos'], '172', '-426,93', '45'],
  GROUP('Ricambi'),
  [['Consulenze y otros', 'conceptos'], ['Riparazioni e', 'manutenzione'], '126', '700,5', '2.310'],
  [['Laboratorio'], 'Regione nord', '447', '536,0', '93'],
  [['Squadra esterna and', 'related items'], ['Negozio', 'principale'], '17.210', '523,64', '817'],
];

describe('unseen: a group label over a row centred against a wrapped label', () => {
  it('keeps the table whole', async () => {
    const page = centredRowsPage(HEADER, BODY, { size: 9, leading: 10.35, pad: 2.5, stripes: false });
    const res = await extractRawTables(await makePdf([page]));
    if (res.status !== 'ok') throw new Error(res.status);
    expect(res.tables).toHaveLength(1);
    expect(res.tables[0]!.rows).toEqual(rowsAsRead(HEADER, BODY));
  });
});
