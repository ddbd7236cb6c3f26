/** Tolerances of the ruled-table chain, in PDF points unless said otherwise. */
export interface LatticeSettings {
  /** Parallel rules closer than this are the same line (double borders, anti-aliasing offsets). */
  snapTolerance: number;
  /** Collinear pieces whose ends are this close are one rule. */
  joinTolerance: number;
  /** Rules shorter than this after joining are ignored (tick marks, underlines of one glyph). */
  edgeMinLength: number;
  /** A horizontal and a vertical rule within this distance of touching meet. */
  intersectionTolerance: number;
  /** Fewer grid rows or columns than this is not a table. */
  minRows: number;
  minCols: number;
  /**
   * Filled rectangles contribute their sides as rules everywhere. Off by default: then only
   * fills in regions without any rule are read as grids of shaded cells.
   */
  useFillEdges: boolean;
  /** Rules that stop at a common line with no rule across their ends imply an outer frame there. */
  impliedFrame: boolean;
  /**
   * Pages with more joined rules than this are drawings (charts, maps, hatching), not tables;
   * the ruled finder skips them rather than spend quadratic time on them.
   */
  maxEdges: number;
  /** Text lines above a table kept as its context. */
  contextLines: number;
  /** How far above a table (points) a context line may sit. */
  contextMaxDistance: number;
}

export const LATTICE_DEFAULTS: Readonly<LatticeSettings> = Object.freeze({
  snapTolerance: 3,
  joinTolerance: 3,
  edgeMinLength: 3,
  intersectionTolerance: 3,
  minRows: 2,
  minCols: 2,
  useFillEdges: false,
  impliedFrame: true,
  maxEdges: 3000,
  contextLines: 3,
  contextMaxDistance: 60,
});

/** Merges overrides into the defaults and rejects values the algorithms cannot work with. */
export function latticeSettings(overrides: Partial<LatticeSettings> = {}): LatticeSettings {
  const s: LatticeSettings = { ...LATTICE_DEFAULTS, ...overrides };
  const nonNegative: (keyof LatticeSettings)[] = [
    'snapTolerance',
    'joinTolerance',
    'edgeMinLength',
    'intersectionTolerance',
    'contextMaxDistance',
  ];
  for (const key of nonNegative) {
    const v = s[key];
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) {
      throw new RangeError(`lattice setting ${key} must be a finite number ≥ 0, got ${String(v)}`);
    }
  }
  for (const key of ['minRows', 'minCols', 'contextLines', 'maxEdges'] as const) {
    if (!Number.isInteger(s[key]) || s[key] < 0) {
      throw new RangeError(`lattice setting ${key} must be an integer ≥ 0, got ${String(s[key])}`);
    }
  }
  return s;
}
