/**
 * npm run backup -- <archivo.tar.gz>: a consistent copy of the database and the stored PDFs,
 * next to a running server (DATA_DIR, DATABASE_URL as the server uses them).
 */
import { loadConfig } from '../src/server/config.ts';
import { BackupError } from '../src/server/backup/archive-layout.ts';
import { createBackup } from '../src/server/backup/create-backup.ts';

const target = process.argv[2];
if (!target) {
  console.error('Uso: npm run backup -- <archivo.tar.gz>');
  process.exit(2);
}
try {
  const m = await createBackup(loadConfig(), target);
  console.log(`Copia de seguridad escrita en ${target}: base de datos ${m.database}, ${m.documents} documentos, ${m.files} archivos PDF.`);
  if (m.missingFiles > 0) console.log(`${m.missingFiles} documentos ya no tenían su PDF al copiar (eliminados mientras tanto).`);
} catch (err) {
  if (!(err instanceof BackupError)) throw err;
  console.error(err.message);
  process.exit(1);
}
