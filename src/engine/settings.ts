/**
 * The engine's tolerances: one table (setting-rules.ts), validated once (`resolveSettings`) and
 * handed down as one frozen object. No finder keeps a tolerance of its own.
 * See docs/decisions/015-engine-settings.md.
 */
import { SETTING_RULES, type FlagRule, type NumberRule, type SettingRule } from './setting-rules.ts';

export { SETTING_RULES, type SettingRule };

type Rules = typeof SETTING_RULES;
type Values<G> = { readonly [K in keyof G]: G[K] extends FlagRule ? boolean : number };

/** The resolved settings: every key of every group, checked. */
export type EngineSettings = { readonly [G in keyof Rules]: Values<Rules[G]> };
export type LineSettings = EngineSettings['lines'];
export type ContextSettings = EngineSettings['context'];
export type LatticeSettings = EngineSettings['lattice'];
export type StreamSettings = EngineSettings['stream'];
export type HybridSettings = EngineSettings['hybrid'];

/** What a caller may override: some keys of some groups (`{ stream: { regionGapEm: 3 } }`). */
export type SettingsInput = { readonly [G in keyof Rules]?: Partial<Values<Rules[G]>> };

function defaults(): EngineSettings {
  const out: Record<string, Readonly<Record<string, number | boolean>>> = {};
  for (const [group, rules] of Object.entries(SETTING_RULES)) {
    out[group] = Object.freeze(Object.fromEntries(Object.entries(rules).map(([key, rule]) => [key, rule.value])));
  }
  return Object.freeze(out) as EngineSettings;
}

/** Today's tolerances, frozen. */
export const DEFAULT_SETTINGS: EngineSettings = defaults();

/** A setting refused, in Spanish for the person who typed it; `key` names it (`stream.regionGapEm`). */
export class SettingsError extends Error {
  override name = 'SettingsError';
  constructor(
    message: string,
    readonly key?: string,
  ) {
    super(message);
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const shown = (v: unknown): string => (typeof v === 'string' ? JSON.stringify(v) : String(v));

function wanted(rule: NumberRule): string {
  if (rule.integer) return `un número entero mayor o igual que ${rule.min}`;
  if (rule.max !== undefined) return `un número entre ${rule.min} y ${rule.max}`;
  if (rule.below !== undefined) return `un número mayor o igual que ${rule.min} y menor que ${rule.below}`;
  return `un número mayor o igual que ${rule.min}`;
}

function checked(key: string, rule: SettingRule, value: unknown): number | boolean {
  if (typeof rule.value === 'boolean') {
    if (typeof value !== 'boolean') throw new SettingsError(`Ajuste ${key}: debe ser true o false (se recibió ${shown(value)}).`, key);
    return value;
  }
  const r = rule as NumberRule;
  const ok =
    typeof value === 'number' &&
    Number.isFinite(value) &&
    value >= r.min &&
    (r.max === undefined || value <= r.max) &&
    (r.below === undefined || value < r.below) &&
    (!r.integer || Number.isInteger(value));
  if (!ok) throw new SettingsError(`Ajuste ${key}: debe ser ${wanted(r)} (se recibió ${shown(value)}).`, key);
  return value;
}

/**
 * The defaults with `input`'s overrides merged over them (`{ stream: { regionGapEm: 3 } }`): the
 * one place settings are checked. Unknown groups or keys, wrong types, values that are not finite
 * or out of range throw a SettingsError naming the key. The result is frozen.
 */
export function resolveSettings(input: unknown = {}): EngineSettings {
  if (!isRecord(input)) throw new SettingsError('Los ajustes deben ser un objeto JSON: {"grupo": {"clave": valor}}.');
  const rules: Record<string, Record<string, SettingRule>> = SETTING_RULES;
  const defaults: Record<string, Record<string, number | boolean>> = DEFAULT_SETTINGS;
  for (const [group, overrides] of Object.entries(input)) {
    if (!Object.hasOwn(rules, group)) throw new SettingsError(`Ajuste desconocido: ${group}`, group);
    if (overrides === undefined) continue;
    if (!isRecord(overrides)) throw new SettingsError(`Ajuste ${group}: debe ser un objeto {"clave": valor}.`, group);
    for (const key of Object.keys(overrides)) {
      if (!Object.hasOwn(rules[group]!, key)) throw new SettingsError(`Ajuste desconocido: ${group}.${key}`, `${group}.${key}`);
    }
  }
  const out: Record<string, Readonly<Record<string, number | boolean>>> = {};
  for (const [group, groupRules] of Object.entries(rules)) {
    const overrides = input[group] as Record<string, unknown> | undefined;
    if (!overrides) {
      out[group] = defaults[group]!;
      continue;
    }
    const values = { ...defaults[group]! };
    for (const [key, value] of Object.entries(overrides)) {
      // A key given as undefined (an optional field left empty) is not given.
      if (value !== undefined) values[key] = checked(`${group}.${key}`, groupRules[key]!, value);
    }
    out[group] = Object.freeze(values);
  }
  return Object.freeze(out) as EngineSettings;
}
