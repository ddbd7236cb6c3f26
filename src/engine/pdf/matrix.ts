/** A PDF affine matrix [a b c d e f]: x' = a·x + c·y + e, y' = b·x + d·y + f. */
export type Matrix = readonly [number, number, number, number, number, number];

export const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** The matrix that applies `inner` first, then `outer` (pdf.js `Util.transform(outer, inner)`). */
export function multiply(outer: Matrix, inner: Matrix): Matrix {
  // Read by index, not destructured: a destructuring goes through the array's iterator, one
  // result object per element until V8 optimises the caller (issue 14: most of this function's
  // garbage, for every text item and every path of a page).
  const a = outer[0], b = outer[1], c = outer[2], d = outer[3], e = outer[4], f = outer[5];
  const a2 = inner[0], b2 = inner[1], c2 = inner[2], d2 = inner[3], e2 = inner[4], f2 = inner[5];
  return [
    a * a2 + c * b2,
    b * a2 + d * b2,
    a * c2 + c * d2,
    b * c2 + d * d2,
    a * e2 + c * f2 + e,
    b * e2 + d * f2 + f,
  ];
}

export function apply(m: Matrix, x: number, y: number): [number, number] {
  return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
}

/** Reads six finite numbers into a matrix, or undefined when the operand is malformed. */
export function toMatrix(value: unknown): Matrix | undefined {
  if (!value || typeof value !== 'object' || !('length' in value)) return undefined;
  const arr = value as ArrayLike<unknown>;
  if (arr.length < 6) return undefined;
  const out: number[] = [];
  for (let i = 0; i < 6; i++) {
    const v = arr[i];
    if (typeof v !== 'number' || !Number.isFinite(v)) return undefined;
    out.push(v);
  }
  return out as unknown as Matrix;
}
