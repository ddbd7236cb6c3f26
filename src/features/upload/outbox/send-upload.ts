import { OUTBOX_TEXT } from './outbox-messages';

/** Outcome of one attempt to send one queued file. */
export type SendResult =
  | { kind: 'sent'; message: string }
  /** The server refused the file for good (not a PDF, too large…): its Spanish message. */
  | { kind: 'rejected'; message: string }
  | { kind: 'unauthorized' }
  /** Worth trying again later; `reachable` tells whether the server answered at all. */
  | { kind: 'retry'; reason: string; reachable: boolean };

export interface SendRequest {
  /** Client id, sent as `Idempotency-Key`. */
  id: string;
  name: string;
  type: string;
  bytes: ArrayBuffer;
  token: string;
}

export type Transport = (request: SendRequest, onProgress: (fraction: number) => void, signal: AbortSignal) => Promise<SendResult>;

/** Statuses that may succeed later without any change to the file. */
const TRANSIENT_4XX = new Set([408, 409, 423, 425, 429]);

/** Maps an HTTP answer to what the outbox does next. Status 0 means no answer (network). */
export function classifyResponse(status: number, body: unknown): SendResult {
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const text = (key: string) => (typeof fields[key] === 'string' && fields[key] !== '' ? (fields[key] as string) : undefined);
  if (status >= 200 && status < 300) return { kind: 'sent', message: text('message') ?? OUTBOX_TEXT.uploadedFallback };
  if (status === 401) return { kind: 'unauthorized' };
  if (status === 0) return { kind: 'retry', reason: OUTBOX_TEXT.networkRetry, reachable: false };
  if (status >= 400 && status < 500 && !TRANSIENT_4XX.has(status)) {
    return { kind: 'rejected', message: text('error') ?? text('message') ?? OUTBOX_TEXT.rejectedFallback };
  }
  return { kind: 'retry', reason: OUTBOX_TEXT.serverRetry, reachable: true };
}

/** An upload that makes no progress for this long is treated as a dropped connection. */
export const STALL_MS = 60_000;

/**
 * Sends one file as `POST {uploadUrl}` multipart (field `files`), like the upload screen does, plus
 * the `Idempotency-Key`. XMLHttpRequest because fetch cannot report upload progress.
 */
export function createXhrTransport(uploadUrl: string, stallMs = STALL_MS): Transport {
  return (request, onProgress, signal) =>
    new Promise<SendResult>((resolve) => {
      const xhr = new XMLHttpRequest();
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
        stallTimer = setTimeout(() => xhr.abort(), stallMs);
      };
      const onAbort = () => xhr.abort();
      const networkFailure = () => finish(classifyResponse(0, null));

      xhr.open('POST', uploadUrl);
      xhr.setRequestHeader('Authorization', `Bearer ${request.token}`);
      xhr.setRequestHeader('Idempotency-Key', request.id);
      xhr.setRequestHeader('X-Timezone-Offset', String(new Date().getTimezoneOffset()));
      xhr.upload.onprogress = (event) => {
        armStall();
        if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
      };
      xhr.onprogress = armStall;
      xhr.onload = () => {
        let body: unknown = null;
        try {
          body = JSON.parse(xhr.responseText);
        } catch {
          // A proxy's HTML error page: classified by status alone.
        }
        finish(classifyResponse(xhr.status, body));
      };
      xhr.onerror = networkFailure;
      xhr.onabort = networkFailure;
      xhr.ontimeout = networkFailure;
      if (signal.aborted) return networkFailure();
      signal.addEventListener('abort', onAbort);

      const form = new FormData();
      form.append('files', new Blob([request.bytes], { type: request.type || 'application/pdf' }), request.name);
      armStall();
      xhr.send(form);
    });
}
