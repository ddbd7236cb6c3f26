// Scores the tables found on one page against the boxes a person marked on it (issue 10's
// held-out check, tests/fixtures/detection). Boxes are [x0, y0, x1, y1] in PDF points, y down,
// as `--raw` prints them. Hand-drawn boxes are rough, so a found table matches a marked one when
// each covers most of the other, not when their edges agree.

export type Box = [number, number, number, number];

export interface MarkedTable {
  box: Box;
  /** A block a reader could call a table or not (code output, a list of options): not scored. */
  doubtful?: boolean;
}

export interface PageScore {
  found: number;
  /** Found tables that match a marked table. */
  matched: number;
  /** Found tables lying mostly inside a doubtful block: neither right nor wrong. */
  ignored: number;
  /** Found tables that are not tables, or whose extent covers too little or too much. */
  wrong: Box[];
  /** Marked tables nothing matched. */
  missed: Box[];
  expected: number;
}

/** Share of each box the other must cover for a found table to match a marked one. */
export const MATCH_SHARE = 0.6;

function area(b: Box): number {
  return Math.max(0, b[2] - b[0]) * Math.max(0, b[3] - b[1]);
}

function overlap(a: Box, b: Box): number {
  return area([Math.max(a[0], b[0]), Math.max(a[1], b[1]), Math.min(a[2], b[2]), Math.min(a[3], b[3])]);
}

function matches(found: Box, marked: Box): boolean {
  const common = overlap(found, marked);
  return common >= MATCH_SHARE * area(found) && common >= MATCH_SHARE * area(marked);
}

/** Best first: each marked table takes the free found table it overlaps most. */
export function scorePage(found: Box[], marked: MarkedTable[]): PageScore {
  const sure = marked.filter((m) => !m.doubtful).map((m) => m.box);
  const doubtful = marked.filter((m) => m.doubtful).map((m) => m.box);
  const pairs: { f: number; m: number; common: number }[] = [];
  found.forEach((f, fi) =>
    sure.forEach((m, mi) => {
      if (matches(f, m)) pairs.push({ f: fi, m: mi, common: overlap(f, m) });
    }),
  );
  pairs.sort((a, b) => b.common - a.common);
  const usedF = new Set<number>();
  const usedM = new Set<number>();
  for (const p of pairs) {
    if (usedF.has(p.f) || usedM.has(p.m)) continue;
    usedF.add(p.f);
    usedM.add(p.m);
  }
  const wrong: Box[] = [];
  let ignored = 0;
  found.forEach((f, fi) => {
    if (usedF.has(fi)) return;
    if (doubtful.some((d) => overlap(f, d) >= MATCH_SHARE * area(f))) ignored++;
    else wrong.push(f);
  });
  return {
    found: found.length,
    matched: usedF.size,
    ignored,
    wrong,
    missed: sure.filter((_, mi) => !usedM.has(mi)),
    expected: sure.length,
  };
}
