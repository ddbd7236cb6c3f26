import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from './schema.ts';
import { ensureTableSearch, ftsTableOf } from './table-search.ts';
import { dropOldSearchPairs, ensureSearchPairFunctions } from './pg-search-pairs.ts';
import { fillSearchPairs } from './sqlite-search-index.ts';
import { TABLE_NAMES } from '../../shared/catalog/index.ts';
import { qualityOf, tableConfidences, warningsOf } from '../repos/documents.ts';

/**
 * PostgreSQL: the search indexes (ensureTableSearch) of every catalogue table that already has its
 * words index, built by a migration so no request builds one (decision 032).
 */
async function indexSearchedTables(db: Kysely<unknown>): Promise<void> {
  await ensureSearchPairFunctions(db);
  const { rows } = await sql<{ indexname: string }>`SELECT indexname FROM pg_indexes WHERE indexname LIKE 'table_rows\_words\_%'`.execute(db);
  const present = new Set(rows.map((r) => r.indexname));
  for (const name of TABLE_NAMES) if (present.has(`table_rows_words_${name.toLowerCase()}`)) await ensureTableSearch(db, 'postgres', name);
}

/**
 * One set of migrations for both databases. Only the autoincrement type and the search indexes
 * differ (FTS5 on SQLite, GIN tsvector on PostgreSQL, one per catalogue table); see docs/decisions/032.
 */
