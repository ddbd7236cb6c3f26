import { loadConfig, ConfigError } from './config.ts';
import { DataDirLockedError } from './db/lock.ts';
import { buildApp } from './app.ts';
import { assertPortFree, isAddressInUse, PortInUseError } from './port-check.ts';
import { startWorker } from './worker.ts';
import type { Config } from './config.ts';

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
  if (config.role === 'worker') return runWorker(config);
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

/** ROLE=worker: extraction and a health port; SIGTERM drains the running jobs, then exits 0. */
async function runWorker(config: Config): Promise<void> {
  try {
    await assertPortFree(config.host, config.healthPort);
  } catch (err) {
    if (err instanceof PortInUseError) fail(`HEALTH_PORT ${config.healthPort} ya está en uso: otro programa lo ocupa. Elige otro, por ejemplo HEALTH_PORT=${config.healthPort + 1}.`, 4);
    throw err;
  }
  let worker;
  try {
    worker = await startWorker(config);
  } catch (err) {
    if (err instanceof DataDirLockedError) fail(err.message, 3);
    throw err;
  }
  const { runner, healthUrl } = worker;
  const shutdown = (signal: string) => {
    console.log(`${signal}: el trabajador ${runner.owner} termina sus trabajos (hasta ${config.drainSeconds} s)`);
    worker.drain().then(
      ({ finished, released }) => {
        console.log(`Trabajador ${runner.owner} detenido: ${finished} trabajos terminados, ${released} devueltos a la cola`);
        process.exit(0);
      },
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  console.log(`Trabajador de extracción ${runner.owner} listo (${config.workers} procesos); salud en ${healthUrl}/health`);
}

await main();
