/**
 * npm run migrate: brings the database (DATA_DIR, DATABASE_URL as the server uses them) up to date
 * and exits. Every server start migrates too, under Kysely's lock (on PostgreSQL a session
 * advisory lock, so nodes starting together migrate once); this runs the upgrade's migrations once,
 * on purpose, before the new version's nodes start (docs/deploy.md).
 */
import { ConfigError, loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/index.ts';

try {
  const config = loadConfig();
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  await database.close();
  console.log(`Base de datos al día (${database.dialect}).`);
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  console.error(err.message);
  process.exit(2);
}
