// @vitest-environment jsdom
import '../../../lib/testing/dom.ts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PDFDocument } from 'pdf-lib';
import { ToastContainer } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EncodeOptions, ImageEncoder } from './encode-page.ts';
import { PhotoCapture } from './photo-capture.tsx';
import type { Rotation } from './photo-pages.ts';
// A committed page photo (1200×1600 JPEG), inlined by Vite: the web tests have no Node APIs.
import pageDataUrl from '../../../../tests/fixtures/photos/solicitud-p1.jpg?inline';

// jsdom has no canvas: the encoder is the seam. It answers a real JPEG (a committed fixture page,
// 1200×1600) sized as the browser's would be after scaling and rotation, and records its calls.
const JPEG = Uint8Array.from(atob(pageDataUrl.split(',')[1]!), (c) => c.charCodeAt(0));
let calls: { name: string; rotation: Rotation; options: EncodeOptions }[] = [];
const fakeEncode: ImageEncoder = async (file, rotation, options) => {
  calls.push({ name: (file as File).name, rotation, options });
  const scale = Math.min(1, options.maxSide / 1600);
  const [w, h] = [Math.round(1200 * scale), Math.round(1600 * scale)];
  return rotation % 180 === 0 ? { bytes: JPEG, width: w, height: h } : { bytes: JPEG, width: h, height: w };
};

const photo = (name: string) => new File([JPEG], name, { type: 'image/jpeg' });
let urls = 0;
let revoked: string[] = [];

beforeEach(() => {
  calls = [];
  urls = 0;
  revoked = [];
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => `blob:thumb-${++urls}`, revokeObjectURL: (u: string) => revoked.push(u) }));
});
afterEach(() => vi.unstubAllGlobals());

function renderCapture(onSubmit: (file: File) => Promise<unknown> = async () => undefined) {
  render(
    <>
      <PhotoCapture onSubmit={onSubmit} encode={fakeEncode} />
      <ToastContainer />
    </>,
  );
}

/** The thumbnails' sources, in page order. */
function thumbnails(): string[] {
  return within(screen.getByRole('list', { name: 'Páginas fotografiadas' }))
    .getAllByRole('img')
    .map((img) => img.getAttribute('src') ?? '');
}

