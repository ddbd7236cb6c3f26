import { spawn } from 'node:child_process';
import { BackupError } from './archive-layout.ts';

/** Runs pg_dump / pg_restore; a missing client is said in Spanish with what to install. */
export function runPgTool(tool: 'pg_dump' | 'pg_restore', args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.once('error', (err: NodeJS.ErrnoException) => {
      reject(
        err.code === 'ENOENT'
          ? new BackupError(`No se encontró ${tool}: instala el cliente de PostgreSQL (por ejemplo apt-get install postgresql-client) de la misma versión o posterior que el servidor.`)
          : err,
      );
    });
    child.once('exit', (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${tool} falló (código ${code}): ${stderr.trim().slice(-2000)}`));
    });
  });
}
