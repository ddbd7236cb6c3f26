import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_CAPS } from '../engine/index.ts';

/** What this process does (issue 13): everything, the web app and API only, or extraction only. */
export type Role = 'all' | 'api' | 'worker';
const ROLES: readonly Role[] = ['all', 'api', 'worker'];

export interface Config {
  role: Role;
  /** ROLE=worker: the port of its health check (GET /health: 200 while the database answers). */
  healthPort: number;
  /** Seconds a worker on SIGTERM waits for its running jobs before releasing them to the queue. */
  drainSeconds: number;
  port: number;
  host: string;
  dataDir: string;
  /** postgres://… switches to PostgreSQL; undefined means SQLite in dataDir. */
  databaseUrl: string | undefined;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  tokenTtlDays: number;
  workers: number;
  jobTimeoutMs: number;
  jobMemoryMb: number;
  /** Attempts before a job ends in error. */
  jobMaxAttempts: number;
  /** Where the built web app lives; served when present. */
  distDir: string;
  /** Failed logins per account+address per window before 429. */
  loginMaxFailures: number;
  loginWindowMs: number;
  /** Failed logins from one address, across accounts, per window before 429. */
  loginMaxFailuresPerAddress: number;
  /** Requests per address per minute on the login and the upload route before 429. */
  loginRatePerMinute: number;
  uploadRatePerMinute: number;
  /** Fastify's `trustProxy`: which X-Forwarded-* headers to believe (false: none). */
  trustProxy: TrustProxy;
  /** Below this much free space in DATA_DIR writes there answer 507 and no job starts (decision 035). */
  diskMinFreeMb: number;
  /** Size of the reserve file kept in DATA_DIR for queue bookkeeping on a full disk (0: none). */
  diskReserveMb: number;
  /** A connection with no byte in either direction for this long is closed (slow or stalled clients, decision 036). */
  requestIdleTimeoutMs: number;
  /** A request (headers and body) must have arrived within this long, or it is answered 408. */
  requestTimeoutMs: number;
  /** Logs every request (pino) when true. */
  logRequests: boolean;
  logLevel: LogLevel;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    reason: string,
  ) {
    super(`Configuración inválida: ${variable} ${reason}`);
  }
}

type Env = Record<string, string | undefined>;

/** false, true (any proxy), a hop count, or the proxies' addresses / CIDRs (or proxy-addr's names). */
export type TrustProxy = boolean | number | string[];

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function trustProxy(env: Env): TrustProxy {
  const raw = env.TRUST_PROXY?.trim() ?? '';
  if (raw === '' || /^(false|no)$/i.test(raw)) return false;
  if (/^(true|yes)$/i.test(raw)) return true;
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops > 100) throw new ConfigError('TRUST_PROXY', `hop count must be at most 100, got ${hops}`);
    return hops === 0 ? false : hops;
  }
  const entries = raw.split(',').map((e) => e.trim());
  for (const entry of entries) {
    if (PROXY_NAMES.has(entry)) continue;
    const [address, prefix, extra] = entry.split('/');
    const family = net.isIP(address ?? '');
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 6 ? 128 : 32));
    if (family === 0 || !prefixOk || extra !== undefined) {
      throw new ConfigError('TRUST_PROXY', `must be true, false, a hop count or a comma list of addresses/CIDRs, got "${entry}"`);
    }
  }
  return entries;
}

function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw.trim())) throw new ConfigError(name, `must be an integer, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(name, `must be between ${min} and ${max}, got ${value}`);
  return value;
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (/^(1|true|yes)$/i.test(raw)) return true;
  if (/^(0|false|no)$/i.test(raw)) return false;
  throw new ConfigError(name, `must be true or false, got "${raw}"`);
}

function logLevel(env: Env): LogLevel {
  const raw = env.LOG_LEVEL?.trim() || 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(raw)) throw new ConfigError('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')}`);
  return raw as LogLevel;
}

