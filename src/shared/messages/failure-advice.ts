import { ENGINE_MESSAGES } from './engine.ts';

/**
 * Why a document failed and what the person should do next, in plain Spanish (issue 11). The
 * server stores a Spanish reason per failed document (processing_info.error); a stable code is
 * preferred when the API gives one (the engine's failure reasons: invalid, password, no_text,
 * timeout, memory, crash, aborted), else the reason's words decide.
 */
export type FailureKind = 'damaged' | 'password' | 'unreadable' | 'too_complex' | 'unexpected';

export interface FailureAdvice {
  kind: FailureKind;
  /** Why it failed, in words anyone reads. */
  why: string;
  /** What to do next, a phrase that follows 'Qué hacer:'. */
  next: string;
}

export const FAILURE_LABELS = { why: 'Por qué:', next: 'Qué hacer:' } as const;

const ADVICE: Record<FailureKind, Omit<FailureAdvice, 'kind'>> = {
  damaged: { why: 'El archivo está dañado o no se puede abrir.', next: 'envía el PDF original.' },
  password: { why: 'El PDF está protegido con contraseña.', next: 'quita la contraseña y vuelve a subirlo.' },
  unreadable: { why: 'No se pudo leer el texto de la foto o del escaneo.', next: 'toma la foto de nuevo con buena luz.' },
  too_complex: {
    why: 'El procesamiento superó el tiempo o la memoria permitidos.',
    next: 'el archivo es demasiado complejo; intenta dividirlo.',
  },
  unexpected: { why: 'Ocurrió un error inesperado al procesarlo.', next: 'vuelve a subirlo; si se repite, avisa al administrador.' },
};

const KIND_OF_CODE: Record<string, FailureKind> = {
  invalid: 'damaged',
  password: 'password',
  no_text: 'unreadable',
  unreadable: 'unreadable',
  timeout: 'too_complex',
  memory: 'too_complex',
  crash: 'unexpected',
  aborted: 'unexpected',
};

/** The engine's own wording of each reason, then looser rules for the server's variants. */
const KIND_OF_MESSAGE = new Map<string, FailureKind>(
  Object.entries(ENGINE_MESSAGES).flatMap(([code, message]) => {
    const kind = KIND_OF_CODE[code];
    return kind ? [[message, kind] as const] : [];
  }),
);

const RULES: readonly [RegExp, FailureKind][] = [
  [/contraseña/i, 'password'],
  [/dañad|no se puede (leer|abrir)|corrupt/i, 'damaged'],
  [/texto seleccionable|escanead|ilegible|no se pudo leer|reconoc|\bOCR\b/i, 'unreadable'],
  [/tiempo máximo|memoria máxima|demasiado complej/i, 'too_complex'],
];

export function failureKind(message: string | null | undefined, code?: string | null): FailureKind | null {
  if (code && KIND_OF_CODE[code]) return KIND_OF_CODE[code];
  const text = message?.trim();
  if (!text) return null;
  return KIND_OF_MESSAGE.get(text) ?? RULES.find(([rule]) => rule.test(text))?.[1] ?? null;
}

/**
 * What a failed document says. A reason nothing here recognises is shown as the server wrote it,
 * with the general next step.
 */
export function failureAdvice(message: string | null | undefined, code?: string | null): FailureAdvice {
  const kind = failureKind(message, code);
  if (kind) return { kind, ...ADVICE[kind] };
  const why = message?.trim() || ADVICE.unexpected.why;
  return { kind: 'unexpected', why, next: ADVICE.unexpected.next };
}