export function migrationsFor(dialect: Dialect): Record<string, Migration> {
  const idType = dialect === 'sqlite' ? 'integer' : 'serial';
  return {
    '001-initial': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('users')
          .addColumn('id', idType, (c) => (dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey()))
          .addColumn('email', 'text', (c) => c.notNull().unique())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('role', 'text', (c) => c.notNull())
          .addColumn('password_hash', 'text', (c) => c.notNull())
          .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('tokens')
          .addColumn('token_hash', 'text', (c) => c.primaryKey())
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('expires_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('documents')
          .addColumn('id', idType, (c) => (dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey()))
          .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id'))
          .addColumn('filename', 'text', (c) => c.notNull())
          .addColumn('original_filename', 'text', (c) => c.notNull())
          .addColumn('search_name', 'text', (c) => c.notNull())
          .addColumn('storage_key', 'text', (c) => c.notNull())
          .addColumn('sha256', 'text', (c) => c.notNull())
          .addColumn('size', 'integer', (c) => c.notNull())
          .addColumn('nosolicitud', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('status', 'text', (c) => c.notNull())
          .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('upload_date', 'text', (c) => c.notNull())
          .addColumn('started_at', 'text')
          .addColumn('finished_at', 'text')
          .addColumn('pages', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('error', 'text')
          .addColumn('header_json', 'text', (c) => c.notNull().defaultTo('{}'))
          .addColumn('quality_json', 'text', (c) => c.notNull().defaultTo('{}'))
          .addColumn('by_table_json', 'text', (c) => c.notNull().defaultTo('{}'))
          .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('lease_until', 'text')
          .addColumn('lease_owner', 'text')
          .addColumn('available_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('documents_owner').on('documents').columns(['owner_id', 'id']).execute();
        await db.schema.createIndex('documents_queue').on('documents').columns(['status', 'available_at']).execute();
        await db.schema.createIndex('documents_sha').on('documents').columns(['owner_id', 'sha256']).execute();
        await db.schema
          .createTable('table_rows')
          .addColumn('id', idType, (c) => (dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey()))
          .addColumn('document_id', 'integer', (c) => c.notNull().references('documents.id').onDelete('cascade'))
          .addColumn('table_name', 'text', (c) => c.notNull())
          .addColumn('seq', 'integer', (c) => c.notNull())
          .addColumn('nosolicitud', 'text', (c) => c.notNull())
          .addColumn('data', 'text', (c) => c.notNull())
          .addColumn('search_text', 'text', (c) => c.notNull())
          .execute();
        // Newest document first, rows in document order; and grouped by request number.
        await sql`CREATE INDEX table_rows_page ON table_rows (table_name, document_id DESC, seq)`.execute(db);
        await sql`CREATE INDEX table_rows_nosol ON table_rows (table_name, nosolicitud, document_id DESC, seq)`.execute(db);
        await db.schema.createIndex('table_rows_document').on('table_rows').column('document_id').execute();
        await db.schema
          .createTable('table_counts')
          .addColumn('table_name', 'text', (c) => c.primaryKey())
          .addColumn('row_count', 'integer', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('idempotency_keys')
          .addColumn('user_id', 'integer', (c) => c.notNull())
          .addColumn('key', 'text', (c) => c.notNull())
          .addColumn('status_code', 'integer', (c) => c.notNull())
          .addColumn('response_json', 'text')
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint('idempotency_pk', ['user_id', 'key'])
          .execute();
        await db.schema
          .createTable('login_failures')
          .addColumn('key', 'text', (c) => c.primaryKey())
          .addColumn('failures', 'integer', (c) => c.notNull())
          .addColumn('window_start', 'text', (c) => c.notNull())
          .execute();
        if (dialect === 'sqlite') {
          // Contentless trigram index: substring search without scanning every row.
          await sql`CREATE VIRTUAL TABLE table_rows_fts USING fts5(search_text, content='', contentless_delete=1, tokenize='trigram')`.execute(db);
        } else {
          await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
          await sql`CREATE INDEX table_rows_search ON table_rows USING gin (search_text gin_trgm_ops)`.execute(db);
          await sql`CREATE INDEX documents_nosol ON documents USING gin (nosolicitud gin_trgm_ops)`.execute(db);
        }
      },
    },
    '002-word-search': {
      // Superseded by 003 (kept: databases created in between have it recorded).
      async up(db: Kysely<unknown>) {
        if (dialect !== 'sqlite') return;
        await sql`DROP TABLE IF EXISTS table_rows_fts`.execute(db);
        await sql`CREATE VIRTUAL TABLE table_rows_fts USING fts5(tbl, search_text, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2', prefix='2 3')`.execute(db);
      },
    },
    '003-word-search': {
      // Word tokens (the last word as a prefix) measured several times faster than trigrams on
      // the bench data; see docs/decisions/032.
      async up(db: Kysely<unknown>) {
        // Covering index: the nosolicitud filter scans 20k short entries, not the documents table.
        await sql`CREATE INDEX documents_nosolicitud ON documents (nosolicitud, id)`.execute(db);
        if (dialect === 'postgres') {
          // Same word-phrase search as SQLite's FTS5, so both databases answer alike.
          await sql`DROP INDEX IF EXISTS table_rows_search`.execute(db);
          // Stored, so the phrase recheck reads the vector instead of re-parsing every candidate.
          await sql`ALTER TABLE table_rows ADD COLUMN search_tsv tsvector GENERATED ALWAYS AS (to_tsvector('simple', search_text)) STORED`.execute(db);
          await sql`CREATE INDEX table_rows_words ON table_rows USING gin (search_tsv)`.execute(db);
          return;
        }
        await sql`DROP TABLE IF EXISTS table_rows_fts`.execute(db);
        await sql`CREATE VIRTUAL TABLE table_rows_fts USING fts5(search_text, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2', prefix='2 3')`.execute(db);
        await sql`INSERT INTO table_rows_fts(rowid, search_text) SELECT id, search_text FROM table_rows`.execute(db);
      },
    },
    '004-search-per-table': {
      // One search index per catalogue table: a search matches its table's rows only (docs/decisions/032).
      async up(db: Kysely<unknown>) {
        if (dialect === 'postgres') {
          const { rows } = await sql<{ table_name: string }>`SELECT DISTINCT table_name FROM table_rows`.execute(db);
          for (const name of new Set([...TABLE_NAMES, ...rows.map((r) => r.table_name)])) await ensureTableSearch(db, dialect, name);
          await sql`DROP INDEX IF EXISTS table_rows_words`.execute(db);
          return;
        }
        const { rows } = await sql<{ table_name: string }>`SELECT DISTINCT table_name FROM table_rows`.execute(db);
        for (const { table_name } of rows) {
          await ensureTableSearch(db, dialect, table_name);
          await sql`INSERT INTO ${sql.table(ftsTableOf(table_name))}(rowid, search_text) SELECT id, search_text FROM table_rows WHERE table_name = ${table_name}`.execute(db);
        }
        await sql`DROP TABLE IF EXISTS table_rows_fts`.execute(db);
      },
    },
    '005-fair-queue': {
      // Jobs are handed out round-robin by uploader (docs/decisions/030): each owner's last turn,
      // and a partial index holding only the pending rows, by owner then age.
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('queue_turns')
          .addColumn('owner_id', 'integer', (c) => c.primaryKey())
          .addColumn('turn', 'integer', (c) => c.notNull())
          .execute();
        await sql`CREATE INDEX documents_pending ON documents (owner_id, id, available_at) WHERE status = 'pending'`.execute(db);
      },
    },
    '006-row-sources': {
      // Where each row was printed (JSON, shared/api/sources.ts RowSource; null for rows stored
      // before), and the size of each page to draw it on. Both columns are added without rewriting
      // a table on either database.
      async up(db: Kysely<unknown>) {
        await db.schema.alterTable('table_rows').addColumn('source_json', 'text').execute();
        await db.schema
          .alterTable('documents')
          .addColumn('page_sizes_json', 'text', (c) => c.notNull().defaultTo('[]'))
          .execute();
      },
    },
    '007-error-code': {
      // The stable reason of a failure beside its Spanish words (issue 11). Failures stored before
      // keep null: their words still tell the web app why.
      async up(db: Kysely<unknown>) {
        await db.schema.alterTable('documents').addColumn('error_code', 'text').execute();
      },
    },
    '008-corrections': {
      // Issue 12 (docs/decisions/039): permissions granted to one account beyond its role (JSON
      // list), and the trail of corrected cells. The row's `data` holds the value in effect; the
      // trail keeps the extracted one.
      async up(db: Kysely<unknown>) {
        await db.schema
          .alterTable('users')
          .addColumn('granted_permissions', 'text', (c) => c.notNull().defaultTo('[]'))
          .execute();
        await db.schema
          .createTable('corrections')
          .addColumn('id', idType, (c) => (dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey()))
          .addColumn('document_id', 'integer', (c) => c.notNull().references('documents.id').onDelete('cascade'))
          .addColumn('table_name', 'text', (c) => c.notNull())
          .addColumn('row_id', 'integer')
          .addColumn('row_seq', 'integer', (c) => c.notNull())
          .addColumn('row_key', 'text', (c) => c.notNull())
          .addColumn('column_key', 'text', (c) => c.notNull())
          .addColumn('action', 'text', (c) => c.notNull())
          .addColumn('status', 'text', (c) => c.notNull())
          .addColumn('extracted_json', 'text', (c) => c.notNull())
          .addColumn('previous_json', 'text', (c) => c.notNull())
          .addColumn('value_json', 'text', (c) => c.notNull())
          .addColumn('input', 'text', (c) => c.notNull())
          .addColumn('reason', 'text')
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('corrections_document').on('corrections').columns(['document_id', 'id']).execute();
        await db.schema.createIndex('corrections_row').on('corrections').columns(['row_id', 'status']).execute();
      },
    },
    '009-reviewed': {
      // Issue 12: a reviewer marks a document 'Revisado' once checked; who and when (null: not reviewed).
      async up(db: Kysely<unknown>) {
        await db.schema.alterTable('documents').addColumn('reviewed_at', 'text').execute();
        await db.schema.alterTable('documents').addColumn('reviewed_by', 'integer', (c) => c.references('users.id')).execute();
      },
    },
    '010-cluster': {
      // Issue 13 (docs/decisions/041): which worker stored each result; on PostgreSQL the stored
      // PDFs and the partial resumable uploads live in the database, so nodes share no disk.
      async up(db: Kysely<unknown>) {
        await db.schema.alterTable('documents').addColumn('processed_by', 'text').execute();
        if (dialect !== 'postgres') return;
        await sql`CREATE TABLE document_files (document_id integer PRIMARY KEY REFERENCES documents(id) ON DELETE CASCADE, bytes bytea NOT NULL)`.execute(db);
        // PDFs are compressed already: stored out of line without another compression attempt.
        await sql`ALTER TABLE document_files ALTER COLUMN bytes SET STORAGE EXTERNAL`.execute(db);
        await sql`CREATE TABLE tus_uploads (id text PRIMARY KEY, size integer, "offset" integer NOT NULL, metadata_json text NOT NULL, creation_date text NOT NULL)`.execute(db);
        await sql`CREATE TABLE tus_chunks (upload_id text NOT NULL REFERENCES tus_uploads(id) ON DELETE CASCADE, "offset" integer NOT NULL, bytes bytea NOT NULL, PRIMARY KEY (upload_id, "offset"))`.execute(db);
        await sql`ALTER TABLE tus_chunks ALTER COLUMN bytes SET STORAGE EXTERNAL`.execute(db);
      },
    },
    '011-nosolicitud-trigrams': {
      // The nosolicitud filter (contains) read all 20k documents per request on SQLite, 2–3 ms
      // each on the bench (docs/decisions/032); a trigram index of the documents' numbers answers
      // it in ~50 µs. Kept in step by triggers, so no code path that writes a document can miss it.
      // PostgreSQL has had its pg_trgm index since 001.
      async up(db: Kysely<unknown>) {
        if (dialect !== 'sqlite') return;
        await sql`CREATE VIRTUAL TABLE documents_nosolicitud_fts USING fts5(nosolicitud, content='documents', content_rowid='id', tokenize='trigram')`.execute(db);
        await sql`CREATE TRIGGER documents_nosolicitud_ai AFTER INSERT ON documents BEGIN
          INSERT INTO documents_nosolicitud_fts(rowid, nosolicitud) VALUES (new.id, new.nosolicitud); END`.execute(db);
        await sql`CREATE TRIGGER documents_nosolicitud_ad AFTER DELETE ON documents BEGIN
          INSERT INTO documents_nosolicitud_fts(documents_nosolicitud_fts, rowid, nosolicitud) VALUES ('delete', old.id, old.nosolicitud); END`.execute(db);
        await sql`CREATE TRIGGER documents_nosolicitud_au AFTER UPDATE OF nosolicitud ON documents BEGIN
          INSERT INTO documents_nosolicitud_fts(documents_nosolicitud_fts, rowid, nosolicitud) VALUES ('delete', old.id, old.nosolicitud);
          INSERT INTO documents_nosolicitud_fts(rowid, nosolicitud) VALUES (new.id, new.nosolicitud); END`.execute(db);
        await sql`INSERT INTO documents_nosolicitud_fts(documents_nosolicitud_fts) VALUES ('rebuild')`.execute(db);
      },
    },
    '012-search-pairs': {
      // PostgreSQL: a phrase search reads the index of adjacent word pairs (docs/decisions/032);
      // built here for every table that already has its word index, so no request builds one.
      async up(db: Kysely<unknown>) {
        if (dialect !== 'postgres') return;
        await indexSearchedTables(db);
      },
    },
    '013-table-confidence': {
      // The table page showed each document's confidence by parsing and checking its whole quality
      // report per request (~0.3 ms a document, decision 032); the small map it needs is kept beside
      // the report from now on, and filled here for the documents already stored.
      async up(db: Kysely<unknown>) {
        await sql`ALTER TABLE documents ADD COLUMN table_confidence_json text`.execute(db);
        await sql`UPDATE documents SET table_confidence_json = '{}' WHERE quality_json = '{}'`.execute(db);
        for (let after = 0; ; ) {
          const { rows } = await sql<{ id: number; quality_json: string }>`SELECT id, quality_json FROM documents WHERE table_confidence_json IS NULL AND id > ${after} ORDER BY id LIMIT 500`.execute(db);
          if (rows.length === 0) break;
          for (const row of rows) {
            const map = JSON.stringify(tableConfidences(qualityOf(row)));
            await sql`UPDATE documents SET table_confidence_json = ${map} WHERE id = ${row.id}`.execute(db);
          }
          after = rows[rows.length - 1]!.id;
        }
      },
    },
    '014-search-pair-keys': {
      // PostgreSQL: the pairs index also holds cut keys (a word, or two, with the next one's first
      // one and two characters), so a search ending in a short word reads exact keys, not a prefix,
      // and fewer candidate rows (docs/decisions/032, pg-search-pairs.ts). The new index is built for every table that has a word index before
      // the old one is dropped; SQLite has no pairs index.
      async up(db: Kysely<unknown>) {
        if (dialect !== 'postgres') return;
        await indexSearchedTables(db);
        await dropOldSearchPairs(db);
      },
    },
    '015-sqlite-search-pairs': {
      // SQLite: a search of several words reads the phrase of their adjacent pairs (or cut pairs)
      // from two more FTS5 tables per catalogue table (docs/decisions/032, search-pairs.ts), built
      // here from the stored rows of every table that has a words index (1 M rows on the bench: ~90 s).
      async up(db: Kysely<unknown>) {
        if (dialect !== 'sqlite') return;
        const stored = await sql<{ table_name: string }>`SELECT DISTINCT table_name FROM table_rows`.execute(db);
        for (const name of new Set([...TABLE_NAMES, ...stored.rows.map((r) => r.table_name)])) {
          const { rows } = await sql`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ${ftsTableOf(name)}`.execute(db);
          if (rows.length === 0) continue;
          await ensureTableSearch(db, dialect, name);
          await fillSearchPairs(db, name);
        }
      },
    },
    '016-warnings-count': {
      // A list page checked each document's whole quality report only to count its warnings: for
      // an 800-page document ~260 KB and ~60 ms, a page of them held the event loop for seconds
      // (attacker's audit, 2026-12-02, decision 037). The count is kept beside the report from now
      // on, and filled here for the documents already stored.
      async up(db: Kysely<unknown>) {
        await sql`ALTER TABLE documents ADD COLUMN warnings_count integer`.execute(db);
        for (let after = 0; ; ) {
          const { rows } = await sql<{ id: number; quality_json: string }>`SELECT id, quality_json FROM documents WHERE warnings_count IS NULL AND id > ${after} ORDER BY id LIMIT 500`.execute(db);
          if (rows.length === 0) break;
          for (const row of rows) {
            await sql`UPDATE documents SET warnings_count = ${warningsOf(qualityOf(row)).length} WHERE id = ${row.id}`.execute(db);
          }
          after = rows[rows.length - 1]!.id;
        }
      },
    },
  };
}
