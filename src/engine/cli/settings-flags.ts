import { readFile } from 'node:fs/promises';
import { resolveSettings, SettingsError, type EngineSettings, type SettingsInput } from '../settings.ts';

export interface SettingsFlags {
  /** The overrides as given: `--settings` first, then each `--set` in order (what the child is sent). */
  settings: SettingsInput;
  /** The same, checked and merged over the defaults (src/engine/settings.ts). */
  resolved: EngineSettings;
  /** The other arguments, in order. */
  args: string[];
}

/** `true`, `false`, a number, or the text as typed (which the check then refuses, quoting it). */
function parseValue(text: string): unknown {
  if (text === 'true' || text === 'false') return text === 'true';
  const n = Number(text);
  return text.trim() === '' || (Number.isNaN(n) && text !== 'NaN') ? text : n;
}

async function readSettingsFile(file: string): Promise<Record<string, unknown>> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw new SettingsError(`No se pudo leer el archivo de ajustes ${file}.`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new SettingsError(`El archivo de ajustes ${file} no es JSON válido.`);
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new SettingsError(`El archivo de ajustes ${file} debe ser un objeto JSON: {"grupo": {"clave": valor}}.`);
  }
  return json as Record<string, unknown>;
}

/**
 * Takes `--settings FILE.json` and every `--set group.key=value` out of the CLI's arguments and
 * checks what they ask for. Throws a SettingsError (Spanish) for a missing value, a file that is not
 * JSON, or a setting resolveSettings refuses.
 */
export async function takeSettingsFlags(argv: readonly string[]): Promise<SettingsFlags> {
  const args: string[] = [];
  const sets: string[] = [];
  let file: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a !== '--settings' && a !== '--set') {
      args.push(a);
      continue;
    }
    const value = argv[++i];
    if (value === undefined || value.startsWith('--')) {
      throw new SettingsError(a === '--set' ? 'Falta el ajuste después de --set: --set grupo.clave=valor' : 'Falta el archivo después de --settings: --settings ajustes.json');
    }
    if (a === '--set') sets.push(value);
    else file = value;
  }
  const merged: Record<string, unknown> = file ? await readSettingsFile(file) : {};
  for (const set of sets) {
    const m = /^([^.=\s]+)\.([^.=\s]+)=(.*)$/.exec(set);
    if (!m) throw new SettingsError(`Ajuste mal escrito: ${set} (use --set grupo.clave=valor, p. ej. --set stream.regionGapEm=3).`);
    const [, group = '', key = '', value = ''] = m;
    const current = merged[group];
    const into = typeof current === 'object' && current !== null && !Array.isArray(current) ? { ...current } : {};
    merged[group] = { ...into, [key]: parseValue(value) };
  }
  const resolved = resolveSettings(merged);
  return { settings: merged as SettingsInput, resolved, args };
}
