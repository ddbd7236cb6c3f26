import { describe, expect, it } from 'vitest';
import type { TableRow } from '../../shared/catalog/index.ts';
import { lostDecimals, markReadings, mendRowProduct, printedDecimals } from './ocr-numbers.ts';
import { mendAccountingMarks, parseCell, regroupAmount } from './parse-cell.ts';

describe('amounts whose separators OCR read as spaces (regroupAmount)', () => {
  it('joins digit groups when every mark stands a multiple of three digits from the units', () => {
    expect(regroupAmount('9 403.265')).toBe('9403265');
    expect(regroupAmount('$3 955841')).toBe('3955841');
    expect(regroupAmount('$ 2816.609')).toBe('2816609');
    expect(regroupAmount('1,482500.00')).toBe('1482500.00');
    expect(parseCell('9792 688', 'money', 'co')).toEqual({ value: 9792688, ok: true });
  });
  it('leaves a number whose marks fall elsewhere: a digit was misread, not a mark', () => {
    expect(regroupAmount('$3.955 8472')).toBeUndefined();
    expect(regroupAmount('$3 94.285')).toBeUndefined();
    expect(parseCell('$3 94.285', 'money', 'co').ok).toBe(false);
    // Quantities are not regrouped (`16 5` may be two cells' worth).
    expect(parseCell('9 403.265', 'decimal', 'co').ok).toBe(false);
  });
});

describe('accounting marks OCR misread (mendAccountingMarks)', () => {
  it('reads a dash after a dollar sign taken for a letter or a digit as zero', () => {
    for (const text of ['s-', 'S -', '5-', 's –']) expect(parseCell(text, 'money', 'co')).toEqual({ value: 0, ok: true });
  });
  it('reads an amount that kept only its closing parenthesis as negative', () => {
    expect(parseCell('3.211.831)', 'money', 'co')).toEqual({ value: -3211831, ok: true });
    expect(parseCell('$ 1.250.000)', 'money', 'co')).toEqual({ value: -1250000, ok: true });
  });
  it('changes no digit and leaves other columns and other texts alone', () => {
    expect(mendAccountingMarks('s')).toBeUndefined();
    expect(mendAccountingMarks('55-')).toBeUndefined();
    expect(mendAccountingMarks('(3.211.831)')).toBeUndefined();
    expect(parseCell('s-', 'int', 'co').ok).toBe(false);
    expect(parseCell('5-', 'decimal', 'co').ok).toBe(false);
    expect(parseCell('Total)', 'money', 'co').ok).toBe(false);
  });
});

describe('amounts that lost every mark (lostDecimals)', () => {
  const cells = ['4,082,784.00', '1,482,500.00', '657,362.00', '408278400', 'Insumos'];
  it('drops the two decimals of a bare amount in a table whose amounts print them', () => {
    const decimals = printedDecimals(cells);
    expect(decimals).toEqual(new Set(['00']));
    expect(lostDecimals('408278400', decimals)).toBe(4082784);
    expect(lostDecimals('$148250000', decimals)).toBe(1482500);
  });
  it('keeps bare amounts where the table prints whole amounts, and short or odd ones', () => {
    expect(printedDecimals(['4.082.784', '1.482.500', '657.362,00', '408278400'])).toBeUndefined();
    expect(lostDecimals('408278400', undefined)).toBeUndefined();
    expect(lostDecimals('1500', new Set(['00']))).toBeUndefined();
    expect(lostDecimals('408278437', new Set(['00']))).toBeUndefined();
  });
});

describe('a row whose total is its product (mendRowProduct)', () => {
  it('puts back a quantity’s lost decimal mark when that alone makes the product agree', () => {
    const row: TableRow = { cantidad: 69, valor_unitario: 62000, valor_total: 427800 };
    expect(mendRowProduct('CostosDirectos', row, { cantidad: '69', valor_unitario: '62,000.00', valor_total: '427,800.00' })).toEqual(['cantidad']);
    expect(row.cantidad).toBe(6.9);
  });
  it('reads a mark the other way (16.784 → 16784) and mends two cells of one crop row', () => {
    const row: TableRow = { cantidad: 16.784, valor_unitario: 1600, valor_total: 26854400 };
    mendRowProduct('CostosDirectos', row, { cantidad: '16.784', valor_unitario: '$1.600', valor_total: '$26.854.400' });
    expect(row.cantidad).toBe(16784);
    const crop: TableRow = { area_ha: 197, rendimiento: 16.5, precio_unitario: 1100, valor_produccion: 35755500 };
    mendRowProduct('CultivoProyecto', crop, { area_ha: '197', rendimiento: '16.500', precio_unitario: '$1,100.00', valor_produccion: '$35,755,500.00' });
    expect(crop).toMatchObject({ area_ha: 1.97, rendimiento: 16500 });
  });
  it('decides between two readings by the column that prints decimals, else leaves the row', () => {
    const texts = { area_ha: '133', rendimiento: '70', precio_unitario: '118.000', valor_produccion: '109.858.000' };
    const a: TableRow = { area_ha: 133, rendimiento: 70, precio_unitario: 118000, valor_produccion: 109858000 };
    expect(mendRowProduct('CultivoProyecto', a, texts)).toEqual([]);
    expect(mendRowProduct('CultivoProyecto', a, texts, new Set(['area_ha']))).toEqual(['area_ha']);
    expect(a.area_ha).toBe(13.3);
  });
  it('never changes a digit: a total no mark reaches stays as read', () => {
    const row: TableRow = { cantidad: 94, valor_unitario: 3900, valor_total: 356600 };
    expect(mendRowProduct('CostosDirectos', row, { cantidad: '94', valor_unitario: '3.900', valor_total: '356.600' })).toEqual([]);
    expect(row.valor_total).toBe(356600);
    expect(markReadings('1', 1)).toEqual([]);
  });
});
