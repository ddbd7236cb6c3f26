/** Spanish texts of dates (spec §5, §9). */
const dateMessages = {
  unavailable: 'Fecha no disponible',
  invalid: 'Fecha inválida',
  failed: 'Error en fecha',
  justNow: 'hace unos segundos',
} as const;

type DateInput = string | number | Date | null | undefined;

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

function toDate(input: Exclude<DateInput, null | undefined>): Date {
  return input instanceof Date ? input : new Date(input);
}

function isEmpty(input: DateInput): input is null | undefined {
  return input === null || input === undefined || (typeof input === 'string' && input.trim() === '');
}

/**
 * The guard every date text shares (spec §5): empty → 'Fecha no disponible', unparseable →
 * 'Fecha inválida', a formatting failure → 'Error en fecha'.
 */
function formatWith(input: DateInput, format: (date: Date) => string): string {
  if (isEmpty(input)) return dateMessages.unavailable;
  try {
    const date = toDate(input);
    if (Number.isNaN(date.getTime())) return dateMessages.invalid;
    return format(date);
  } catch {
    return dateMessages.failed;
  }
}

/** Spanish day/month/year with hour and minute (spec §9): '15/04/2025 14:30', local time. */
export function formatDateTime(input: DateInput): string {
  return formatWith(
    input,
    (date) => `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())}`,
  );
}

/**
 * A calendar date (`YYYY-MM-DD` as the tables store it) as '15/04/2025'. Read as text, never through
 * Date, so a timezone west of UTC cannot move it to the day before.
 */
export function formatIsoDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : value;
}

function plural(n: number, one: string, many: string): string {
  return `hace ${n} ${n === 1 ? one : many}`;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Elapsed time under a day, or undefined when it is a day or more. */
function relativeUnderADay(diff: number): string | undefined {
  if (diff < MINUTE) return dateMessages.justNow;
  if (diff < HOUR) return plural(Math.floor(diff / MINUTE), 'minuto', 'minutos');
  if (diff < DAY) return plural(Math.floor(diff / HOUR), 'hora', 'horas');
  return undefined;
}

/** Relative time of spec §9: seconds, minutes, hours, days, weeks (7 d), months (30 d), years (365 d). */
export function formatRelative(input: DateInput, now: Date = new Date()): string {
  return formatWith(input, (date) => {
    const diff = Math.max(0, now.getTime() - date.getTime());
    const recent = relativeUnderADay(diff);
    if (recent) return recent;
    const days = Math.floor(diff / DAY);
    if (days < 7) return plural(days, 'día', 'días');
    if (days < 30) return plural(Math.floor(days / 7), 'semana', 'semanas');
    if (days < 365) return plural(Math.floor(days / 30), 'mes', 'meses');
    return plural(Math.floor(days / 365), 'año', 'años');
  });
}

/**
 * The short form the upload and documents screens use (spec §9): minutes under 60 minutes, hours
 * under 24 hours, then days ('hace n días' however many).
 */
export function formatRelativeShort(input: DateInput, now: Date = new Date()): string {
  return formatWith(input, (date) => {
    const diff = Math.max(0, now.getTime() - date.getTime());
    return relativeUnderADay(diff) ?? plural(Math.floor(diff / DAY), 'día', 'días');
  });
}
