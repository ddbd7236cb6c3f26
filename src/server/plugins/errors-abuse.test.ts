import { describe, expect, it } from 'vitest';
import { toErrorBody } from './errors.ts';

// Issue 8: client mistakes that answered 500 or the wrong message.
describe('toErrorBody: malformed requests', () => {
  it('maps busboy’s plain errors for a malformed multipart body to 400 in Spanish', () => {
    for (const message of [
      'The needle cannot have a length bigger than 256.',
      'The needle cannot be an empty String/Buffer.',
      'Multipart: Boundary not found',
      'Boundary required',
      'Unexpected end of multipart data',
      'Part terminated early due to unexpected end of multipart data',
    ]) {
      const { status, body, internal } = toErrorBody(new Error(message));
      expect(status, message).toBe(400);
      expect(body, message).toMatchObject({ error: 'El envío del archivo llegó incompleto o dañado. Intenta de nuevo.', code: 'MALFORMED_MULTIPART' });
      expect(internal).toBe(false);
    }
  });

  it('keeps other plain errors internal', () => {
    expect(toErrorBody(new Error('Unexpected end of JSON input')).status).toBe(500);
    expect(toErrorBody(Object.assign(new Error('Unexpected end of multipart data'), { code: 'ESOMETHING' })).status).toBe(500);
  });

  it('answers a JSON body over the limit with its own message', () => {
    const err = Object.assign(new Error('Request body is too large'), { code: 'FST_ERR_CTP_BODY_TOO_LARGE', statusCode: 413 });
    expect(toErrorBody(err)).toMatchObject({ status: 413, body: { error: 'La solicitud es demasiado grande.', code: 'BODY_TOO_LARGE' } });
  });
});