describe('PhotoCapture (issue 11)', () => {
  it("'Tomar fotos' opens the tablet's back camera for several photos", () => {
    renderCapture();
    expect(screen.getByRole('button', { name: 'Tomar fotos' })).toBeEnabled();
    const input = screen.getByTestId('camera-input');
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('accept', 'image/*');
    expect(input).toHaveAttribute('capture', 'environment');
    expect(input).toHaveAttribute('multiple');
  });

  it('shows the pages as thumbnails that move, turn and go', async () => {
    const user = userEvent.setup();
    renderCapture();
    await user.upload(screen.getByTestId('camera-input'), [photo('a.jpg'), photo('b.jpg'), photo('c.jpg')]);
    expect(await screen.findByText('3 páginas')).toBeInTheDocument();
    expect(thumbnails()).toEqual(['blob:thumb-1', 'blob:thumb-2', 'blob:thumb-3']);
    expect(screen.getByRole('img', { name: 'Página 1' })).toBeInTheDocument();
    // Thumbnails are small: made at a few hundred pixels, never rotated by the encoder.
    expect(calls.every((c) => c.options.maxSide <= 400 && c.rotation === 0)).toBe(true);

    // The first page cannot go before itself, nor the last after itself.
    expect(screen.getByRole('button', { name: 'Mover la página 1 antes' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Mover la página 3 después' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Mover la página 3 antes' }));
    expect(thumbnails()).toEqual(['blob:thumb-1', 'blob:thumb-3', 'blob:thumb-2']);
    await user.click(screen.getByRole('button', { name: 'Mover la página 1 después' }));
    expect(thumbnails()).toEqual(['blob:thumb-3', 'blob:thumb-1', 'blob:thumb-2']);

    await user.click(screen.getByRole('button', { name: 'Girar la página 2' }));
    const second = screen.getByRole('img', { name: 'Página 2' });
    expect(second).toHaveStyle({ transform: 'rotate(90deg)' });
    await user.click(screen.getByRole('button', { name: 'Girar la página 2' }));
    await user.click(screen.getByRole('button', { name: 'Girar la página 2' }));
    await user.click(screen.getByRole('button', { name: 'Girar la página 2' }));
    expect(screen.getByRole('img', { name: 'Página 2' })).toHaveStyle({ transform: 'rotate(0deg)' });

    await user.click(screen.getByRole('button', { name: 'Quitar la página 1' }));
    expect(thumbnails()).toEqual(['blob:thumb-1', 'blob:thumb-2']);
    expect(revoked).toEqual(['blob:thumb-3']);
    expect(screen.getByText('2 páginas')).toBeInTheDocument();
  });

  it('assembles the pages, in order and turned, into one PDF of N pages under 10 MB, named fotos-fecha-hora', async () => {
    const user = userEvent.setup();
    const sent: File[] = [];
    renderCapture(async (file) => void sent.push(file));
    await user.upload(screen.getByTestId('camera-input'), [photo('a.jpg'), photo('b.jpg'), photo('c.jpg')]);
    await screen.findByText('3 páginas');
    await user.click(screen.getByRole('button', { name: 'Mover la página 3 antes' })); // a, c, b
    await user.click(screen.getByRole('button', { name: 'Girar la página 2' })); // c turned
    calls = [];

    await user.click(screen.getByRole('button', { name: 'Crear PDF y enviar' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    const file = sent[0]!;
    expect(file.type).toBe('application/pdf');
    expect(file.name).toMatch(/^fotos-\d{4}-\d{2}-\d{2}-\d{4}\.pdf$/);
    expect(file.size).toBeLessThan(10 * 1024 * 1024);

    // Each page re-encoded once, at the first (best) step: long side 2000 px, JPEG quality 0.8.
    expect(calls.map((c) => [c.name, c.rotation])).toEqual([
      ['a.jpg', 0],
      ['c.jpg', 90],
      ['b.jpg', 0],
    ]);
    expect(calls.every((c) => c.options.maxSide === 2000 && c.options.quality === 0.8)).toBe(true);

    const pdf = await PDFDocument.load(new Uint8Array(await file.arrayBuffer()));
    expect(pdf.getPageCount()).toBe(3);
    const [first, turned] = pdf.getPages();
    expect(first!.getWidth()).toBeLessThan(first!.getHeight()); // portrait
    expect(turned!.getWidth()).toBeGreaterThan(turned!.getHeight()); // turned sideways
    expect(pdf.getTitle()).toBe(file.name.replace(/\.pdf$/, ''));

    // Queued: the pages are cleared and the agent is told.
    expect(await screen.findByText(`Se creó "${file.name}" con las fotos y quedó en la cola de envío.`)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Páginas fotografiadas' })).toBeNull();
  });

  it('keeps the pages when the PDF could not be stored, and says why', async () => {
    const user = userEvent.setup();
    renderCapture(async () => {
      throw new Error('No hay espacio suficiente en el dispositivo para guardar los archivos. Libera espacio e intenta de nuevo.');
    });
    await user.upload(screen.getByTestId('camera-input'), [photo('a.jpg')]);
    await screen.findByText('1 página');
    await user.click(screen.getByRole('button', { name: 'Crear PDF y enviar' }));
    expect(await screen.findByText(/No hay espacio suficiente en el dispositivo/)).toBeInTheDocument();
    expect(screen.getByText('1 página')).toBeInTheDocument();
  });

  it('refuses files that are not photos', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderCapture();
    await user.upload(screen.getByTestId('camera-input'), [new File(['%PDF-1.4'], 'x.pdf', { type: 'application/pdf' })]);
    expect(await screen.findByText('Solo se permiten fotos (JPG o PNG) en "Tomar fotos".')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Páginas fotografiadas' })).toBeNull();
  });
});
