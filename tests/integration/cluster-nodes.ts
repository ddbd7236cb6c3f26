import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { ADMIN, ROOT } from './helpers.ts';

/** A node of the cluster as its own process: an API node (ROLE=api) or a worker (ROLE=worker). */
export interface ClusterNode {
  child: ChildProcess;
  /** API node: its base URL; worker: its health port's. */
  url: string;
  /** Worker: its runner's lease owner (documents.processed_by). */
  owner: string;
  output: () => string;
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
}

const READY = {
  api: /Servidor escuchando en (http:\/\/\S+)/,
  worker: /Trabajador de extracción (\S+) listo .*salud en (http:\/\/\S+)\/health/,
};

/**
 * Starts `node --import tsx src/server/main.ts` with ROLE, on the shared DATABASE_URL in `env`, its
 * own DATA_DIR, and waits for its ready line.
 */
export function startNode(role: 'api' | 'worker', dataDir: string, env: Record<string, string>): Promise<ClusterNode> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'src/server/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      ROLE: role,
      DATA_DIR: dataDir,
      PORT: '0',
      HEALTH_PORT: '0',
      HOST: '127.0.0.1',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      DIST_DIR: path.join(dataDir, 'no-dist'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${role} did not start:\n${out}`)), 60_000);
    const check = () => {
      const m = READY[role].exec(out);
      if (!m) return;
      clearTimeout(timer);
      child.stdout!.off('data', check);
      resolve(role === 'api' ? { child, url: m[1]!, owner: '', output: () => out, exited } : { child, url: m[2]!, owner: m[1]!, output: () => out, exited });
    };
    child.stdout!.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${role} exited with ${code}:\n${out}`));
    });
  });
}

/** Documents a worker's log says it stored ('document processed', saved), by id. */
export function processedIn(log: string): number[] {
  const ids: number[] = [];
  for (const line of log.split('\n')) {
    if (!line.includes('"document processed"')) continue;
    try {
      const entry = JSON.parse(line) as { document?: number; saved?: boolean };
      if (entry.saved && typeof entry.document === 'number') ids.push(entry.document);
    } catch {
      // Not a log line.
    }
  }
  return ids;
}
