import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import * as tar from 'tar';
import type { Config } from '../config.ts';
import { openDatabase } from '../db/index.ts';
import { BACKUP_FORMAT, BackupError, FILES_DIR, MANIFEST, PG_DUMP_FILE, SQLITE_FILE, type BackupManifest } from './archive-layout.ts';
import { runPgTool } from './pg-tools.ts';

function assertEmptyDataDir(dataDir: string): void {
  if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0) {
    throw new BackupError(`La carpeta de datos ${dataDir} no está vacía: la restauración solo escribe en una carpeta vacía (DATA_DIR).`);
  }
}

async function assertEmptyPostgres(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(`SELECT count(*) AS n FROM information_schema.tables WHERE table_schema = 'public'`);
    if (Number(rows[0]!.n) > 0) throw new BackupError('La base de datos de DATABASE_URL no está vacía: la restauración solo escribe en una base de datos vacía.');
  } finally {
    await client.end();
  }
}

function readManifest(dir: string): BackupManifest {
  const file = path.join(dir, MANIFEST);
  if (!fs.existsSync(file)) throw new BackupError('El archivo no es una copia de seguridad de este sistema (falta backup.json).');
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT) throw new BackupError(`Formato de copia ${String(manifest.format)} desconocido (se espera ${BACKUP_FORMAT}).`);
  return manifest;
}

/**
 * Restores a backup into an empty data folder (and, for PostgreSQL, an empty database), then
 * opens it (migrations bring an older copy up to date) and checks every document has its PDF.
 */
export async function restoreBackup(config: Config, archive: string): Promise<{ manifest: BackupManifest; documents: number }> {
  const source = path.resolve(archive);
  if (!fs.existsSync(source)) throw new BackupError(`No existe el archivo ${source}.`);
  assertEmptyDataDir(config.dataDir);
  if (config.databaseUrl) await assertEmptyPostgres(config.databaseUrl);
  fs.mkdirSync(config.dataDir, { recursive: true });
  const staging = fs.mkdtempSync(path.join(config.dataDir, '.restore-'));
  let manifest: BackupManifest;
  try {
    await tar.extract({ file: source, cwd: staging, strict: true });
    manifest = readManifest(staging);
    const wanted = config.databaseUrl ? 'postgres' : 'sqlite';
    if (manifest.database !== wanted) {
      throw new BackupError(`La copia es de ${manifest.database} y el destino es ${wanted}: restaura con la misma base de datos con la que se hizo la copia.`);
    }
    if (config.databaseUrl) await runPgTool('pg_restore', ['--no-owner', `--dbname=${config.databaseUrl}`, path.join(staging, PG_DUMP_FILE)]);
    else fs.renameSync(path.join(staging, SQLITE_FILE), path.join(config.dataDir, 'app.db'));
    fs.renameSync(path.join(staging, FILES_DIR), path.join(config.dataDir, 'files'));
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  try {
    const keys = await database.db.selectFrom('documents').select(['id', 'storage_key']).execute();
    // PostgreSQL: the PDFs came back with the dump (document_files); older ones as files.
    const inDatabase = new Set<number>();
    if (database.dialect === 'postgres') {
      for (const r of await database.db.selectFrom('document_files').select('document_id').execute()) inDatabase.add(r.document_id);
    }
    const missing = keys.filter((k) => !inDatabase.has(k.id) && !fs.existsSync(path.join(config.dataDir, 'files', `${k.storage_key}.pdf`))).length;
    // Only the files already gone when the copy was made may be missing.
    if (missing > manifest.missingFiles) throw new BackupError(`Faltan ${missing} archivos PDF tras restaurar (la copia decía ${manifest.missingFiles}).`);
    return { manifest, documents: keys.length };
  } finally {
    await database.close();
  }
}
