import crypto from 'node:crypto';
import os from 'node:os';
import { promisify } from 'node:util';
import { Slots } from '../slots.ts';

const scrypt = promisify(crypto.scrypt) as (pw: string, salt: Buffer, len: number, opts: crypto.ScryptOptions) => Promise<Buffer>;

// N=2^15, r=8: 32 MiB per hash, the OWASP-recommended floor for scrypt.
const PARAMS = { N: 32768, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEY_LEN = 32;

/**
 * At most `concurrency` hashes run at once, `queueMax` more wait in order, beyond that a 503.
 * scrypt runs on libuv's thread pool (4 threads by default), the one file reads use too: left
 * unbounded, 50 logins at once made every static file and PDF download wait seconds.
 */
export class HashSlots extends Slots {
  constructor(concurrency: number, queueMax: number) {
    super(concurrency, queueMax, 'too many password hashes waiting, retry shortly');
  }
}

// One hash at a time on a two-core machine (the event loop keeps a core), never more than two:
// two of libuv's four threads always stay free for file reads. About 7 hashes per second each.
const slots = new HashSlots(Math.max(1, Math.min(2, os.availableParallelism() - 1)), 16);

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const key = await slots.run(() => scrypt(password, salt, KEY_LEN, PARAMS));
  return `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await slots.run(() =>
    scrypt(password, Buffer.from(salt, 'base64'), expected.length, {
      N: Number(n),
      r: Number(r),
      p: Number(p),
      maxmem: PARAMS.maxmem,
    }),
  );
  return crypto.timingSafeEqual(actual, expected);
}

/** A stored hash that never matches, so unknown emails cost as much time as known ones. */
export const DUMMY_HASH = `scrypt$${PARAMS.N}$8$1$${Buffer.alloc(16).toString('base64')}$${Buffer.alloc(32).toString('base64')}`;
