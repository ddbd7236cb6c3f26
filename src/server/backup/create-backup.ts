import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import * as tar from 'tar';
import type { Config } from '../config.ts';
import { BACKUP_FORMAT, BackupError, FILES_DIR, MANIFEST, PG_DUMP_FILE, SQLITE_FILE, type BackupManifest } from './archive-layout.ts';
import { runPgTool } from './pg-tools.ts';

async function sqliteSnapshot(config: Config, staging: string): Promise<string[]> {
  const source = path.join(config.dataDir, 'app.db');
  if (!fs.existsSync(source)) throw new BackupError(`No hay base de datos en ${config.dataDir} (falta app.db).`);
  const target = path.join(staging, SQLITE_FILE);
  const live = new SQLite(source, { readonly: true, fileMustExist: true });
  try {
    // The online backup API: a consistent copy while the server keeps writing.
    await live.backup(target);
  } finally {
    live.close();
  }
  const copy = new SQLite(target, { readonly: true });
  try {
    return (copy.prepare('SELECT storage_key FROM documents').all() as { storage_key: string }[]).map((r) => r.storage_key);
  } finally {
    copy.close();
  }
}

/**
 * pg_dump holds the PDFs too (document_files, issue 13): one consistent snapshot. Only documents
 * from before that table whose file is still in DATA_DIR/files (not yet adopted) are copied beside.
 */
async function postgresSnapshot(databaseUrl: string, staging: string): Promise<{ keys: string[]; inDatabase: number }> {
  await runPgTool('pg_dump', ['--format=custom', '--no-owner', `--file=${path.join(staging, PG_DUMP_FILE)}`, `--dbname=${databaseUrl}`]);
  // Read after the dump: a document added since is counted but its row (and PDF) is not in the dump.
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const stored = await client.query<{ n: string }>('SELECT count(*) AS n FROM document_files');
    const onDisk = await client.query<{ storage_key: string }>(
      'SELECT d.storage_key FROM documents d LEFT JOIN document_files f ON f.document_id = d.id WHERE f.document_id IS NULL',
    );
    return { keys: onDisk.rows.map((r) => r.storage_key), inDatabase: Number(stored.rows[0]!.n) };
  } finally {
    await client.end();
  }
}

/**
 * Writes one .tar.gz with the database (SQLite online backup, or pg_dump, which holds the PDFs
 * with PostgreSQL) and the PDF of every document in that copy. Safe next to a running server: stored PDFs never change once written.
 */
export async function createBackup(config: Config, target: string): Promise<BackupManifest> {
  const out = path.resolve(target);
  if (fs.existsSync(out)) throw new BackupError(`${out} ya existe: elige otro nombre para no sobrescribir una copia.`);
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'pdfx-backup-'));
  try {
    fs.mkdirSync(path.join(staging, 'database'));
    fs.mkdirSync(path.join(staging, FILES_DIR));
    const database = config.databaseUrl ? 'postgres' : 'sqlite';
    const { keys, inDatabase } = config.databaseUrl ? await postgresSnapshot(config.databaseUrl, staging) : { keys: await sqliteSnapshot(config, staging), inDatabase: 0 };
    let missingFiles = 0;
    for (const key of keys) {
      const file = path.join(config.dataDir, 'files', `${key}.pdf`);
      // Linked, not copied: tar follows the link and reads the stored file once.
      if (fs.existsSync(file)) fs.symlinkSync(file, path.join(staging, FILES_DIR, `${key}.pdf`));
      else missingFiles++;
    }
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      createdAt: new Date().toISOString(),
      database,
      documents: keys.length + inDatabase,
      files: keys.length + inDatabase - missingFiles,
      missingFiles,
    };
    fs.writeFileSync(path.join(staging, MANIFEST), JSON.stringify(manifest, null, 2));
    const partial = `${out}.part`;
    await tar.create({ gzip: true, file: partial, cwd: staging, follow: true, portable: true }, [MANIFEST, 'database', FILES_DIR]);
    fs.renameSync(partial, out);
    return manifest;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}
