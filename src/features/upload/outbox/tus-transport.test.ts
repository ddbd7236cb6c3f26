import { afterEach, describe, expect, it, vi } from 'vitest';
import { REMOVED, type SendRequest } from './send-upload';
import { CHUNK_BYTES, createTusTransport } from './tus-transport';

type Load = NonNullable<NonNullable<Parameters<typeof createTusTransport>[1]>['load']>;
type Options = Record<string, unknown> & {
  onProgress: (sent: number, total: number) => void;
  onSuccess: (payload: { lastResponse: ReturnType<typeof response> }) => void;
  onError: (error: Error) => void;
  fingerprint: () => Promise<string>;
};

function response(status: number, body: string) {
  return { getStatus: () => status, getBody: () => body, getHeader: () => undefined, getUnderlyingObject: () => null };
}

/** A DetailedError as tus-js-client gives it: the answer that failed, if any. */
function failure(status?: number, body = '') {
  return Object.assign(new Error('tus: failed'), { originalResponse: status === undefined ? null : response(status, body) });
}

interface Recorded {
  options: Options;
  file: Blob;
  resumed: unknown;
  abort: (terminate?: boolean) => Promise<undefined>;
}

/** A stand-in for tus-js-client: records what the transport asked for; `start` plays `script`. */
function fakeTus(script: (upload: Recorded) => void, previous: { urlStorageKey: string }[] = []) {
  const removeUpload = vi.fn(async () => undefined);
  const uploads: Recorded[] = [];
  class FakeUpload implements Recorded {
    readonly options: Options;
    readonly file: Blob;
    resumed: unknown = null;
    abort = vi.fn(async (_terminate?: boolean) => undefined);
    constructor(file: Blob, options: Options) {
      this.file = file;
      this.options = options;
      uploads.push(this);
    }
    findPreviousUploads = async () => previous;
    resumeFromPreviousUpload(p: unknown) {
      this.resumed = p;
    }
    start() {
      script(this);
    }
  }
  const load = (async () => ({ Upload: FakeUpload, defaultOptions: { urlStorage: { removeUpload } } })) as unknown as Load;
  return { load, uploads, removeUpload };
}

const request: SendRequest = { id: 'c1d2', name: 'solicitud.pdf', type: 'application/pdf', bytes: new Uint8Array([37, 80, 68, 70]).buffer, token: 'tok' };
const send = (load: Load, signal = new AbortController().signal, progress: (f: number) => void = () => undefined, stallMs?: number) =>
  createTusTransport('http://localhost/api/uploads/tus', { load, ...(stallMs ? { stallMs } : {}) })(request, progress, signal);

afterEach(() => vi.useRealTimers());

describe('createTusTransport', () => {
  it('sends the file with its client id and token, in 256 KB chunks, and answers the document of the last response', async () => {
    const { load, uploads } = fakeTus((u) => {
      u.options.onProgress(2, 4);
      u.options.onSuccess({ lastResponse: response(201, JSON.stringify({ message: 'Archivo subido correctamente. Se está procesando.', documents: [{ id: 42 }] })) });
    });
    const fractions: number[] = [];
    const result = await send(load, undefined, (f) => fractions.push(f));
    expect(result).toEqual({ kind: 'sent', message: 'Archivo subido correctamente. Se está procesando.', documentId: 42 });
    expect(fractions).toEqual([0.5]);
    const { options, file } = uploads[0]!;
    expect(options).toMatchObject({
      endpoint: 'http://localhost/api/uploads/tus',
      metadata: { filename: 'solicitud.pdf', clientId: 'c1d2' },
      chunkSize: CHUNK_BYTES,
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
    });
    expect((options.headers as Record<string, string>).Authorization).toBe('Bearer tok');
    // The fingerprint is the client id: a reload finds the same upload, another file never does.
    expect(await options.fingerprint()).toBe('sep-outbox-c1d2');
    expect(file.size).toBe(4);
    expect(CHUNK_BYTES).toBe(256 * 1024);
  });

  it('resumes the upload this browser kept for the same client id', async () => {
    const kept = { urlStorageKey: 'tus::sep-outbox-c1d2::1' };
    const { load, uploads } = fakeTus((u) => u.options.onSuccess({ lastResponse: response(201, '{}') }), [kept]);
    expect((await send(load)).kind).toBe('sent');
    expect(uploads[0]!.resumed).toBe(kept);
  });

  it.each([
    ['no answer (network)', failure(), { kind: 'retry', reachable: false }],
    ['401', failure(401, '{"error":"Sesión no válida"}'), { kind: 'unauthorized' }],
    ['415 refused', failure(415, '{"error":"Solo se permiten archivos PDF","code":"NOT_PDF"}'), { kind: 'rejected', message: 'Solo se permiten archivos PDF' }],
    ['413 at creation', failure(413, '{"error":"El archivo supera el tamaño máximo de 10MB"}'), { kind: 'rejected', message: 'El archivo supera el tamaño máximo de 10MB' }],
    ['404: the partial upload is gone', failure(404, 'The file for this url was not found\n'), { kind: 'retry', reachable: true }],
    ['409 offset conflict', failure(409, 'Upload-Offset conflict\n'), { kind: 'retry', reachable: true }],
    ['507 disk full', failure(507, '{"error":"No hay espacio"}'), { kind: 'retry', reachable: true }],
  ])('maps %s to the outbox’s outcome', async (_name, error, expected) => {
    const { load } = fakeTus((u) => u.options.onError(error));
    expect(await send(load)).toMatchObject(expected);
  });

  it('forgets a refused upload, so nothing is left to resume', async () => {
    const kept = { urlStorageKey: 'tus::sep-outbox-c1d2::1' };
    const { load, removeUpload } = fakeTus((u) => u.options.onError(failure(415, '{"error":"Solo se permiten archivos PDF"}')), [kept]);
    await send(load);
    await vi.waitFor(() => expect(removeUpload).toHaveBeenCalledWith(kept.urlStorageKey));
  });

  it('gives up on a stalled upload, and abandons the upload only when the file was removed from the queue', async () => {
    const stalled = fakeTus(() => undefined);
    expect(await send(stalled.load, undefined, undefined, 20)).toMatchObject({ kind: 'retry', reachable: false });
    expect(stalled.uploads[0]!.abort).toHaveBeenCalled();

    for (const [reason, terminate] of [['signed out', false], [REMOVED, true]] as const) {
      const held = fakeTus(() => undefined);
      const controller = new AbortController();
      const pending = send(held.load, controller.signal);
      await vi.waitFor(() => expect(held.uploads).toHaveLength(1));
      controller.abort(reason);
      expect(await pending).toMatchObject({ kind: 'retry' });
      expect(held.uploads[0]!.abort).toHaveBeenCalledWith(terminate);
    }
  });

  it('retries later when the tus client cannot be loaded (offline before it was cached)', async () => {
    const load = (() => Promise.reject(new Error('Failed to fetch dynamically imported module'))) as Load;
    expect(await send(load)).toMatchObject({ kind: 'retry', reachable: false });
  });
});
