/** What a backup archive holds (a gzip'd tar): this manifest, the database, the stored PDFs. */
export const MANIFEST = 'backup.json';
export const SQLITE_FILE = 'database/app.db';
export const PG_DUMP_FILE = 'database/postgres.dump';
export const FILES_DIR = 'files';
export const BACKUP_FORMAT = 1;

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  database: 'sqlite' | 'postgres';
  documents: number;
  files: number;
  /** Documents whose PDF was already gone when the backup ran (deleted meanwhile). */
  missingFiles: number;
}

/** A backup or restore refused for a reason the operator can act on (printed as is). */
export class BackupError extends Error {}
