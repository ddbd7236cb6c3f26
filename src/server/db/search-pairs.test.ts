import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { findTable } from '../../shared/catalog/index.ts';
import { openDatabase, type Db } from './index.ts';
import { asciiTokens, pairsQuery, sqliteTokens, tokensOf } from './search-pairs.ts';
import { ftsPairsTableOf } from './table-search.ts';
import { fillSearchPairs } from './sqlite-search-index.ts';
import { documentsRepo } from '../repos/documents.ts';
import { rowsRepo } from '../repos/rows.ts';
import { usersRepo } from '../repos/users.ts';

describe('search pairs (SQLite, decision 032)', () => {
  let d: Db | undefined;
  afterEach(async () => {
    await d?.close();
    d = undefined;
  });
  const open = async () => (d = await openDatabase({ dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'pdfx-pairs-')) }));

  it('splits ASCII text exactly as the words index does, for every ASCII character', async () => {
    const { db } = await open();
    const texts = Array.from({ length: 128 }, (_, c) => `Ab${String.fromCharCode(c)}9z ${String.fromCharCode(c)}x`);
    texts.push('Fertilización'.normalize('NFD').replace(/\p{M}/gu, ''), '4.501 | $ 1.500.000 | a_b-c', '');
    expect(texts.map((t) => asciiTokens(t))).toEqual(await sqliteTokens(db, texts));
  });

  it('asks SQLite for the words of any other text, in order', async () => {
    const { db } = await open();
    // '·' separates words, '²' is part of one: only the tokenizer's own tables know.
    const [tokens] = await tokensOf(db, ['abono·foliar m² ø lote 3']);
    expect(tokens![0]).toBe('abono');
    expect(tokens![1]).toBe('foliar');
    expect(tokens!.slice(-3)).toEqual(['ø', 'lote', '3']);
    expect(asciiTokens('abono·foliar')).toBeUndefined();
  });

  it('asks the pair indexes for ASCII terms of two words or more only, the cuts one when the last word has one character', () => {
    expect(pairsQuery('abono foliar lote 17')).toEqual({ index: 'pairs', match: '"abono_foliar foliar_lote lote_17"*' });
    expect(pairsQuery('abono foliar lote 3')).toEqual({ index: 'cuts', match: '"abono__f foliar__l lote__3"' });
    expect(pairsQuery('fertilizacion, con')).toEqual({ index: 'pairs', match: '"fertilizacion_con"*' });
    expect(pairsQuery('urea')).toBeUndefined();
    expect(pairsQuery('straße lote')).toBeUndefined();
  });

  it('finds rows through their pairs, after saves, corrections and the migration fill, as the words index does', async () => {
    const { db, dialect } = await open();
    const rows = rowsRepo(db, dialect);
    const owner = await usersRepo(db).create({ email: 'a@example.com', password: 'secret-123', role: 'admin' });
    const doc = await documentsRepo(db).insert({ ownerId: owner.id, originalFilename: 'a.pdf', storageKey: 'k', sha256: 'x', size: 1 });
    const table = findTable('CostosDirectos')!;
    const concepts = ['Abono·foliar lote 3', 'Abono foliar lote 30', 'abono foliar', 'Lote 3 abono', 'Straße ø lote 31', 'Lote ølo'];
    await db.transaction().execute((trx) =>
      rows.insertRows(trx, [{ documentId: doc.id, nosolicitud: '0001', table, rows: concepts.map((concepto) => ({ values: { concepto } })) }]),
    );
    const found = async (search: string) => (await rows.page('CostosDirectos', { search }, 1, 50)).rows.map((r) => r.concepto);
    const expectAll = async () => {
      expect(await found('abono foliar lote 3')).toEqual(['Abono·foliar lote 3', 'Abono foliar lote 30']);
      expect(await found('foliar lote')).toEqual(['Abono·foliar lote 3', 'Abono foliar lote 30']);
      expect(await found('lote 3')).toEqual(['Abono·foliar lote 3', 'Abono foliar lote 30', 'Lote 3 abono', 'Straße ø lote 31']);
      expect(await found('ø lote')).toEqual(['Straße ø lote 31']);
      expect(await found('o lote')).toEqual([]); // 'ø' is a letter of its own for the words index too
      expect(await found('3 abo')).toEqual(['Lote 3 abono']);
      // One-character last words: the cuts index (a word's first character, a whole code point).
      expect(await found('foliar l')).toEqual(['Abono·foliar lote 3', 'Abono foliar lote 30']);
      expect(await found('3 a')).toEqual(['Lote 3 abono']);
      expect(await found('abono foliar lote 3 x')).toEqual([]);
      expect(await found('lote o')).toEqual([]);
      expect(await found('lote ø')).toEqual(['Lote ølo']);
    };
    await expectAll();

    // A correction rewrites the row's pairs too.
    const [first] = await db.selectFrom('table_rows').select(['id', 'table_name']).orderBy('id').limit(1).execute();
    await db.transaction().execute((trx) => rows.rewriteRow(trx, first!, { concepto: 'Cal lote 9' }, 'cal lote 9'));
    expect(await found('abono foliar lote 3')).toEqual(['Abono foliar lote 30']);
    expect(await found('cal lote')).toEqual(['Cal lote 9']);
    await db.transaction().execute((trx) => rows.rewriteRow(trx, first!, { concepto: concepts[0]! }, 'abono·foliar lote 3'));

    // Migration 015 fills empty pair indexes from the stored rows: nothing is found before, all after.
    for (const index of ['pairs', 'cuts'] as const) {
      const fts = sql.table(ftsPairsTableOf('CostosDirectos', index));
      await sql`INSERT INTO ${fts}(${fts}) VALUES ('delete-all')`.execute(db);
    }
    expect(await found('abono foliar lote 3')).toEqual([]);
    expect(await found('abono foliar lote 30')).toEqual([]);
    await fillSearchPairs(db, 'CostosDirectos');
    await expectAll();
  });
});
