// @vitest-environment jsdom
import '../../lib/testing/dom.ts';
import 'fake-indexeddb/auto';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { createOutboxStore } from '../../lib/offline-store/outbox-store.ts';
import { reportReachability } from '../../lib/pwa/connectivity.ts';
import { Outbox } from '../../features/upload/outbox/outbox.ts';
import { OutboxContext } from '../../features/upload/outbox/use-outbox.ts';
import { chooseBanner, ConnectionBanner, type BannerInput } from './connection-banner.tsx';

const OFFLINE_FILES = 'Sin conexión: los archivos se enviarán automáticamente cuando vuelva la conexión';
const base: BannerInput = { connection: 'online', onUploadScreen: false, waiting: 0, cachedDate: null };

describe('chooseBanner: one banner at a time, offline > slow > files waiting (issue 11)', () => {
  it('online with nothing waiting: no banner', () => {
    expect(chooseBanner(base)).toBeNull();
    expect(chooseBanner({ ...base, onUploadScreen: true })).toBeNull();
  });

  it('offline speaks of the files on the upload screen or when files wait, else of the data on screen', () => {
    expect(chooseBanner({ ...base, connection: 'offline', onUploadScreen: true })).toMatchObject({ tone: 'offline', title: OFFLINE_FILES, details: [] });
    expect(chooseBanner({ ...base, connection: 'offline', waiting: 2, cachedDate: '07/03/2025 09:15' })).toMatchObject({
      tone: 'offline',
      title: OFFLINE_FILES,
      details: ['Se muestran datos guardados del 07/03/2025 09:15.'],
    });
    expect(chooseBanner({ ...base, connection: 'offline', cachedDate: '07/03/2025 09:15' })).toMatchObject({ title: 'Sin conexión — datos del 07/03/2025 09:15' });
    expect(chooseBanner({ ...base, connection: 'offline' })!.title).toMatch(/^Sin conexión con el servidor\./);
  });

  it("slow says 'Conexión lenta' and that sending goes on; files waiting elsewhere link to the queue", () => {
    expect(chooseBanner({ ...base, connection: 'slow', waiting: 1, onUploadScreen: true })).toEqual({
      tone: 'slow',
      title: 'Conexión lenta',
      details: ['Los archivos se siguen enviando; puede tardar más de lo normal.'],
      toQueue: false,
    });
    expect(chooseBanner({ ...base, connection: 'slow', waiting: 1 })!.toQueue).toBe(true);
    expect(chooseBanner({ ...base, connection: 'slow' })!.details).toEqual(['Las páginas pueden tardar más en cargar.']);
  });

  it('online with files waiting away from the upload screen: an info line with the way to the queue', () => {
    expect(chooseBanner({ ...base, waiting: 3 })).toEqual({ tone: 'info', title: '3 archivos en cola de envío.', details: [], toQueue: true });
    expect(chooseBanner({ ...base, waiting: 1, onUploadScreen: true })).toBeNull();
  });
});

describe('ConnectionBanner', () => {
  afterEach(() => reportReachability(true));

  it('follows the connection, one status line at a time', () => {
    const outbox = new Outbox({
      store: createOutboxStore('banner-test'),
      transport: async () => ({ kind: 'sent', message: 'ok' }),
      getToken: () => 't',
      checkRoom: async () => ({ fits: true, persisted: true, freeBytes: null }),
    });
    render(
      <OutboxContext.Provider value={outbox}>
        <MemoryRouter initialEntries={['/dashboard/upload']}>
          <ConnectionBanner />
        </MemoryRouter>
      </OutboxContext.Provider>,
    );
    expect(screen.queryByRole('status')).toBeNull();
    act(() => reportReachability(false));
    expect(screen.getByRole('status')).toHaveTextContent(OFFLINE_FILES);
    expect(screen.getAllByRole('status')).toHaveLength(1);
    act(() => reportReachability(true));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
