import crypto from 'node:crypto';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { CorrectionsTable, Database, Dialect } from '../db/schema.ts';
import { findTable, type CatalogTable, type CellValue, type TableRow } from '../../shared/catalog/index.ts';
import type { Correction, RowMeta } from '../../shared/api/corrections.ts';
import { cell } from './row-meta.ts';
import { RowSource } from '../../shared/api/sources.ts';
import { readStoredJson } from './stored-json.ts';
import { searchTextOf, type rowsRepo } from './rows.ts';

/** Corrections of extracted cells and their trail (docs/decisions/039-corrections.md). */

type Rows = ReturnType<typeof rowsRepo>;
type CorrectionRow = Selectable<CorrectionsTable>;
type StoredRow = { id: number; document_id: number; table_name: string; seq: number; data: string; source_json: string | null };

const json = (value: CellValue) => JSON.stringify(value ?? null);

/**
 * How a row is recognised after a reprocess: the sha256 of its extracted values in catalogue order
 * (the typed values, not the printed text, so a change of spacing in the PDF text layer does not
 * lose a correction; `nosolicitud` is the document's and left out).
 */
export function rowKeyOf(table: CatalogTable, extracted: TableRow): string {
  return crypto
    .createHash('sha256')
    .update(JSON.stringify(table.columns.map((c) => extracted[c.key] ?? null)))
    .digest('hex');
}

/**
 * The search text of a row with corrections in effect: its values (already corrected), the printed
 * texts of the cells not corrected, and what the reviewer typed for the corrected ones (so
 * `1.234.567` finds a corrected 1234567 as it finds an extracted one).
 */
function correctedSearchText(row: StoredRow, data: TableRow, active: { column_key: string; input: string }[]): string {
  const source = readStoredJson(RowSource, row.source_json, undefined, { column: 'table_rows.source_json', id: row.id });
  const corrected = new Set(active.map((c) => c.column_key));
  const raw: Record<string, string> = {};
  for (const [key, c] of Object.entries(source?.cells ?? {})) if (!corrected.has(key)) raw[key] = c.text;
  for (const c of active) if (c.input) raw[`${c.column_key}#input`] = c.input;
  return searchTextOf(data, raw);
}

/**
 * After a reprocess stored a document's new rows (same transaction): each correction in effect
 * or to be reviewed goes back on the row with the same extracted values (the nearest in position
 * when several are equal); one whose row is not found is kept as `review` ('corrección por revisar').
 */
export async function reapplyCorrections(trx: Transaction<Database>, rows: Rows, documentId: number): Promise<void> {
  const pending = await trx
    .selectFrom('corrections')
    .selectAll()
    .where('document_id', '=', documentId)
    .where('status', 'in', ['active', 'review'])
    .orderBy('id')
    .execute();
  if (pending.length === 0) return;
  const stored = await trx
    .selectFrom('table_rows')
    .select(['id', 'document_id', 'table_name', 'seq', 'data', 'source_json'])
    .where('document_id', '=', documentId)
    .where('table_name', 'in', [...new Set(pending.map((p) => p.table_name))])
    .orderBy('seq')
    .execute();
  // Candidate rows by table and key; each new row takes at most one old row.
  const candidates = new Map<string, StoredRow[]>();
  for (const r of stored) {
    const table = findTable(r.table_name);
    if (!table) continue;
    const k = `${r.table_name}|${rowKeyOf(table, JSON.parse(r.data) as TableRow)}`;
    candidates.set(k, [...(candidates.get(k) ?? []), r]);
  }
  // The old rows: corrections of one row share its key and position.
  const groups = new Map<string, CorrectionRow[]>();
  for (const p of pending) {
    const g = `${p.table_name}|${p.row_key}|${p.row_seq}`;
    groups.set(g, [...(groups.get(g) ?? []), p]);
  }
  const used = new Set<number>();
  const applied = new Map<number, { row: StoredRow; byColumn: Map<string, CorrectionRow> }>();
  const superseded: number[] = [];
  const toReview: number[] = [];
  for (const group of [...groups.values()].sort((a, b) => a[0]!.row_seq - b[0]!.row_seq)) {
    const first = group[0]!;
    const free = (candidates.get(`${first.table_name}|${first.row_key}`) ?? []).filter((r) => !used.has(r.id));
    const match = free.sort((a, b) => Math.abs(a.seq - first.row_seq) - Math.abs(b.seq - first.row_seq))[0];
    if (!match) {
      toReview.push(...group.map((p) => p.id));
      continue;
    }
    used.add(match.id);
    const entry = applied.get(match.id) ?? { row: match, byColumn: new Map<string, CorrectionRow>() };
    applied.set(match.id, entry);
    for (const p of group) {
      // Two corrections of one cell (an old one to review matching again): the later one holds.
      const other = entry.byColumn.get(p.column_key);
      if (other && other.id > p.id) {
        superseded.push(p.id);
        continue;
      }
      if (other) superseded.push(other.id);
      entry.byColumn.set(p.column_key, p);
    }
  }
  if (toReview.length) await trx.updateTable('corrections').set({ status: 'review', row_id: null }).where('id', 'in', toReview).execute();
  if (superseded.length) await trx.updateTable('corrections').set({ status: 'replaced', row_id: null }).where('id', 'in', superseded).execute();
  for (const { row, byColumn } of applied.values()) {
    const data = JSON.parse(row.data) as TableRow;
    const inEffect = [...byColumn.values()];
    for (const p of inEffect) data[p.column_key] = cell(p.value_json);
    await trx
      .updateTable('corrections')
      .set({ status: 'active', row_id: row.id, row_seq: row.seq })
      .where('id', 'in', inEffect.map((p) => p.id))
      .execute();
    await rows.rewriteRow(trx, row, data, correctedSearchText(row, data, inEffect));
  }
}

