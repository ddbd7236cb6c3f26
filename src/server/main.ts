import { loadConfig, ConfigError } from './config.ts';
import { DataDirLockedError } from './db/lock.ts';
import { buildApp } from './app.ts';
import { assertPortFree, isAddressInUse, PortInUseError } from './port-check.ts';

function fail(message: string, code: number): never {
  console.error(message);
  process.exit(code);
}

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message, 2);
    throw err;
  }
  // Before the database is opened or the first administrator created.
  try {
    await assertPortFree(config.host, config.port);
  } catch (err) {
    if (err instanceof PortInUseError) fail(err.message, 4);
    throw err;
  }
  // First-start notices (the administrator's one-time password) are printed last, where they are seen.
  const notices: string[] = [];
  let built;
  try {
    built = await buildApp(config, { print: (line) => notices.push(line) });
  } catch (err) {
    if (err instanceof DataDirLockedError) fail(err.message, 3);
    throw err;
  }
  const { app } = built;
  const shutdown = (signal: string) => {
    app.log.warn(`${signal}: closing`);
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  let address;
  try {
    address = await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    if (!isAddressInUse(err)) throw err;
    await app.close().catch(() => undefined);
    fail(new PortInUseError(config.host, config.port).message, 4);
  }
  console.log(`Servidor escuchando en ${address}`);
  for (const line of notices) console.log(line);
}

await main();
