/**
 * npm run restore -- <archivo.tar.gz>: restores a backup into an empty DATA_DIR (and, with
 * DATABASE_URL, an empty PostgreSQL database). Run it with the server stopped.
 */
import { loadConfig } from '../src/server/config.ts';
import { BackupError } from '../src/server/backup/archive-layout.ts';
import { restoreBackup } from '../src/server/backup/restore-backup.ts';

const archive = process.argv[2];
if (!archive) {
  console.error('Uso: npm run restore -- <archivo.tar.gz>');
  process.exit(2);
}
try {
  const config = loadConfig();
  const { documents } = await restoreBackup(config, archive);
  console.log(`Restaurado en ${config.dataDir}: ${documents} documentos con sus archivos PDF. Ya puedes iniciar el servidor.`);
} catch (err) {
  if (!(err instanceof BackupError)) throw err;
  console.error(err.message);
  process.exit(1);
}
