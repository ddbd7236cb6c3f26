// @vitest-environment jsdom
import '../../../lib/testing/dom.ts';
import 'fake-indexeddb/auto';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createOutboxStore } from '../../../lib/offline-store/outbox-store.ts';
import { reportReachability } from '../../../lib/pwa/connectivity.ts';
import { Outbox } from './outbox.ts';
import { OutboxPanel } from './outbox-panel.tsx';
import type { SendResult } from './send-upload.ts';
import { OutboxContext } from './use-outbox.ts';

let n = 0;

function pdf(name: string): File {
  return new File([new Uint8Array(2 * 1024 * 1024)], name, { type: 'application/pdf' });
}

/** A transport whose answer the test releases by hand, to see the 'enviando' state. */
function heldTransport() {
  const pending: { resolve: (r: SendResult) => void; progress: (f: number) => void }[] = [];
  const transport = (_req: unknown, onProgress: (f: number) => void) =>
    new Promise<SendResult>((resolve) => pending.push({ resolve, progress: onProgress }));
  return { transport, pending };
}

function setup() {
  const held = heldTransport();
  const outbox = new Outbox({
    store: createOutboxStore(`panel-${++n}`),
    transport: held.transport,
    getToken: () => 't',
    checkRoom: async () => ({ fits: true, persisted: true, freeBytes: null }),
  });
  render(
    <OutboxContext.Provider value={outbox}>
      <OutboxPanel />
    </OutboxContext.Provider>,
  );
  return { outbox, held };
}

describe('OutboxPanel', () => {
  it('shows each file as enviando with progress, then enviado or error with the reason', async () => {
    const { outbox, held } = setup();
    await act(() => outbox.setOwner('u1'));
    await act(async () => void (await outbox.enqueue([pdf('uno.pdf'), pdf('dos.pdf')])));

    await waitFor(() => expect(held.pending).toHaveLength(1));
    act(() => held.pending[0]!.progress(0.4));
    const first = screen.getByText('uno.pdf').closest('li')!;
    expect(within(first).getByText('enviando')).toBeInTheDocument();
    expect(within(first).getByRole('progressbar')).toHaveAttribute('value', '40');
    expect(within(screen.getByText('dos.pdf').closest('li')!).getByText('pendiente')).toBeInTheDocument();
    expect(within(first).queryByRole('button', { name: /Quitar/ })).toBeNull();

    await act(async () => held.pending[0]!.resolve({ kind: 'sent', message: 'ok' }));
    await waitFor(() => expect(held.pending).toHaveLength(2));
    await act(async () => held.pending[1]!.resolve({ kind: 'rejected', message: 'Solo se permiten archivos PDF' }));

    await waitFor(() => expect(within(screen.getByText('dos.pdf').closest('li')!).getByText('error')).toBeInTheDocument());
    expect(within(screen.getByText('uno.pdf').closest('li')!).getByText('enviado')).toBeInTheDocument();
    expect(screen.getByText('Solo se permiten archivos PDF')).toBeInTheDocument();
  });

  it("'Quitar' removes a rejected file and 'Reintentar' sends it again", async () => {
    const { outbox, held } = setup();
    await act(() => outbox.setOwner('u1'));
    await act(async () => void (await outbox.enqueue([pdf('a.pdf'), pdf('b.pdf')])));
    await waitFor(() => expect(held.pending).toHaveLength(1));
    await act(async () => held.pending[0]!.resolve({ kind: 'rejected', message: 'malo' }));
    await waitFor(() => expect(held.pending).toHaveLength(2));
    await act(async () => held.pending[1]!.resolve({ kind: 'rejected', message: 'malo' }));
    await waitFor(() => expect(screen.getAllByText('error')).toHaveLength(2));

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Quitar a.pdf' }));
    await waitFor(() => expect(screen.queryByText('a.pdf')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Reintentar b.pdf' }));
    await waitFor(() => expect(held.pending).toHaveLength(3));
    expect(within(screen.getByText('b.pdf').closest('li')!).getByText('enviando')).toBeInTheDocument();
  });

  it("offline, 'Reintentar' is disabled and says why; 'Quitar' still works", async () => {
    const { outbox, held } = setup();
    await act(() => outbox.setOwner('u1'));
    await act(async () => void (await outbox.enqueue([pdf('c.pdf')])));
    await waitFor(() => expect(held.pending).toHaveLength(1));
    await act(async () => held.pending[0]!.resolve({ kind: 'rejected', message: 'malo' }));
    const retry = await screen.findByRole('button', { name: 'Reintentar c.pdf' });
    expect(retry).toBeEnabled();

    act(() => reportReachability(false));
    expect(retry).toBeDisabled();
    const reason = 'Sin conexión: esta acción necesita el servidor y se activará cuando vuelva la conexión.';
    expect(screen.getByText(reason)).toBeVisible();
    expect(retry).toHaveAccessibleDescription(reason);
    expect(retry).toHaveAttribute('title', reason);
    expect(screen.getByRole('button', { name: 'Quitar c.pdf' })).toBeEnabled();

    act(() => reportReachability(true));
    expect(retry).toBeEnabled();
    expect(screen.queryByText(reason)).toBeNull();
  });
});