function role(env: Env, databaseUrl: string | undefined): Role {
  const raw = env.ROLE?.trim().toLowerCase() || 'all';
  if (!(ROLES as readonly string[]).includes(raw)) throw new ConfigError('ROLE', `must be one of ${ROLES.join(', ')}, got "${raw}"`);
  // SQLite is one process by design (the DATA_DIR lock): a split needs the shared database.
  if (raw !== 'all' && !databaseUrl) {
    throw new ConfigError('DATABASE_URL', `is required with ROLE=${raw}: API nodes and workers share one PostgreSQL (postgres://…); SQLite runs as one process (ROLE=all)`);
  }
  return raw as Role;
}

/** Reads and validates the environment once; a bad value throws naming the variable. */
export function loadConfig(env: Env = process.env, overrides: Partial<Config> = {}): Config {
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL', 'must start with postgres:// or postgresql://');
  }
  const adminEmail = env.ADMIN_EMAIL?.trim() || undefined;
  if (adminEmail && !/^[^@\s]+@[^@\s]+$/.test(adminEmail)) throw new ConfigError('ADMIN_EMAIL', 'is not an email address');
  const adminPassword = env.ADMIN_PASSWORD || undefined;
  if (adminPassword !== undefined && adminPassword.length < 8) throw new ConfigError('ADMIN_PASSWORD', 'must have at least 8 characters');
  const host = env.HOST?.trim() || '0.0.0.0';
  const config: Config = {
    role: role(env, databaseUrl),
    healthPort: int(env, 'HEALTH_PORT', 8081, 0, 65535),
    drainSeconds: int(env, 'DRAIN_SECONDS', 60, 0, 3600),
    port: int(env, 'PORT', 8080, 0, 65535),
    host,
    dataDir: path.resolve(env.DATA_DIR?.trim() || './data'),
    databaseUrl,
    adminEmail,
    adminPassword,
    tokenTtlDays: int(env, 'TOKEN_TTL_DAYS', 30, 1, 3650),
    workers: int(env, 'WORKERS', Math.max(1, os.availableParallelism()), 1, 64),
    // The engine's caps are the default (docs/decisions/001).
    jobTimeoutMs: int(env, 'JOB_TIMEOUT_MS', DEFAULT_CAPS.timeoutMs, 1000, 3_600_000),
    jobMemoryMb: int(env, 'JOB_MEMORY_MB', DEFAULT_CAPS.memoryMb, 64, 65_536),
    jobMaxAttempts: int(env, 'JOB_MAX_ATTEMPTS', 3, 1, 10),
    distDir: path.resolve(env.DIST_DIR?.trim() || './dist'),
    loginMaxFailures: int(env, 'LOGIN_MAX_FAILURES', 5, 1, 1000),
    loginWindowMs: int(env, 'LOGIN_WINDOW_MS', 15 * 60_000, 1000, 86_400_000),
    loginMaxFailuresPerAddress: int(env, 'LOGIN_MAX_FAILURES_PER_ADDRESS', 20, 1, 100_000),
    loginRatePerMinute: int(env, 'LOGIN_RATE_PER_MINUTE', 60, 1, 100_000),
    uploadRatePerMinute: int(env, 'UPLOAD_RATE_PER_MINUTE', 120, 1, 100_000),
    trustProxy: trustProxy(env),
    diskMinFreeMb: int(env, 'DISK_MIN_FREE_MB', 64, 0, 1_000_000),
    diskReserveMb: int(env, 'DISK_RESERVE_MB', 8, 0, 10_000),
    // Fastify's defaults (0) never close a request that stops arriving. 15 min is a 10 MB upload at 11 KB/s.
    requestIdleTimeoutMs: int(env, 'REQUEST_IDLE_TIMEOUT_MS', 120_000, 1000, 3_600_000),
    requestTimeoutMs: int(env, 'REQUEST_TIMEOUT_MS', 15 * 60_000, 1000, 3_600_000),
    logRequests: bool(env, 'LOG_REQUESTS', false),
    logLevel: logLevel(env),
    ...overrides,
  };
  return config;
}
