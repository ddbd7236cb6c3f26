import { describe, expect, it } from 'vitest';
import { truncateHeader, truncateNosolicitud } from './truncate.ts';
import { formatCell } from './format-cell.ts';
import { paths } from '../../shared/paths.ts';
import { readDataQuery, resolveTable } from './data-params.ts';

describe('truncation (spec §2)', () => {
  it('cuts headers over 20 characters to 15 plus an ellipsis', () => {
    expect(truncateHeader('a'.repeat(20))).toBe('a'.repeat(20));
    expect(truncateHeader('precio_unitario_de_venta')).toBe('precio_unitario...');
  });
  it('cuts request numbers over 20 characters to 20 plus an ellipsis', () => {
    expect(truncateNosolicitud('12345678901234567890')).toBe('12345678901234567890');
    expect(truncateNosolicitud('123456789012345678901')).toBe('12345678901234567890...');
  });
});

describe('formatCell', () => {
  it('formats by the catalogue type', () => {
    expect(formatCell(1234567, 'money')).toBe('$ 1.234.567');
    expect(formatCell(12.5, 'hectares')).toBe('12,5');
    expect(formatCell(12.2, 'percent')).toBe('12,2%');
    expect(formatCell('2025-04-15', 'date')).toBe('15/04/2025');
    expect(formatCell(null, 'money')).toBe('');
    expect(formatCell('Maíz', 'text')).toBe('Maíz');
  });
});

describe('data screen URL state', () => {
  it('reads and writes the four parameters', () => {
    const { table, filters } = readDataQuery(new URLSearchParams('table=CostosDirectos&search=urea&nosolicitud=123&sortByNosolicitud=true'));
    expect(table).toBe('CostosDirectos');
    expect(filters).toEqual({ search: 'urea', nosolicitud: '123', sortByNosolicitud: true });
    expect(paths.dashboard.data.getSearch({ table, ...filters, search: ' ', sortByNosolicitud: false })).toBe('table=CostosDirectos&nosolicitud=123');
  });
  it('redirects a missing or unknown table to the first of the list, or CultivoProyecto', () => {
    expect(resolveTable('CostosDirectos', ['A', 'CostosDirectos'])).toEqual({ table: 'CostosDirectos', redirect: false });
    expect(resolveTable('Nope', ['A', 'B'])).toEqual({ table: 'A', redirect: true });
    expect(resolveTable(null, ['A'])).toEqual({ table: 'A', redirect: true });
    expect(resolveTable('X', [])).toEqual({ table: 'CultivoProyecto', redirect: true });
  });
});
