import type { ErrorKey } from './errors.ts';

/** The shape of one operation's words in the API reference, and what several operations share. */

export const TAGS = [
  { name: 'Auth', description: 'Sign in and out. The token from `POST /api/auth/login` goes in `Authorization: Bearer …` on every other call.' },
  { name: 'Documents', description: 'Upload PDFs, follow their extraction, read and download them.' },
  { name: 'Tables', description: 'The ten catalogue tables and the rows extracted into them, across all documents.' },
  { name: 'Corrections', description: 'Values a reviewer corrected, with who, when, the previous value and why (permission `review`).' },
  { name: 'Users', description: 'Accounts: who you are, and (administrators) everyone.' },
  { name: 'Health', description: 'Connectivity probe.' },
  { name: 'Reference', description: 'This document.' },
] as const;
export type Tag = (typeof TAGS)[number]['name'];

export type SuccessDoc = string | { description: string; content?: Record<string, unknown>; headers?: Record<string, unknown> };

export interface OperationDoc {
  tag: Tag;
  operationId: string;
  summary: string;
  description?: string;
  /** Success answers by status. */
  ok: Record<number, SuccessDoc>;
  /** Errors beyond those derived from the route (401, 403, 400 on input, 413/415 on a JSON body, 429 on a rate limit). */
  errors?: ErrorKey[];
  /** Descriptions of parameters the schema does not describe, by name. */
  parameters?: Record<string, string>;
  /** The request body when the route reads it itself (multipart). */
  requestBody?: Record<string, unknown>;
}

export const binary = (mediaType: string) => ({ schema: { type: 'string', format: 'binary', contentMediaType: mediaType } });

export const replayedHeader = {
  'Idempotent-Replayed': {
    description: '`true` when this is the stored answer of an earlier request with the same Idempotency-Key.',
    schema: { type: 'string', enum: ['true'] },
  },
};

