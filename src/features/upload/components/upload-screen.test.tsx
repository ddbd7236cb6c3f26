// @vitest-environment jsdom
import '../../../lib/testing/dom.ts';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import { SWRConfig } from 'swr';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { UploadScreen } from './upload-screen.tsx';

// The screen is tested through its seam: whatever sends the files (sequential upload or the outbox).
// A plain function: with a rejecting vi.fn here, vitest 4 failed the test although the screen caught it.
let calls: File[][] = [];
let submitImpl: (files: File[]) => Promise<unknown> = async () => undefined;
vi.mock('../api/submit-files.ts', () => ({
  useSubmitFiles: () => ({
    submit: (files: File[]) => {
      calls.push(files);
      return submitImpl(files);
    },
  }),
}));
vi.mock('./recent-uploads.tsx', () => ({ RecentUploads: () => null }));

const pdf = (name: string) => new File(['%PDF-1.4'], name, { type: 'application/pdf' });

function renderScreen() {
  return render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <UploadScreen />
      <ToastContainer />
    </SWRConfig>,
  );
}

beforeEach(() => {
  calls = [];
  submitImpl = async () => undefined;
});

describe('UploadScreen (spec §2, §5)', () => {
  it('keeps three files of four, counts them and shows the limit toast', async () => {
    const user = userEvent.setup();
    renderScreen();
    expect(screen.getByText('0/3 archivos seleccionados')).toBeInTheDocument();
    await user.upload(screen.getByTestId('file-input'), [pdf('a.pdf'), pdf('b.pdf'), pdf('c.pdf'), pdf('d.pdf')]);
    expect(screen.getByText('3/3 archivos seleccionados')).toBeInTheDocument();
    expect(await screen.findByText('Solo se permiten 3 archivos como máximo')).toBeInTheDocument();
    expect(screen.queryByText('d.pdf')).toBeNull();
    expect(screen.getAllByText('<0,01 MB')).toHaveLength(3);
  });

  it('removes a file from the selection', async () => {
    const user = userEvent.setup();
    renderScreen();
    await user.upload(screen.getByTestId('file-input'), [pdf('a.pdf'), pdf('b.pdf')]);
    await user.click(screen.getByRole('button', { name: 'Quitar a.pdf' }));
    expect(screen.getByText('1/3 archivos seleccionados')).toBeInTheDocument();
    expect(screen.queryByText('a.pdf')).toBeNull();
  });

  it('with nothing selected, processing says so and sends nothing', async () => {
    const user = userEvent.setup();
    renderScreen();
    await user.click(screen.getByRole('button', { name: 'Procesar Archivos' }));
    expect(await screen.findByText('No hay archivos para procesar')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('clears the selection after a successful send, showing Procesando... meanwhile', async () => {
    const user = userEvent.setup();
    let resolve: (v: unknown) => void = () => undefined;
    submitImpl = () => new Promise((r) => (resolve = r));
    renderScreen();
    await user.upload(screen.getByTestId('file-input'), [pdf('a.pdf')]);
    await user.click(screen.getByRole('button', { name: 'Procesar Archivos' }));
    expect(screen.getByRole('button', { name: 'Procesando...' })).toBeDisabled();
    expect(calls.map((files) => files.map((f) => f.name))).toEqual([['a.pdf']]);
    resolve({ kind: 'queued', count: 1 });
    await waitFor(() => expect(screen.getByText('0/3 archivos seleccionados')).toBeInTheDocument());
  });

  it('keeps the selection and shows the failure toast when sending fails', async () => {
    const user = userEvent.setup();
    submitImpl = async () => {
      throw new Error('Solo se permiten archivos PDF');
    };
    renderScreen();
    await user.upload(screen.getByTestId('file-input'), [pdf('a.pdf')]);
    await user.click(screen.getByRole('button', { name: 'Procesar Archivos' }));
    expect(await screen.findByText('Error al procesar los archivos. Intenta de nuevo más tarde.')).toBeInTheDocument();
    expect(screen.getByText('Solo se permiten archivos PDF')).toBeInTheDocument();
    expect(screen.getByText('1/3 archivos seleccionados')).toBeInTheDocument();
  });

  it('refuses a file over 10 MB with a clear toast', async () => {
    const user = userEvent.setup();
    renderScreen();
    const big = pdf('big.pdf');
    Object.defineProperty(big, 'size', { value: 11 * 1024 * 1024 });
    await user.upload(screen.getByTestId('file-input'), [big]);
    expect(await screen.findByText('El archivo "big.pdf" supera el máximo de 10MB por archivo')).toBeInTheDocument();
    expect(screen.getByText('0/3 archivos seleccionados')).toBeInTheDocument();
  });
});
