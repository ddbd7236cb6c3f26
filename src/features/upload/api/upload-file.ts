import type { UploadResponse } from '../../../shared/api/documents.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { apiMessages } from '../../../shared/messages/web.ts';

export interface UploadFileOptions {
  /** Sent as Idempotency-Key so a replay of the same file never makes a second document. */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

/** POST documents/upload with one file in the `files` field (spec §7: one file per call). */
export function uploadFile(file: File, options: UploadFileOptions = {}): Promise<UploadResponse> {
  const form = new FormData();
  form.append('files', file, file.name);
  return apiRequest<UploadResponse>('documents/upload', {
    method: 'POST',
    body: form,
    headers: options.idempotencyKey ? { 'Idempotency-Key': options.idempotencyKey } : {},
    signal: options.signal,
    fallback: apiMessages.uploadFallback,
  });
}
