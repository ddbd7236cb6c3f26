import { describe, expect, it } from 'vitest';
import { formatDateTime, formatIsoDate, formatRelative, formatRelativeShort } from './dates.ts';

const now = new Date(2025, 3, 15, 12, 0, 0);
const ago = (ms: number) => new Date(now.getTime() - ms);
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('formatDateTime', () => {
  it('prints day/month/year hour:minute', () => {
    expect(formatDateTime(new Date(2025, 3, 5, 9, 7))).toBe('05/04/2025 09:07');
  });
  it('says when there is no date or it does not parse', () => {
    expect(formatDateTime('')).toBe('Fecha no disponible');
    expect(formatDateTime(null)).toBe('Fecha no disponible');
    expect(formatDateTime('not a date')).toBe('Fecha inválida');
  });
  it('reports a formatting failure', () => {
    const broken = { getTime: () => 1, getDate: () => { throw new Error('boom'); } } as unknown as Date;
    Object.setPrototypeOf(broken, Date.prototype);
    expect(formatDateTime(broken)).toBe('Error en fecha');
  });
});

describe('formatIsoDate', () => {
  it('reads calendar dates as text so no timezone moves them', () => {
    expect(formatIsoDate('2025-04-15')).toBe('15/04/2025');
    expect(formatIsoDate('15-abr-2025')).toBe('15-abr-2025');
  });
});

describe('formatRelative', () => {
  it.each([
    [30_000, 'hace unos segundos'],
    [MIN, 'hace 1 minuto'],
    [5 * MIN, 'hace 5 minutos'],
    [HOUR, 'hace 1 hora'],
    [23 * HOUR, 'hace 23 horas'],
    [DAY, 'hace 1 día'],
    [6 * DAY, 'hace 6 días'],
    [7 * DAY, 'hace 1 semana'],
    [21 * DAY, 'hace 3 semanas'],
    [30 * DAY, 'hace 1 mes'],
    [200 * DAY, 'hace 6 meses'],
    [365 * DAY, 'hace 1 año'],
    [800 * DAY, 'hace 2 años'],
  ])('%i ms ago → %s', (ms, text) => {
    expect(formatRelative(ago(ms), now)).toBe(text);
  });
  it('keeps the date messages', () => {
    expect(formatRelative(undefined, now)).toBe('Fecha no disponible');
    expect(formatRelative('xyz', now)).toBe('Fecha inválida');
  });
});

describe('formatRelativeShort', () => {
  it('uses minutes under an hour, hours under a day, then days', () => {
    expect(formatRelativeShort(ago(10_000), now)).toBe('hace unos segundos');
    expect(formatRelativeShort(ago(59 * MIN), now)).toBe('hace 59 minutos');
    expect(formatRelativeShort(ago(60 * MIN), now)).toBe('hace 1 hora');
    expect(formatRelativeShort(ago(24 * HOUR), now)).toBe('hace 1 día');
    expect(formatRelativeShort(ago(45 * DAY), now)).toBe('hace 45 días');
  });
});
