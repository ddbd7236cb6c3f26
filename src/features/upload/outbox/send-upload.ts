import { OUTBOX_TEXT } from './outbox-messages';

/** Outcome of one attempt to send one queued file. */
export type SendResult =
  /** Stored (or found stored): the server's message and, when it names one, the document. */
  | { kind: 'sent'; message: string; documentId?: number }
  /** The server refused the file for good (not a PDF, too large…): its Spanish message. */
  | { kind: 'rejected'; message: string }
  | { kind: 'unauthorized' }
  /** Worth trying again later; `reachable` tells whether the server answered at all. */
  | { kind: 'retry'; reason: string; reachable: boolean };

export interface SendRequest {
  /** Client id: the upload's `clientId` (the server's idempotency key), and what a reload resumes by. */
  id: string;
  name: string;
  type: string;
  bytes: ArrayBuffer;
  token: string;
}

/**
 * Sends one queued file. `signal` aborts the attempt: signed out (the upload is kept to resume), or
 * the file was removed from the queue (`signal.reason === REMOVED`: the upload is abandoned).
 */
export type Transport = (request: SendRequest, onProgress: (fraction: number) => void, signal: AbortSignal) => Promise<SendResult>;

/** Abort reason of a file removed from the queue ('Quitar') while it was being sent. */
export const REMOVED = 'removed';

/** Statuses that may succeed later without any change to the file. */
const TRANSIENT_4XX = new Set([408, 409, 423, 425, 429]);

/** Maps an HTTP answer to what the outbox does next. Status 0 means no answer (network). */
export function classifyResponse(status: number, body: unknown): SendResult {
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const text = (key: string) => (typeof fields[key] === 'string' && fields[key] !== '' ? (fields[key] as string) : undefined);
  if (status >= 200 && status < 300) {
    const first = Array.isArray(fields.documents) ? (fields.documents[0] as { id?: unknown } | undefined) : undefined;
    const documentId = typeof first?.id === 'number' ? first.id : undefined;
    return { kind: 'sent', message: text('message') ?? OUTBOX_TEXT.uploadedFallback, ...(documentId === undefined ? {} : { documentId }) };
  }
  if (status === 401) return { kind: 'unauthorized' };
  if (status === 0) return { kind: 'retry', reason: OUTBOX_TEXT.networkRetry, reachable: false };
  if (status >= 400 && status < 500 && !TRANSIENT_4XX.has(status)) {
    return { kind: 'rejected', message: text('error') ?? text('message') ?? OUTBOX_TEXT.rejectedFallback };
  }
  return { kind: 'retry', reason: OUTBOX_TEXT.serverRetry, reachable: true };
}
