// @vitest-environment jsdom
import '../../../lib/testing/dom.ts';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { reportReachability } from '../../../lib/pwa/connectivity.ts';
import { ExportButtons } from './export-buttons.tsx';

afterEach(() => reportReachability(true));

describe('ExportButtons offline (issue 11)', () => {
  it('are disabled with the reason visible and tied to each button', () => {
    render(<ExportButtons table="CostosDirectos" filters={{ search: '', nosolicitud: '', sortByNosolicitud: false }} />);
    const buttons = [screen.getByRole('button', { name: 'Exportar CSV' }), screen.getByRole('button', { name: 'Exportar Excel' })];
    for (const b of buttons) expect(b).toBeEnabled();
    act(() => reportReachability(false));
    for (const b of buttons) {
      expect(b).toBeDisabled();
      expect(b).toHaveAccessibleDescription('Sin conexión: esta acción necesita el servidor y se activará cuando vuelva la conexión.');
    }
    expect(screen.getAllByText(/^Sin conexión: esta acción necesita el servidor/)).toHaveLength(1);
  });
});
