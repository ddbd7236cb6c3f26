// @vitest-environment jsdom
import '../../../lib/testing/dom.ts';
import { render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findTable, tableColumns } from '../../../shared/catalog/index.ts';
import { DataTable } from './data-table.tsx';

const columns = tableColumns(findTable('CostosDirectos')!.columns);
const rows = [
  { nosolicitud: '009176', actividad: 'Siembra', concepto: 'Urea', tipo: 'Insumo', unidad: 'Bulto', cantidad: 2.5, valor_unitario: 120000, valor_total: 300000 },
  { nosolicitud: '009176', actividad: 'Siembra', concepto: 'Jornal', tipo: 'Mano de obra', unidad: 'Jornal', cantidad: 4, valor_unitario: 50000, valor_total: 200000 },
];

function renderTable(totals?: Record<string, number | null>) {
  return render(<DataTable rows={rows} columns={columns} sortByNosolicitud={false} onToggleSort={() => undefined} caption="Costos directos" totals={totals} />);
}

afterEach(() => vi.restoreAllMocks());

describe('DataTable (issue 12: tables people can read)', () => {
  it('heads columns with the Spanish label and the row key on a second, smaller line', () => {
    renderTable();
    const header = screen.getByRole('columnheader', { name: 'Valor unitario valor_unitario' });
    expect(header.querySelector('.th-key')).toHaveTextContent('valor_unitario');
    expect(screen.getByRole('columnheader', { name: /^N° Solicitud nosolicitud/ })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Concepto concepto' })).toBeInTheDocument();
  });

  it('aligns numeric headers with their numbers, and keeps N° Solicitud sticky', () => {
    renderTable();
    expect(screen.getByRole('columnheader', { name: 'Valor total valor_total' })).toHaveClass('num');
    expect(screen.getByRole('columnheader', { name: 'Cantidad cantidad' })).toHaveClass('num');
    expect(screen.getByRole('columnheader', { name: 'Concepto concepto' })).not.toHaveClass('num');
    // Sticky in CSS (data.css: .col-nosolicitud position: sticky); every cell of the column has the class.
    const cells = screen.getAllByRole('cell').filter((c) => c.textContent === '009176');
    expect(cells).toHaveLength(2);
    for (const cell of cells) expect(cell).toHaveClass('col-nosolicitud');
    expect(screen.getByRole('columnheader', { name: /^N° Solicitud/ })).toHaveClass('col-nosolicitud');
  });

  it("ends with a 'Total' row of the summed columns, in the table's Colombian format", () => {
    renderTable({ cantidad: 6.5, valor_total: 1234567.5 });
    const footer = screen.getAllByRole('rowgroup').at(-1)!;
    const total = within(footer).getByRole('row');
    expect(within(total).getByRole('rowheader', { name: 'Total' })).toHaveClass('col-nosolicitud');
    expect(within(total).getByText('6,5')).toHaveClass('num');
    expect(within(total).getByText('$ 1.234.567,5')).toHaveClass('num');
    // Unit prices are not summed: their cell stays empty.
    expect(within(total).getAllByRole('cell').filter((c) => c.textContent !== '')).toHaveLength(2);
  });

  it('has no totals row while the totals are unknown', () => {
    renderTable();
    expect(screen.queryByRole('rowheader', { name: 'Total' })).toBeNull();
  });

  it('says there are more columns to the right when the table is wider than its frame', async () => {
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(1200);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(400);
    renderTable();
    const region = screen.getByRole('region', { name: 'Costos directos' });
    // Measured in the next animation frame, before the browser paints it (ScrollFrame).
    await waitFor(() => expect(region).toHaveAccessibleDescription('Hay más columnas a la derecha: desplace la tabla hacia los lados.'));
    expect(region.parentElement).toHaveClass('has-more-right');
  });

  it('shows no scroll cue when everything fits', () => {
    renderTable();
    const region = screen.getByRole('region', { name: 'Costos directos' });
    expect(region).not.toHaveAttribute('aria-describedby');
    expect(region.parentElement).not.toHaveClass('has-more-right');
  });
});
