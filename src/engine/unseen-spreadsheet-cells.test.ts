import { describe, expect, it } from 'vitest';
import { extractPdf, extractRawTables } from './extract.ts';
import { rowsByTable } from './rows-by-table.ts';
import { makePdf, unruledTable, type TextSpec } from '../../tests/fixtures/engine/make-pdf.ts';
import { tablesOfLayout } from '../../tests/fixtures/stream/tables-of-layout.ts';

// Classes found on a third spreadsheet producer, Gnumeric (decision 016): cells set a padding apart
// that pdf.js joins into one text item, a header centred over a wide text column beside its values,
// and (the other way round) words of one cell that line up with a word space by chance.

const SIZE = 6;
/** Rows at a spreadsheet's pitch under a header row; `cells` gives each row's texts. */
function sheet(header: Omit<TextSpec, 'y'>[], rows: ((y: number) => TextSpec[])[], wrapped: TextSpec[] = []): TextSpec[] {
  return [...header.map((t) => ({ ...t, y: 100, size: SIZE })), ...wrapped.map((t) => ({ ...t, size: SIZE })), ...rows.flatMap((row, i) => row(110 + 8 * i).map((t) => ({ ...t, size: SIZE })))];
}

async function rowsOf(texts: TextSpec[]): Promise<string[][]> {
  const res = await extractRawTables(await makePdf([{ texts }]));
  if (res.status !== 'ok') throw new Error(res.status);
  expect(res.tables).toHaveLength(1);
  return res.tables[0]!.rows;
}

const ANIMALS: [string, string, string, string][] = [
  ['Bovino', '29', '72,500,000', 'Actual'],
  ['Bovino', '11', '11,550,000', 'A adquirir'],
  ['Caprino', '13', '10,790,000', 'Actual'],
  ['Caprino', '18', '4,500,000', 'Actual'],
  ['Porcino', '9', '124,500,000', 'A adquirir'],
];

