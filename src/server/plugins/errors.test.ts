import { describe, expect, it } from 'vitest';
import { HttpError } from '../errors.ts';
import { insufficientStorage, toErrorBody } from './errors.ts';

const FILE_FULL = 'No hay espacio suficiente en el servidor para guardar el archivo.';
const STORAGE_FULL = 'No hay espacio suficiente en el servidor. Intenta de nuevo más tarde.';
const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('toErrorBody', () => {
  it('answers a full disk with 507 in Spanish', () => {
    const err = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    const { status, body } = toErrorBody(err);
    expect(status).toBe(507);
    expect(body).toEqual({ error: 'No hay espacio suficiente en el servidor para guardar el archivo.', detail: 'insufficient storage', code: 'INSUFFICIENT_STORAGE' });
  });

  it('never leaks an unexpected error', () => {
    const { status, body, internal } = toErrorBody(new Error('SELECT * FROM users failed at /srv/app/db.ts:12'));
    expect(status).toBe(500);
    expect(JSON.stringify(body)).not.toMatch(/users|db\.ts/);
    expect(body.error).toBe('Error interno del servidor. Intenta de nuevo más tarde.');
    expect(internal).toBe(true);
  });

  it('keeps our own errors as they are', () => {
    expect(toErrorBody(new HttpError(409, 'X', 'Texto', 'detail')).body).toEqual({ error: 'Texto', detail: 'detail', code: 'X' });
  });

  describe('a full disk, whoever reports it, is 507 in Spanish', () => {
    it('SQLite SQLITE_FULL (better-sqlite3): the general text, or the upload text on the upload route', () => {
      const err = withCode('database or disk is full', 'SQLITE_FULL');
      expect(toErrorBody(err)).toEqual({ status: 507, body: { error: STORAGE_FULL, detail: 'insufficient storage', code: 'INSUFFICIENT_STORAGE' }, internal: true });
      expect(toErrorBody(err, { storingFile: true }).body.error).toBe(FILE_FULL);
    });

    it('PostgreSQL SQLSTATE 53100 (disk_full)', () => {
      const err = withCode('could not extend file "base/16384/16397": No space left on device', '53100');
      expect(toErrorBody(err)).toMatchObject({ status: 507, body: { error: STORAGE_FULL, code: 'INSUFFICIENT_STORAGE' } });
      // Nothing of the database's message reaches the client.
      expect(JSON.stringify(toErrorBody(err).body)).not.toMatch(/base\/16384|extend/);
    });

    it('a file write: ENOSPC and EDQUOT (quota), with the upload text by default', () => {
      expect(toErrorBody(withCode('EDQUOT: disk quota exceeded, write', 'EDQUOT'))).toMatchObject({ status: 507, body: { error: FILE_FULL } });
      expect(toErrorBody(withCode('ENOSPC: no space left on device, write', 'ENOSPC'), { storingFile: false }).body.error).toBe(STORAGE_FULL);
    });

    it('a SQLite write I/O error only when space is short (SQLite does not say which errno)', () => {
      for (const code of ['SQLITE_IOERR_WRITE', 'SQLITE_IOERR_SHMSIZE', 'SQLITE_IOERR_FSYNC', 'SQLITE_IOERR_TRUNCATE']) {
        const err = withCode('disk I/O error', code);
        expect(toErrorBody(err, { spaceShort: true }).status, code).toBe(507);
        expect(toErrorBody(err, { spaceShort: false }).status, code).toBe(500);
      }
      expect(toErrorBody(withCode('disk I/O error (ENOSPC)', 'SQLITE_IOERR_WRITE')).status).toBe(507);
      expect(toErrorBody(withCode('disk I/O error', 'SQLITE_IOERR_READ'), { spaceShort: true }).status).toBe(500);
    });

    it('a full disk behind a wrapping error (cause)', () => {
      const err = new Error('save failed', { cause: withCode('database or disk is full', 'SQLITE_FULL') });
      expect(toErrorBody(err).status).toBe(507);
    });

    it('other database errors stay 500, e.g. the "cannot rollback" a full disk used to hide behind', () => {
      expect(toErrorBody(withCode('cannot rollback - no transaction is active', 'SQLITE_ERROR')).status).toBe(500);
      expect(toErrorBody(withCode('deadlock detected', '40P01')).status).toBe(500);
      expect(toErrorBody(withCode('database is locked', 'SQLITE_BUSY')).status).toBe(500);
    });

    it('the refusal before a write says the same', () => {
      const upload = toErrorBody(insufficientStorage(true, 'free space below minimum'));
      expect(upload).toEqual({ status: 507, body: { error: FILE_FULL, detail: 'free space below minimum', code: 'INSUFFICIENT_STORAGE' }, internal: false });
      expect(toErrorBody(insufficientStorage(false)).body).toEqual({ error: STORAGE_FULL, detail: 'insufficient storage', code: 'INSUFFICIENT_STORAGE' });
    });
  });
});
