import { describe, expect, it } from 'vitest';
import { ENGINE_MESSAGES } from './engine.ts';
import { failureAdvice, failureKind } from './failure-advice.ts';
import { SERVER_MESSAGES } from './server.ts';

describe('failureAdvice (issue 11)', () => {
  it.each([
    [SERVER_MESSAGES.pdfInvalid, 'damaged', 'envía el PDF original'],
    [SERVER_MESSAGES.pdfPassword, 'password', 'quita la contraseña y vuelve a subirlo'],
    [SERVER_MESSAGES.pdfNoText, 'unreadable', 'toma la foto de nuevo con buena luz'],
    [SERVER_MESSAGES.jobTimeout, 'too_complex', 'el archivo es demasiado complejo; intenta dividirlo'],
    [SERVER_MESSAGES.jobMemory, 'too_complex', 'el archivo es demasiado complejo; intenta dividirlo'],
    [SERVER_MESSAGES.jobCrashed, 'unexpected', 'avisa al administrador'],
  ])('the server saying %j is %s: %s', (message, kind, next) => {
    const advice = failureAdvice(message);
    expect(advice.kind).toBe(kind);
    expect(advice.next).toContain(next);
  });

  it("knows every one of the engine's own reasons", () => {
    for (const message of Object.values(ENGINE_MESSAGES)) expect(failureKind(message)).not.toBeNull();
  });

  it('a stable code wins over the words', () => {
    expect(failureAdvice('cualquier cosa', 'password').kind).toBe('password');
    expect(failureAdvice(SERVER_MESSAGES.pdfPassword, 'memory').kind).toBe('too_complex');
  });

  it('an unknown reason is shown as written, with the general next step', () => {
    const advice = failureAdvice('Algo nuevo pasó.');
    expect(advice).toEqual({ kind: 'unexpected', why: 'Algo nuevo pasó.', next: 'vuelve a subirlo; si se repite, avisa al administrador.' });
    expect(failureAdvice(null).why).toBe('Ocurrió un error inesperado al procesarlo.');
  });
});