describe('unseen: spreadsheet cells', () => {
  it('a figure column a cell padding before a text column, drawn as one text item, is two columns', async () => {
    // Right-aligned totals end 2.5 pt before the left-aligned type: pdf.js joins `11,550,000 A adquirir`
    // into one item; equal shares per character put the figure's end off its column's edge.
    const rows = await rowsOf(
      sheet(
        [{ text: 'Especie', x: 50 }, { text: 'Cabezas', x: 150, align: 'right' }, { text: 'Valor total', x: 230, align: 'right' }, { text: 'Tipo', x: 232.5 }],
        ANIMALS.map(([a, n, v, t]) => (y) => [{ text: a, x: 50, y }, { text: n, x: 150, y, align: 'right' }, { text: v, x: 230, y, align: 'right' }, { text: t, x: 232.5, y }]),
      ),
    );
    expect(rows.map((r) => r.filter((c) => c !== '').slice(-2))).toEqual([['Valor total', 'Tipo'], ...ANIMALS.map(([, , v, t]) => [v, t])]);
  });

  it('a header centred over a wide text column, right of all its values, heads that column', async () => {
    // `Concepto` is centred over a merged cell far wider than its texts; a wrapped `Valor unitario`
    // keeps the header lines out of the lines that make the columns; a section row opens the body.
    const items = ['Sal mineralizada 8%', 'Concentrado', 'Vacuna aftosa', 'Ivermectina 1%'];
    const units = ['Bulto 40 kg', 'Bulto 40 kg', 'Dosis', 'Frasco 500 ml'];
    const rows = await rowsOf(
      sheet(
        [{ text: 'Concepto', x: 150, align: 'center' }, { text: 'Unidad', x: 300, align: 'center' }, { text: 'Cantidad', x: 420, align: 'right' }],
        [(y: number): TextSpec[] => [{ text: '1. ALIMENTACION', x: 50, y }]].concat(items.map((item, i) => (y) => [
          { text: item, x: 50, y },
          { text: units[i]!, x: 250, y },
          { text: String(10 + i * 7), x: 420, y, align: 'right' },
          { text: `${4 + i}.100`, x: 500, y, align: 'right' },
        ])),
        [{ text: 'Valor', x: 500, y: 96, align: 'right' }, { text: 'unitario', x: 500, y: 103, align: 'right' }],
      ),
    );
    expect(rows.slice(2).map((r) => r.slice(0, 2))).toEqual(items.map((item, i) => [item, units[i]]));
    expect(rows[0]!.slice(0, 2)).toEqual(['Concepto', 'Unidad']);
  });

  it('words of one cell that line up a word space apart on three rows stay one cell', async () => {
    // `Cebú` and `Gyr x` are equally wide in Helvetica: `comercial` and `Holstein` start on one edge.
    const breeds = ['Mular', 'Mular', 'Cebú comercial', 'Gyr x Holstein', 'Gyr x Holstein'];
    const rows = await rowsOf(
      sheet(
        [{ text: 'Especie', x: 50 }, { text: 'Raza', x: 130 }, { text: 'Categoría', x: 230 }, { text: 'Cabezas', x: 380, align: 'right' }],
        breeds.map((breed, i) => (y) => [{ text: 'Bovino', x: 50, y }, { text: breed, x: 130, y }, { text: 'Vaca horra', x: 230, y }, { text: String(3 + i), x: 380, y, align: 'right' }]),
      ),
    );
    expect(rows.slice(1).map((r) => r[1])).toEqual(breeds);
  });

  it('figures of one width ending on an edge, centred dates after them, are two columns', async () => {
    // A schedule's second page under its repeated header: instalments 30…41 (all two digits, so
    // their starts line up too) right-aligned a word space or so before dates centred in their cells.
    // pdf-lib draws each cell as its own text item, which the finder already parts; Gnumeric's
    // cells joined into one item (`30 01-dic-2027`) are guarded by tests/fixtures/gnumeric/gnumeric-8303.
    const months = ['jul', 'ago', 'sep', 'oct', 'nov', 'dic', 'ene', 'feb', 'mar', 'abr', 'may', 'jun'].map((m, i) => `${m}-${i < 6 ? 2027 : 2028}`);
    const body = months.map((m, i) => [String(30 + i), `01-${m}`, `${18 - i},337,243`, `${841 + i * 13},285`]);
    const columns = [{ x: 100, align: 'right' as const }, { x: 129, align: 'center' as const }, { x: 220, align: 'right' as const }, { x: 290, align: 'right' as const }];
    const { texts } = unruledTable(columns, body, 100, { size: 9 });
    const tables = await tablesOfLayout({ texts });
    const schedule = tables.find((t) => t.rows.some((row) => row.includes('841,285')));
    expect(schedule?.rows.map((r) => r.slice(0, 2))).toEqual(body.map((r) => r.slice(0, 2)));
  });

  it('rows under a repeated print title continue the table above, in its columns', async () => {
    // The schedule's header row repeats on every page; the yearly summary after the schedule runs
    // onto page 2, so its rows print under the schedule's header, in the summary's own columns.
    const SCHEDULE = [{ x: 80, align: 'right' as const }, { x: 130, align: 'center' as const }, { x: 230, align: 'right' as const }, { x: 300, align: 'right' as const }, { x: 380, align: 'right' as const }, { x: 460, align: 'right' as const }];
    const SUMMARY = [{ x: 100, align: 'right' as const }, { x: 170, align: 'right' as const }, { x: 250, align: 'right' as const }, { x: 340, align: 'right' as const }, { x: 420, align: 'right' as const }];
    const header = ['Periodo', 'Fecha', 'Abono a capital', 'Intereses', 'Valor cuota', 'Saldo'];
    const instalments = Array.from({ length: 6 }, (_, i) => [String(i + 1), `23/0${i + 1}/2025`, '1,000,000', `${300 - i * 10},000`, `${1300 - i * 10},000`, `${(20 - i) * 1000},000`]);
    const years = [2025, 2026, 2027, 2028, 2029].map((y, i) => [String(y), `${3 + i},311,213`, `${12 - i},605,663`, '15,916,876', `${82 - i * 9},988,787`]);
    const schedule = unruledTable(SCHEDULE, [header, ...instalments], 100, { size: 8 });
    const summary = unruledTable(SUMMARY, [['Año', 'Capital', 'Intereses', 'Total pagado', 'Saldo'], years[0]!], schedule.next + 30, { size: 8 });
    const repeated = unruledTable(SCHEDULE, [header], 60, { size: 8 });
    const rest = unruledTable(SUMMARY, years.slice(1), repeated.next, { size: 8 });
    const result = await extractPdf(
      await makePdf([
        { texts: [{ text: 'DETALLE PLAN DE AMORTIZACIÓN', x: 50, y: 80, size: 9 }, ...schedule.texts, { text: 'RESUMEN ANUAL', x: 50, y: schedule.next + 16, size: 9 }, ...summary.texts] },
        { texts: [...repeated.texts, ...rest.texts] },
      ]),
    );
    if (result.status !== 'ok') throw new Error(result.status);
    const tables = rowsByTable(result);
    expect(tables.PlanAmortizacionDetalle).toHaveLength(instalments.length);
    expect(tables.PlanAmortizacionResumen?.map((r) => r.anio)).toEqual([2025, 2026, 2027, 2028, 2029]);
  });
});

