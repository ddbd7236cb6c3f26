/**
 * The real server as a child process for the offline tests: they must kill it, restart it on the
 * same port (the service worker belongs to that origin) and swap the web build under it.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../../..');
export const ADMIN = { email: 'admin@campo.test', password: 'clave-segura-123' };
export const CORPUS = path.resolve(ROOT, '../shared/corpus/domain-dev');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/**
 * Builds the web app into `outDir` once per test run. `marker` makes a byte-different build (a
 * "new version") by adding a statement to the entry module, which changes every hash down to sw.js.
 */
export function buildWeb(outDir: string, marker = ''): string {
  if (fs.existsSync(path.join(outDir, 'sw.js'))) return outDir;
  const script = `
    import { build } from 'vite';
    await build({
      configFile: 'vite.config.ts',
      logLevel: 'warn',
      build: { outDir: ${JSON.stringify(outDir)}, emptyOutDir: true },
      plugins: [{ name: 'e2e-marker', transform(code, id) { return ${JSON.stringify(marker)} && id.endsWith('/src/main.tsx') ? code + '\\nglobalThis.__buildMark = ' + ${JSON.stringify(JSON.stringify(marker))} + ';' : null; } }],
    });`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`vite build into ${outDir} failed`);
  return outDir;
}

export interface ServerHandle {
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  /** SIGKILL: the crash of issue 5 (nothing flushed by us, the database must cope). */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

export async function startServer(opts: { port: number; dataDir: string; distDir: string }): Promise<ServerHandle> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(opts.port),
      HOST: '127.0.0.1',
      DATA_DIR: opts.dataDir,
      DIST_DIR: opts.distDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      WORKERS: '1',
      LOGIN_MAX_FAILURES: '1000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${opts.port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output}`);
    try {
      await fetch(`${url}/api/health`);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return { url, port: opts.port, dataDir: opts.dataDir, process: child, kill: () => end('SIGKILL'), stop: () => end('SIGTERM') };
}

/** Talks to the real API from the test (never a mock): tokens, users, documents. */
export class Api {
  constructor(private readonly base: () => string) {}

  async login(email = ADMIN.email, password = ADMIN.password): Promise<string> {
    const res = await fetch(`${this.base()}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    if (!res.ok) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { access_token: string }).access_token;
  }

  async createUser(token: string, email: string, password: string): Promise<void> {
    const res = await fetch(`${this.base()}/api/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ email, password }),
    });
    if (!res.ok && res.status !== 409) throw new Error(`register ${email}: ${res.status} ${await res.text()}`);
  }

  /** Every document the server holds, oldest first. */
  async documents(token: string): Promise<{ id: number; original_filename: string; status: string; tables_info: { by_table: Record<string, number> } }[]> {
    const res = await fetch(`${this.base()}/api/documents?page=1&page_size=100&all_documents=true&sort=asc`, { headers: { Authorization: `Bearer ${token}` } });
    if (!res.ok) throw new Error(`documents: ${res.status}`);
    const body = (await res.json()) as { data: Awaited<ReturnType<Api['documents']>> };
    return [...body.data].sort((a, b) => a.id - b.id);
  }

  async upload(token: string, file: string): Promise<number> {
    const form = new FormData();
    form.append('files', new Blob([fs.readFileSync(file)], { type: 'application/pdf' }), path.basename(file));
    const res = await fetch(`${this.base()}/api/documents/upload`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
    if (!res.ok) throw new Error(`upload: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { documents: { id: number }[] }).documents[0]!.id;
  }
}

export function corpusPdf(name: string): string {
  return path.join(CORPUS, name);
}
