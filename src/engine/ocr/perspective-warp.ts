import { sample, type GrayImage } from './gray-image.ts';
import type { Point, Quad } from './page-quad.ts';

/** Undoing a photo's perspective: the page's four corners mapped onto an upright rectangle. */
/** A 3×3 projective transform, row-major, h[8] = 1. */
export type Homography = Float64Array;

/** Solves A·x = b (n×n, Gaussian elimination with partial pivoting); undefined when singular. */
function solve(a: number[][], b: number[]): number[] | undefined {
  const n = b.length;
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(a[r]![col]!) > Math.abs(a[pivot]![col]!)) pivot = r;
    if (Math.abs(a[pivot]![col]!) < 1e-12) return undefined;
    [a[col], a[pivot]] = [a[pivot]!, a[col]!];
    [b[col], b[pivot]] = [b[pivot]!, b[col]!];
    for (let r = col + 1; r < n; r++) {
      const f = a[r]![col]! / a[col]![col]!;
      for (let k = col; k < n; k++) a[r]![k]! -= f * a[col]![k]!;
      b[r]! -= f * b[col]!;
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let s = b[r]!;
    for (let k = r + 1; k < n; k++) s -= a[r]![k]! * x[k]!;
    x[r] = s / a[r]![r]!;
  }
  return x;
}

/** The homography taking each `from` point to the matching `to` point. */
export function homography(from: readonly Point[], to: readonly Point[]): Homography | undefined {
  const a: number[][] = [];
  const b: number[] = [];
  for (let i = 0; i < 4; i++) {
    const { x, y } = from[i]!;
    const { x: u, y: v } = to[i]!;
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y]);
    b.push(u);
    a.push([0, 0, 0, x, y, 1, -v * x, -v * y]);
    b.push(v);
  }
  const h = solve(a, b);
  return h ? Float64Array.from([...h, 1]) : undefined;
}

export function project(h: Homography, x: number, y: number): Point {
  const d = h[6]! * x + h[7]! * y + h[8]!;
  return { x: (h[0]! * x + h[1]! * y + h[2]!) / d, y: (h[3]! * x + h[4]! * y + h[5]!) / d };
}

/** The quadrilateral's content as a `width`×`height` rectangle (bilinear). */
export function warpQuad(img: GrayImage, quad: Quad, width: number, height: number): GrayImage {
  const rect: Point[] = [
    { x: 0, y: 0 },
    { x: width, y: 0 },
    { x: width, y: height },
    { x: 0, y: height },
  ];
  // Pixel corners: the quad's corners are pixel-centre coordinates, the rectangle's are edges.
  const h = homography(rect, quad.map((p) => ({ x: p.x + 0.5, y: p.y + 0.5 })));
  if (!h) throw new RangeError('degenerate page outline');
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = project(h, x + 0.5, y + 0.5);
      out[y * width + x] = Math.round(sample(img, p.x - 0.5, p.y - 0.5));
    }
  }
  return { width, height, data: out };
}

/** Sides of the quadrilateral: the rectangle it is warped to keeps the longer of each opposite pair. */
export function quadSize(quad: Quad): { width: number; height: number } {
  const d = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
  const [tl, tr, br, bl] = quad;
  return { width: Math.round(Math.max(d(tl, tr), d(bl, br))), height: Math.round(Math.max(d(tl, bl), d(tr, br))) };
}
