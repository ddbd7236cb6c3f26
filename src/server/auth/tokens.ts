import crypto from 'node:crypto';

/** 256 random bits, URL-safe; only its sha256 is stored, so a database leak yields no sessions. */
export function newToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}
