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

export interface Database {
  users: UsersTable;
  tokens: TokensTable;
  documents: DocumentsTable;
  table_rows: TableRowsTable;
  table_counts: TableCountsTable;
  idempotency_keys: IdempotencyTable;
  login_failures: LoginFailuresTable;
  queue_turns: QueueTurnsTable;
}

export type Dialect = 'sqlite' | 'postgres';
