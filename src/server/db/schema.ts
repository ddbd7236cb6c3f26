import type { Generated } from 'kysely';

/** Timestamps are ISO-8601 UTC strings on both databases: portable, sortable, readable. */
export interface UsersTable {
  id: Generated<number>;
  email: string;
  name: string;
  role: string;
  password_hash: string;
  active: number;
  created_at: string;
  /** JSON: permissions granted beyond the role (shared/permissions.ts GRANTABLE_PERMISSIONS). */
  granted_permissions: Generated<string>;
}

export interface TokensTable {
  token_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
}

export interface DocumentsTable {
  id: Generated<number>;
  owner_id: number;
  filename: string;
  original_filename: string;
  /** Lowercased, accent-free file name for document search. */
  search_name: string;
  storage_key: string;
  sha256: string;
  size: number;
  nosolicitud: string;
  status: string;
  progress: number;
  upload_date: string;
  started_at: string | null;
  finished_at: string | null;
  pages: number;
  error: string | null;
  /** Stable failure reason (shared/api/documents.ts DocumentErrorCode) beside the Spanish `error`. */
  error_code: string | null;
  /** JSON: header fields found. */
  header_json: string;
  /** JSON: quality report of the last extraction. */
  quality_json: string;
  /** JSON: rows per catalogue table. */
  by_table_json: string;
  /** JSON: size of each page read (shared/api/sources.ts PageSize[]); '[]' before extraction. */
  page_sizes_json: Generated<string>;
  attempts: number;
  lease_until: string | null;
  lease_owner: string | null;
  /** Earliest time the queue may hand the job out (retry back-off). */
  available_at: string;
  /** 'Revisado' (issue 12): when and by whom a reviewer marked the document checked; null: not reviewed. */
  reviewed_at: Generated<string | null>;
  reviewed_by: Generated<number | null>;
  /** The job runner (JobRunner.owner: host, pid, id) that stored the last result; null before. */
  processed_by: Generated<string | null>;
  /**
   * JSON: each catalogue table's confidence as the table page answers it (the lowest of the table's
   * readings in the quality report), kept beside the report so a page need not read the report;
   * null before migration 013 filled it and for documents never processed.
   */
  table_confidence_json: Generated<string | null>;
  /**
   * How many distinct warnings the quality report holds (the document's and its tables'), kept
   * beside it so a list page need not parse every report (migration 016); null only for a document
   * stored by a server from before it, read from the report then.
   */
  warnings_count: Generated<number | null>;
}

/** PostgreSQL only (issue 13): the stored PDF of a document, deleted with it (ON DELETE CASCADE). */
export interface DocumentFilesTable {
  document_id: number;
  bytes: Buffer;
}

/** PostgreSQL only: a resumable upload in progress (tus); `offset` counts committed chunk bytes. */
export interface TusUploadsTable {
  id: string;
  size: number | null;
  offset: number;
  /** JSON: the tus metadata (filename, clientId, owner). */
  metadata_json: string;
  creation_date: string;
}

/** PostgreSQL only: the bytes of a resumable upload, one row per committed write. */
export interface TusChunksTable {
  upload_id: string;
  offset: number;
  bytes: Buffer;
}

export interface TableRowsTable {
  id: Generated<number>;
  document_id: number;
  table_name: string;
  seq: number;
  nosolicitud: string;
  data: string;
  search_text: string;
  /** JSON: where the row was printed (shared/api/sources.ts RowSource); null for rows stored before it was kept. */
  source_json: string | null;
}

export interface TableCountsTable {
  table_name: string;
  row_count: number;
}

export interface IdempotencyTable {
  user_id: number;
  key: string;
  status_code: number;
  response_json: string | null;
  created_at: string;
}

export interface LoginFailuresTable {
  key: string;
  failures: number;
  window_start: string;
}

/** The fair queue's memory: the turn (a counter) at which each uploader last had a job claimed. */
export interface QueueTurnsTable {
  owner_id: number;
  turn: number;
}

/**
 * The trail of corrected cells (docs/decisions/039-corrections.md): one row per action. A `correct`
 * row is `active` (in effect: the row's data holds `value_json`), `replaced` (a later correction of
 * the cell), `reverted`, `review` (after a reprocess its cell was not found: row_id null) or
 * `dismissed` (a reviewer closed it while to review); a `revert` or `dismiss` row is `done`. Values are JSON (CellValue).
 */
export interface CorrectionsTable {
  id: Generated<number>;
  document_id: number;
  table_name: string;
  /** The table_rows row now holding the cell; null while the correction is to be reviewed. */
  row_id: number | null;
  /** The row's position in its table of the document (0-based), when last matched. */
  row_seq: number;
  /** sha256 of the row's extracted values: how a reprocessed row is recognised. */
  row_key: string;
  column_key: string;
  action: 'correct' | 'revert' | 'dismiss';
  status: 'active' | 'replaced' | 'reverted' | 'review' | 'dismissed' | 'done';
  /** The value the engine extracted for the cell. */
  extracted_json: string;
  /** The value shown before this action. */
  previous_json: string;
  /** The value shown after this action. */
  value_json: string;
  /** The text the reviewer typed (searchable as typed); '' for a revert. */
  input: string;
  reason: string | null;
  user_id: number;
  created_at: string;
}

export interface Database {
  users: UsersTable;
  tokens: TokensTable;
  documents: DocumentsTable;
  table_rows: TableRowsTable;
  table_counts: TableCountsTable;
  idempotency_keys: IdempotencyTable;
  login_failures: LoginFailuresTable;
  queue_turns: QueueTurnsTable;
  corrections: CorrectionsTable;
  document_files: DocumentFilesTable;
  tus_uploads: TusUploadsTable;
  tus_chunks: TusChunksTable;
}

export type Dialect = 'sqlite' | 'postgres';
