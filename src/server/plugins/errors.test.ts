import { describe, expect, it } from 'vitest';
import { HttpError } from '../errors.ts';
import { toErrorBody } from './errors.ts';

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
});