export function correctionsRepo(db: Kysely<Database>, dialect: Dialect, rows: Rows) {
  function selectWithUser(executor: Kysely<Database>) {
    return executor
      .selectFrom('corrections')
      .innerJoin('users', 'users.id', 'corrections.user_id')
      .selectAll('corrections')
      .select(['users.email as user_email', 'users.name as user_name']);
  }

  function toCorrection(r: CorrectionRow & { user_email: string; user_name: string }): Correction {
    return {
      id: r.id,
      document_id: r.document_id,
      table: r.table_name,
      row_id: r.row_id,
      row_seq: r.row_seq,
      column: r.column_key,
      action: r.action,
      status: r.status,
      reverted: r.status === 'reverted',
      extracted: cell(r.extracted_json),
      previous: cell(r.previous_json),
      value: cell(r.value_json),
      reason: r.reason,
      user: { id: r.user_id, email: r.user_email, name: r.user_name },
      created_at: r.created_at,
    };
  }

  /** The row, locked against a concurrent correction or reprocess (PostgreSQL; SQLite has one writer). */
  async function lockedRow(trx: Transaction<Database>, table: CatalogTable, rowId: number): Promise<StoredRow | undefined> {
    let q = trx
      .selectFrom('table_rows')
      .select(['id', 'document_id', 'table_name', 'seq', 'data', 'source_json'])
      .where('id', '=', rowId)
      .where('table_name', '=', table.name);
    if (dialect === 'postgres') q = q.forUpdate();
    return q.executeTakeFirst();
  }

  const activeOf = (trx: Transaction<Database>, rowId: number) =>
    trx.selectFrom('corrections').selectAll().where('row_id', '=', rowId).where('status', '=', 'active').orderBy('id').execute();

  async function findOne(executor: Kysely<Database>, id: number): Promise<Correction> {
    return toCorrection(await selectWithUser(executor).where('corrections.id', '=', id).executeTakeFirstOrThrow());
  }

  /**
   * `expected`: the value the reviewer's editor showed (absent: not checked). The cell is compared
   * under the row's lock, so a change committed since the editor read it refuses this one.
   */
  type Change = { table: CatalogTable; rowId: number; column: string; userId: number; expected?: CellValue };
  type Outcome = { correction: Correction; row: TableRow } | 'row-not-found' | 'not-corrected' | { changed: CellValue };

  /** Applies `value` to a cell (replacing a correction in effect), or reverts it to the extracted value when `value` is undefined. */
  async function change(c: Change, edit: { value: CellValue; input: string; reason: string | null } | undefined): Promise<Outcome> {
    return db.transaction().execute(async (trx) => {
      const row = await lockedRow(trx, c.table, c.rowId);
      if (!row) return 'row-not-found';
      const active = await activeOf(trx, row.id);
      const data = JSON.parse(row.data) as TableRow;
      const previous = data[c.column] ?? null;
      if (c.expected !== undefined && json(previous) !== json(c.expected)) return { changed: previous };
      const current = active.find((a) => a.column_key === c.column);
      if (!edit && !current) return 'not-corrected';
      const extracted = current ? cell(current.extracted_json) : previous;
      const extractedRow: TableRow = { ...data };
      for (const a of active) extractedRow[a.column_key] = cell(a.extracted_json);
      if (current) {
        await trx
          .updateTable('corrections')
          .set({ status: edit ? 'replaced' : 'reverted' })
          .where('id', '=', current.id)
          .execute();
      }
      const value = edit ? edit.value : extracted;
      const inserted = await trx
        .insertInto('corrections')
        .values({
          document_id: row.document_id,
          table_name: c.table.name,
          row_id: row.id,
          row_seq: row.seq,
          row_key: rowKeyOf(c.table, extractedRow),
          column_key: c.column,
          action: edit ? 'correct' : 'revert',
          status: edit ? 'active' : 'done',
          extracted_json: json(extracted),
          previous_json: json(previous),
          value_json: json(value),
          input: edit?.input ?? '',
          reason: edit?.reason ?? null,
          user_id: c.userId,
          created_at: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      data[c.column] = value;
      const inEffect = [...active.filter((a) => a.column_key !== c.column), ...(edit ? [{ column_key: c.column, input: edit.input }] : [])];
      await rows.rewriteRow(trx, row, data, correctedSearchText(row, data, inEffect));
      return { correction: await findOne(trx, inserted.id), row: data };
    });
  }

  return {
    correct: (c: Change, edit: { value: CellValue; input: string; reason: string | null }) => change(c, edit),
    revert: (c: Change) => change(c, undefined),
    /**
     * Closes a correction to review (its cell was read differently after a reprocess and a person
     * decided): `dismissed`, no longer counted or re-applied; the dismissal is an entry of the trail.
     */
    async dismiss(id: number, userId: number, reason: string | null): Promise<Correction | 'not-found' | 'not-review'> {
      return db.transaction().execute(async (trx) => {
        let q = trx.selectFrom('corrections').selectAll().where('id', '=', id);
        if (dialect === 'postgres') q = q.forUpdate();
        const c = await q.executeTakeFirst();
        if (!c) return 'not-found';
        if (c.status !== 'review') return 'not-review';
        await trx.updateTable('corrections').set({ status: 'dismissed' }).where('id', '=', id).execute();
        const { id: _id, ...copy } = c;
        const inserted = await trx
          .insertInto('corrections')
          .values({ ...copy, action: 'dismiss', status: 'done', previous_json: c.value_json, input: '', reason, user_id: userId, created_at: new Date().toISOString() })
          .returning('id')
          .executeTakeFirstOrThrow();
        return findOne(trx, inserted.id);
      });
    },
    /** A document's trail, oldest first. */
    async listForDocument(documentId: number): Promise<Correction[]> {
      const found = await selectWithUser(db).where('corrections.document_id', '=', documentId).orderBy('corrections.id').execute();
      return found.map(toCorrection);
    },
    /** Cells corrected now, and corrections to review after a reprocess. */
    async countsFor(documentId: number): Promise<{ corrected: number; review: number }> {
      const found = await db
        .selectFrom('corrections')
        .select(['status', (e) => e.fn.countAll().as('n')])
        .where('document_id', '=', documentId)
        .where('status', 'in', ['active', 'review'])
        .groupBy('status')
        .execute();
      const n = (s: string) => Number(found.find((f) => f.status === s)?.n ?? 0);
      return { corrected: n('active'), review: n('review') };
    },
    /** countsFor for a page of documents, in one grouped query; a document without corrections is absent. */
    async countsForDocuments(documentIds: readonly number[]): Promise<Map<number, { corrected: number; review: number }>> {
      const counts = new Map<number, { corrected: number; review: number }>();
      if (documentIds.length === 0) return counts;
      const found = await db
        .selectFrom('corrections')
        .select(['document_id', 'status', (e) => e.fn.countAll().as('n')])
        .where('document_id', 'in', [...new Set(documentIds)])
        .where('status', 'in', ['active', 'review'])
        .groupBy(['document_id', 'status'])
        .execute();
      for (const f of found) {
        const c = counts.get(f.document_id) ?? { corrected: 0, review: 0 };
        if (f.status === 'active') c.corrected = Number(f.n);
        else c.review = Number(f.n);
        counts.set(f.document_id, c);
      }
      return counts;
    },
    /** Per row of a page, in order: which cells are corrected, with the extracted value. One indexed query. */
    async metaFor(refs: { id: number; document_id: number }[]): Promise<RowMeta[]> {
      const found = refs.length
        ? await db
            .selectFrom('corrections')
            .select(['row_id', 'column_key', 'extracted_json'])
            .where('row_id', 'in', refs.map((r) => r.id))
            .where('status', '=', 'active')
            .execute()
        : [];
      const byRow = new Map<number, Record<string, CellValue>>();
      for (const f of found) byRow.set(f.row_id!, { ...byRow.get(f.row_id!), [f.column_key]: cell(f.extracted_json) });
      return refs.map((r) => ({ id: r.id, document_id: r.document_id, corrected: byRow.get(r.id) ?? {} }));
    },
    /** Every correction with its document, oldest first, a chunk at a time (keyset on id). */
    async *iterateAll(chunk = 1000): AsyncGenerator<(Correction & { filename: string; nosolicitud: string })[]> {
      let after = 0;
      for (;;) {
        const found = await selectWithUser(db)
          .innerJoin('documents', 'documents.id', 'corrections.document_id')
          .select(['documents.original_filename as filename', 'documents.nosolicitud as nosolicitud'])
          .where('corrections.id', '>', after)
          .orderBy('corrections.id')
          .limit(chunk)
          .execute();
        if (found.length === 0) return;
        yield found.map((f) => ({ ...toCorrection(f), filename: f.filename, nosolicitud: f.nosolicitud }));
        if (found.length < chunk) return;
        after = found[found.length - 1]!.id;
      }
    },
  };
}
