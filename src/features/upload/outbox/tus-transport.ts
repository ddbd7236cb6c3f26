import type { DetailedError, HttpResponse, Upload } from 'tus-js-client';
import { classifyResponse, REMOVED, type SendResult, type Transport } from './send-upload';

/** One PATCH per 256 KB: progress and resumption are that fine-grained on a slow link. */
export const CHUNK_BYTES = 256 * 1024;
/** An upload that makes no progress for this long is treated as a dropped connection. */
export const STALL_MS = 60_000;
/** tus-js-client's own quick retries of a failed request; past them the outbox's back-off takes over. */
const RETRY_DELAYS = [1_000, 3_000];

type TusModule = typeof import('./tus-client.ts');

/** The tus client is its own chunk, fetched at the first send (and precached by the service worker). */
const loadTus = (): Promise<TusModule> => import('./tus-client.ts');

function bodyOf(response: HttpResponse): unknown {
  try {
    return JSON.parse(response.getBody()) as unknown;
  } catch {
    // tus's own plain-text answers, a proxy's HTML page: classified by status alone.
    return null;
  }
}

function failureOf(error: Error | DetailedError): SendResult {
  const response = 'originalResponse' in error ? error.originalResponse : null;
  if (!response) return classifyResponse(0, null);
  const status = response.getStatus();
  // The partial upload is gone (expired, or finished and answered before): the next attempt starts
  // a new one, and the client id still makes it one document.
  if (status === 404 || status === 410) return classifyResponse(503, null);
  return classifyResponse(status, bodyOf(response));
}

/**
 * Sends one queued file with the tus resumable protocol (docs/decisions/052) to `endpoint`: a file
 * cut mid-send resumes where it stopped, even after a reload, because the upload's address is kept
 * (localStorage) under a fingerprint made of the outbox's client id. The finishing answer is the
 * multipart upload's JSON; outcomes map to the outbox's like that upload's statuses do.
 */
export function createTusTransport(endpoint: string, options: { stallMs?: number; load?: () => Promise<TusModule> } = {}): Transport {
  const stallMs = options.stallMs ?? STALL_MS;
  const load = options.load ?? loadTus;
  return async (request, onProgress, signal) => {
    let tus: TusModule;
    try {
      tus = await load();
    } catch {
      return classifyResponse(0, null);
    }
    return new Promise<SendResult>((resolve) => {
      let settled = false;
      let stallTimer: ReturnType<typeof setTimeout> | undefined;
      const finish = (result: SendResult) => {
        if (settled) return;
        settled = true;
        clearTimeout(stallTimer);
        signal.removeEventListener('abort', onAbort);
        resolve(result);
      };
      const armStall = () => {
        clearTimeout(stallTimer);
        stallTimer = setTimeout(() => {
          void upload.abort();
          finish(classifyResponse(0, null));
        }, stallMs);
      };
      const onAbort = () => {
        // Removed from the queue: the server drops the bytes and this browser forgets the upload.
        void upload.abort(signal.reason === REMOVED).catch(() => undefined);
        finish(classifyResponse(0, null));
      };
      const upload: Upload = new tus.Upload(new Blob([request.bytes], { type: request.type || 'application/pdf' }), {
        endpoint,
        headers: { Authorization: `Bearer ${request.token}`, 'X-Timezone-Offset': String(new Date().getTimezoneOffset()) },
        metadata: { filename: request.name, clientId: request.id },
        fingerprint: async () => `sep-outbox-${request.id}`,
        chunkSize: CHUNK_BYTES,
        retryDelays: RETRY_DELAYS,
        storeFingerprintForResuming: true,
        removeFingerprintOnSuccess: true,
        onProgress: (sent, total) => {
          armStall();
          if (total > 0) onProgress(sent / total);
        },
        onSuccess: ({ lastResponse }) => finish(classifyResponse(lastResponse.getStatus(), bodyOf(lastResponse))),
        onError: (error) => {
          const result = failureOf(error);
          // Refused for good: nothing is left to resume.
          if (result.kind === 'rejected') void forget(upload);
          finish(result);
        },
      });
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort);
      armStall();
      void upload
        .findPreviousUploads()
        .then((previous) => {
          if (settled) return;
          if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
          upload.start();
        })
        .catch(() => finish(classifyResponse(0, null)));
    });

    async function forget(upload: Upload): Promise<void> {
      const storage = upload.options.urlStorage ?? tus.defaultOptions.urlStorage;
      for (const previous of await upload.findPreviousUploads().catch(() => [])) await storage.removeUpload(previous.urlStorageKey).catch(() => undefined);
    }
  };
}
