import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp, type BuiltApp } from '../../src/server/app.ts';
import { loadConfig, type Config } from '../../src/server/config.ts';

export const FIXTURES = path.join(import.meta.dirname, 'fixtures');
export const ROOT = path.resolve(import.meta.dirname, '../..');
export const ADMIN = { email: 'admin@example.com', password: 'admin-pass-123' };
export const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));

export function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'pdfx-it-'));
}

/**
 * With DATABASE_URL set (scripts/with-postgres.sh), every server gets its own fresh database so
 * test files can run in parallel; otherwise SQLite in the server's DATA_DIR.
 */
export async function freshDatabaseUrl(): Promise<string | undefined> {
  const base = process.env.DATABASE_URL;
  if (!base) return undefined;
  const admin = process.env.PG_ADMIN_URL ?? base;
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A test server's environment: `dataDir`, a fresh database (freshDatabaseUrl), the test admin, one
 * worker, quiet logs and no built web app; `extra` on top.
 */
export async function serverEnv(dataDir: string, extra: Record<string, string> = {}): Promise<Record<string, string>> {
  const databaseUrl = await freshDatabaseUrl();
  return {
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    WORKERS: '1',
    LOG_LEVEL: 'error',
    DIST_DIR: path.join(dataDir, 'no-dist'),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...extra,
  };
}

/**
 * fetch's Response whose body the tests read loosely and pin with expect(). Node's fetch types give
 * json() `unknown`; the DOM's give `any`, which these tests had while one tsconfig mixed both.
 */
export interface ApiResponse extends Response {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
  json(): Promise<any>;
}

export interface TestServer extends BuiltApp {
  url: string;
  config: Config;
  /** fetch relative to the server, JSON in and out, bearer token when given. */
  api(pathname: string, init?: RequestInit & { token?: string; json?: unknown }): Promise<ApiResponse>;
  login(email?: string, password?: string): Promise<string>;
  createUser(email: string, role?: 'admin' | 'user'): Promise<string>;
  close(): Promise<void>;
}

export function clientFor(url: string) {
  return (pathname: string, init: RequestInit & { token?: string; json?: unknown } = {}): Promise<ApiResponse> => {
    const headers = new Headers(init.headers);
    if (init.token) headers.set('authorization', `Bearer ${init.token}`);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(init.json);
    }
    return fetch(`${url}${pathname}`, { ...init, headers, body });
  };
}

/** Signs in through `api` (clientFor) and answers the access token; the test admin unless told. */
export async function loginTo(api: ReturnType<typeof clientFor>, email = ADMIN.email, password = ADMIN.password): Promise<string> {
  const res = await api('/api/auth/login', { method: 'POST', json: { email, password } });
  if (res.status !== 200) throw new Error(`login ${email} failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

export async function startServer(env: Record<string, string> = {}, options: { runJobs?: boolean; dataDir?: string } = {}): Promise<TestServer> {
  const config = loadConfig(await serverEnv(options.dataDir ?? tempDir(), { WORKERS: '2', ...env }));
  const built = await buildApp(config, { runJobs: options.runJobs, print: () => {} });
  const address = await built.app.listen({ port: 0, host: '127.0.0.1' });
  const api = clientFor(address);
  const login = (email?: string, password?: string) => loginTo(api, email, password);
  return {
    ...built,
    url: address,
    config,
    api,
    login,
    async createUser(email, role = 'user') {
      const admin = await login();
      const res = await api('/api/auth/register', { method: 'POST', token: admin, json: { email, password: 'user-pass-123', role } });
      if (res.status !== 201) throw new Error(`register failed ${res.status} ${await res.text()}`);
      return login(email, 'user-pass-123');
    },
    close: () => built.app.close(),
  };
}

/**
 * A minimal valid one-page PDF (it opens in pdf.js, so it passes the upload's parse); `label`
 * makes each one byte-distinct.
 */
export function tinyPdf(label: string): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
  ];
  let out = `%PDF-1.4\n% ${label.replace(/[\r\n]/g, ' ')}\n`;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out);
}

export function uploadForm(files: { name: string; bytes: Uint8Array; type?: string }[], field = 'files'): FormData {
  const form = new FormData();
  for (const f of files) form.append(field, new Blob([new Uint8Array(f.bytes)], { type: f.type ?? 'application/pdf' }), f.name);
  return form;
}

export async function upload(
  s: Pick<TestServer, 'api'>,
  token: string,
  files: { name: string; bytes: Uint8Array; type?: string }[],
  headers: Record<string, string> = {},
): Promise<ApiResponse> {
  return s.api('/api/documents/upload', { method: 'POST', token, body: uploadForm(files), headers });
}

/** Polls a document until it leaves pending/processing. */
export async function waitForDocument(
  s: Pick<TestServer, 'api'>,
  token: string,
  id: number,
  timeoutMs = 60_000,
): Promise<{ status: string; progress: number }> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await s.api(`/api/documents/${id}/progress`, { token });
    const body = (await res.json()) as { status: string; progress: number };
    if (body.status === 'processed' || body.status === 'error') return body;
    if (Date.now() > until) throw new Error(`document ${id} still ${body.status} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * The server as its own process, for kill -9 tests: `node --import tsx src/server/main.ts`, or
 * `node <args…>` (say the compiled build/server.mjs).
 */
export async function spawnServer(
  env: Record<string, string>,
  args: string[] = ['--import', 'tsx', path.join(ROOT, 'src/server/main.ts')],
): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 30_000);
    const check = () => {
      const m = /Servidor escuchando en (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${out}`));
    });
  });
  return { child, url, output: () => out };
}

/** Runs the server entry to completion (for start-up refusals) and returns its exit code and output. */
export function runServerToExit(
  env: Record<string, string>,
  { entry = 'src/server/main.ts', timeoutMs = 30_000 }: { entry?: string; timeoutMs?: number } = {},
): Promise<{ code: number | null; output: string }> {
  // `entry` is a TypeScript file (run through tsx) or a built .mjs with its arguments, e.g. `scripts/run-built.mjs server`.
  const [file, ...args] = entry.split(' ');
  const loader = file!.endsWith('.mjs') ? [] : ['--import', 'tsx'];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...loader, path.join(ROOT, file!), ...args], {
      cwd: ROOT,
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not exit:\n${output}`));
    }, timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}
