import { describe, expect, it } from 'vitest';
import { extractRawTables } from './extract.ts';
import { makePdf } from '../../tests/fixtures/engine/make-pdf.ts';
import { centredRowsPage, rowsAsRead, type CentredRow } from '../../tests/fixtures/engine/centred-rows.ts';

// A class of split rows (issue 10, general tables; decision 018, third pass): rows of an unruled
// table (no rules, no stripes) vertically centred against a label wrapped over three or four lines, the
// values on the label's middle (LibreOffice Writer, rows padded by less than a line). Decision 012
// joins a label wrapped over two lines; the first and last lines of a longer label each read as
// a row of their own.

const HEADER = ['Producto', 'Área', 'Pedidos', 'Horas', 'Unidades'];
const BODY: CentredRow[] = [
  [['Fletes'], ['Atención al cliente', '(fase 2)'], '229.548', '195,4', '600'],
  [['Cursos de formación'], 'Equipo de campo', '58.905', '623,4', '280'],
  [['Cursos de formación La', 'siguiente tabla resume'], ['Honorarios de', 'asesoría'], '210.640', '383,55', '685'],
  [['Equipo de campo Las cifras', 'expresan en miles de'], 'Oficina sur', '751', '909,7', '757'],
  [['Atención al cliente La', 'siguiente tabla resume los', 'resultados del'], ['Cursos de', 'formación'], '39.478', '359,0', '192.416'],
  [['Cursos de formación y otros', 'conceptos El área', 'puede dar más detalles', 'a'], ['Reparaciones y', 'mantenimiento'], '78.713', '664,21', '132'],
  [['Ventas en línea La siguiente', 'tabla resume los resultados', 'del periodo analizado.'], 'Tienda principal', '29.881', '759,3', '15.985'],
];

describe('unseen: rows centred against a label wrapped over three or four lines, unruled', () => {
  it('keeps the label lines above and below the values in their row', async () => {
    const page = centredRowsPage(HEADER, BODY, { size: 11, leading: 12.65, pad: 2.3, stripes: false });
    const res = await extractRawTables(await makePdf([page]));
    if (res.status !== 'ok') throw new Error(res.status);
    expect(res.tables).toHaveLength(1);
    expect(res.tables[0]!.rows).toEqual(rowsAsRead(HEADER, BODY));
  });
});
