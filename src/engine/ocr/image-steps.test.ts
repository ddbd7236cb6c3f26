import { describe, expect, it } from 'vitest';
import { binarize, otsuThreshold } from './binarize.ts';
import { estimateSkew, rotate } from './deskew.ts';
import { boxBlur, createImage, downsample, resize, toGray, toPgm } from './gray-image.ts';
import { flattenIllumination, stretchContrast } from './illumination.ts';
import { findPageQuad, isPlausibleSheet, type Quad } from './page-quad.ts';
import { homography, project, quadSize, warpQuad } from './perspective-warp.ts';
import { rotateQuarter, uprightImage } from './page-image.ts';
import { findRules, openWithLine } from './rules.ts';
import { fillRect, placeOnQuad, textPage } from './test-images.ts';

describe('grey images', () => {
  it('converts RGB(A) to luma and back out as PGM', () => {
    const rgb = toGray(new Uint8Array([255, 0, 0, 0, 255, 0, 0, 0, 255]), 3, 1, 3);
    expect([...rgb.data]).toEqual([76, 149, 28]);
    const pgm = toPgm({ width: 3, height: 1, data: rgb.data });
    expect(new TextDecoder().decode(pgm.subarray(0, 11))).toBe('P5\n3 1\n255\n');
    expect([...pgm.subarray(11)]).toEqual([76, 149, 28]);
  });

  it('downsamples by block means and resizes bilinearly', () => {
    const img = createImage(4, 2, 0);
    fillRect(img, 2, 0, 4, 2, 200);
    expect([...downsample(img, 2).data]).toEqual([0, 200]);
    const big = resize(img, 8, 4);
    expect(big.data[0]).toBe(0);
    expect(big.data[7]).toBe(200);
  });

  it('turns an image by quarter turns', () => {
    const img = { width: 2, height: 1, data: new Uint8Array([1, 2]) };
    expect(rotateQuarter(img, 1)).toEqual({ width: 1, height: 2, data: new Uint8Array([1, 2]) });
    expect(rotateQuarter(img, 2).data).toEqual(new Uint8Array([2, 1]));
    expect(rotateQuarter(rotateQuarter(img, 3), 1)).toEqual(img);
  });

  it('places an embedded image upright on the page, whatever its quarter turn', () => {
    const gray = { width: 4, height: 2, data: new Uint8Array(8) };
    // An image drawn 200×100 pt at (50, 600) on an 800 pt tall page (PDF y up → top-left y down).
    const base = [1, 0, 0, -1, 0, 800] as const;
    const m = [base[0] * 200, 0, 0, base[3] * 100, 50, 800 - 600] as const;
    const up = uprightImage(gray, m);
    expect(up).toMatchObject({ scaleX: 50, scaleY: 50, originX: 50, originY: 100 });
    expect(up?.image.width).toBe(4);
    // The same image turned a quarter clockwise on the page: u runs down, v runs left.
    const turned = uprightImage(gray, [0, 200, 100, 0, 200, 100]);
    expect(turned?.image).toMatchObject({ width: 2, height: 4 });
    expect(turned).toMatchObject({ originX: 200, originY: 100, scaleX: 50, scaleY: 50 });
    // A mirrored placement is not taken as is.
    expect(uprightImage(gray, [0, 200, -100, 0, 300, 100])).toBeUndefined();
  });
});

describe('illumination', () => {
  it('flattens a light gradient: the paper ends even, the ink keeps its contrast', () => {
    const img = createImage(400, 300, 0);
    for (let y = 0; y < 300; y++) for (let x = 0; x < 400; x++) img.data[y * 400 + x] = Math.round(120 + (120 * x) / 399);
    fillRect(img, 30, 100, 60, 104, 40);
    fillRect(img, 340, 100, 370, 104, 100);
    const flat = stretchContrast(flattenIllumination(img));
    const at = (x: number, y: number) => flat.data[y * 400 + x]!;
    // Paper on the dark and the light side alike.
    expect(Math.abs(at(20, 20) - at(380, 20))).toBeLessThanOrEqual(12);
    expect(at(20, 20)).toBeGreaterThan(230);
    // Ink on both sides reads as ink against its own paper.
    expect(at(45, 102)).toBeLessThan(120);
    expect(at(355, 102)).toBeLessThan(120);
    const ink = binarize(flat);
    expect(ink.data[102 * 400 + 45]).toBe(1);
    expect(ink.data[102 * 400 + 355]).toBe(1);
    expect(ink.data[20 * 400 + 380]).toBe(0);
  });
});

describe('binarisation', () => {
  it("Otsu's threshold splits two grey levels", () => {
    const img = createImage(10, 10, 220);
    fillRect(img, 0, 0, 10, 3, 40);
    const t = otsuThreshold(img);
    expect(t).toBeGreaterThanOrEqual(40);
    expect(t).toBeLessThan(220);
    const mask = binarize(img, t);
    expect(mask.data.reduce((a, b) => a + b, 0)).toBe(30);
  });
});

describe('deskew', () => {
  it.each([1.2, -1.2, 0.4, 3.5])('recovers a page turned %s° within 0.2°', (deg) => {
    const page = textPage();
    const turned = rotate(page, deg, 245);
    const skew = estimateSkew(binarize(turned, 128));
    expect(Math.abs(skew - deg)).toBeLessThanOrEqual(0.2);
    // Turning back levels the lines again.
    expect(Math.abs(estimateSkew(binarize(rotate(turned, -skew, 245), 128)))).toBeLessThanOrEqual(0.2);
  });

  it('reads 0 on a blank page', () => {
    expect(estimateSkew(binarize(createImage(50, 50, 255), 128))).toBe(0);
  });
});

describe('page outline (photos)', () => {
  const quad: [number, number][] = [
    [70, 50],
    [560, 62],
    [585, 735],
    [48, 720],
  ];

  it('finds the four corners of a sheet on a dark background within a few pixels', () => {
    const photo = placeOnQuad(textPage(500, 680), 640, 800, quad, 55);
    const found = findPageQuad(photo);
    expect(found).toBeDefined();
    found!.forEach((p, i) => {
      expect(Math.hypot(p.x - quad[i]![0], p.y - quad[i]![1]), `corner ${i}`).toBeLessThan(4);
    });
  });

  it('finds the sheet under uneven light (a shadow over part of it)', () => {
    const photo = placeOnQuad(textPage(500, 680), 640, 800, quad, 55);
    for (let y = 0; y < 800; y++) {
      for (let x = 0; x < 640; x++) {
        const k = y * 640 + x;
        photo.data[k] = Math.round(photo.data[k]! * (0.7 + (0.3 * x) / 639));
      }
    }
    const found = findPageQuad(photo);
    expect(found).toBeDefined();
    found!.forEach((p, i) => expect(Math.hypot(p.x - quad[i]![0], p.y - quad[i]![1]), `corner ${i}`).toBeLessThan(6));
  });

  it('finds a soft-edged sheet whose dim end is darker than the desk elsewhere', () => {
    // Light falling to a third from top to bottom: the sheet's foot (about 80) is darker than the
    // desk at the top (90), yet brighter than the desk beside it.
    const photo = boxBlur(placeOnQuad(textPage(500, 680), 640, 800, quad, 90), 3);
    for (let y = 0; y < 800; y++) {
      for (let x = 0; x < 640; x++) photo.data[y * 640 + x] = Math.round(photo.data[y * 640 + x]! * (1 - (0.67 * y) / 799));
    }
    const found = findPageQuad(photo);
    expect(found).toBeDefined();
    found!.forEach((p, i) => expect(Math.hypot(p.x - quad[i]![0], p.y - quad[i]![1]), `corner ${i}`).toBeLessThan(4));
  });

  it('finds none where the sheet runs off the image', () => {
    const photo = placeOnQuad(textPage(500, 680), 640, 800, [[70, -30], [560, -18], [585, 735], [48, 720]], 55);
    expect(findPageQuad(photo)).toBeUndefined();
  });

  it('finds none on a scan (the page fills the image)', () => {
    expect(findPageQuad(textPage())).toBeUndefined();
  });

  it('warps the quadrilateral back to a rectangle', () => {
    const sheet = textPage(500, 680);
    const photo = placeOnQuad(sheet, 640, 800, quad, 55);
    const q = quad.map(([x, y]) => ({ x, y })) as Quad;
    const size = quadSize(q);
    expect(size.width).toBeGreaterThanOrEqual(490);
    const flat = warpQuad(photo, q, size.width, size.height);
    // Its text lines are level again.
    expect(Math.abs(estimateSkew(binarize(flat, 128)))).toBeLessThanOrEqual(0.3);
  });

  it('maps points through a homography', () => {
    const from = [
      { x: 0, y: 0 },
      { x: 1, y: 0 },
      { x: 1, y: 1 },
      { x: 0, y: 1 },
    ];
    const to = [
      { x: 10, y: 10 },
      { x: 30, y: 12 },
      { x: 28, y: 40 },
      { x: 9, y: 38 },
    ];
    const h = homography(from, to)!;
    to.forEach((p, i) => {
      const q = project(h, from[i]!.x, from[i]!.y);
      expect(q.x).toBeCloseTo(p.x, 6);
      expect(q.y).toBeCloseTo(p.y, 6);
    });
  });

  it('refuses outlines no sheet photographed from the front has', () => {
    const ok: Quad = [
      { x: 0, y: 0 },
      { x: 100, y: 2 },
      { x: 102, y: 140 },
      { x: 1, y: 138 },
    ];
    expect(isPlausibleSheet(ok)).toBe(true);
    expect(isPlausibleSheet([ok[0], { x: 100, y: 30 }, ok[2], ok[3]])).toBe(false);
    expect(isPlausibleSheet([ok[0], ok[1], { x: 102, y: 102 }, { x: 1, y: 100 }])).toBe(false);
  });
});

describe('ruling lines', () => {
  it('keeps long thin runs and drops text strokes, bold text and dark bands', () => {
    const img = createImage(400, 300, 250);
    fillRect(img, 20, 50, 380, 52, 20); // horizontal rule
    fillRect(img, 100, 40, 102, 200, 20); // vertical rule
    fillRect(img, 150, 100, 160, 110, 20); // a glyph
    fillRect(img, 20, 220, 380, 250, 20); // dark band
    for (let x = 150; x < 300; x += 7) fillRect(img, x, 150, x + 4, 162, 20); // bold text, letters joined in one row
    fillRect(img, 150, 156, 300, 157, 20);
    const { rules, bands } = findRules(binarize(img, 128), { minHorizontal: 40, minVertical: 30, maxThickness: 4, maxGap: 1 });
    const h = rules.filter((r) => r.orientation === 'h');
    const v = rules.filter((r) => r.orientation === 'v');
    expect(h).toHaveLength(1);
    expect(h[0]).toMatchObject({ from: 20, to: 380 });
    expect(h[0]!.at).toBeCloseTo(51, 0);
    expect(v).toHaveLength(1);
    expect(v[0]).toMatchObject({ from: 40, to: 200 });
    expect(bands).toEqual([{ x0: 20, y0: 220, x1: 380, y1: 250 }]);
  });

  it('keeps a rule with text printed close along it (a spanning header over its sub-headers)', () => {
    const img = createImage(300, 100, 250);
    fillRect(img, 20, 40, 280, 42, 20); // the rule
    for (let x = 24; x < 270; x += 12) fillRect(img, x, 43, x + 10, 56, 20); // bold letters a pixel under it
    const { rules } = findRules(binarize(img, 128), { minHorizontal: 40, minVertical: 30, maxThickness: 4, maxGap: 1 });
    expect(rules.filter((r) => r.orientation === 'h').map((r) => [r.from, r.to])).toEqual([[20, 280]]);
  });

  it('takes a word blurred into a bar for text, not for a heavy rule', () => {
    const img = createImage(300, 100, 250);
    fillRect(img, 20, 20, 60, 26, 20); // a short word's x-height band, 40 × 6
    fillRect(img, 20, 60, 280, 65, 20); // a heavy frame rule, 260 × 5
    const { rules } = findRules(binarize(img, 128), { minHorizontal: 30, minVertical: 30, maxThickness: 7, thinThickness: 3, maxGap: 1 });
    expect(rules.map((r) => [r.from, r.to, Math.round(r.at)])).toEqual([[20, 280, 63]]);
  });

  it("keeps a spreadsheet's column rules with cells printed against them, and a stroke joined across a row rule stays text", () => {
    // A ruled table, rows 24 px apart: text flush left after the rule at x = 100 and numbers flush
    // right before the rule at x = 200 touch them on every row (the scan's blur joins them).
    const img = createImage(300, 200, 250);
    for (let y = 20; y <= 164; y += 24) fillRect(img, 20, y, 280, y + 2, 20);
    for (const x of [20, 100, 200, 280]) fillRect(img, x, 20, x + 2, 166, 20);
    for (let y = 26; y < 164; y += 24) {
      fillRect(img, 102, y, 150, y + 12, 20); // text against the rule's right side
      fillRect(img, 160, y, 200, y + 12, 20); // a number against the next rule's left side
      fillRect(img, 202, y, 230, y + 12, 20); // and a unit after it (`7,100|kg`)
    }
    // A letter's stroke in one row and another's in the next, joined through the rule between them.
    fillRect(img, 60, 30, 62, 44, 20);
    fillRect(img, 60, 44, 62, 58, 20);
    const { rules } = findRules(binarize(img, 128), { minHorizontal: 40, minVertical: 15, maxThickness: 4, maxGap: 1 });
    expect(rules.filter((r) => r.orientation === 'v').map((r) => Math.round(r.at))).toEqual([21, 101, 201, 281]);
  });

  it("takes a serif word's feet joined by the blur for text: a heavy rule is dark, they are grey", () => {
    const img = createImage(400, 100, 250);
    fillRect(img, 20, 20, 160, 25, 140); // the feet of a serif word along its baseline, 140 × 5, grey
    fillRect(img, 20, 60, 380, 65, 20); // a heavy frame rule, 360 × 5, black
    const opts = { minHorizontal: 30, minVertical: 30, maxThickness: 7, thinThickness: 3, maxGap: 1 };
    expect(findRules(binarize(img, 200), opts).rules.map((r) => Math.round(r.at))).toEqual([23, 63]);
    expect(findRules(binarize(img, 200), { ...opts, grey: img }).rules.map((r) => Math.round(r.at))).toEqual([63]);
  });

  it("takes a cell's `i` and `l` bridged to its row's rules for letters, a short separator drawn in one stroke for a rule", () => {
    // One ruled row 30 px high (rules at y = 20 and 50), minVertical 20: the separator at x = 100
    // runs rule to rule in one stroke; the `l` at x = 150 stops 2 px under the top rule, and the
    // `i` at x = 200 is a dot and a stem 2 px apart, 2 px under that rule too (a tight grid's cells).
    const img = createImage(300, 80, 250);
    fillRect(img, 20, 20, 280, 22, 20);
    fillRect(img, 20, 50, 280, 52, 20);
    fillRect(img, 100, 22, 102, 50, 20);
    fillRect(img, 150, 24, 152, 44, 20);
    fillRect(img, 200, 24, 202, 27, 20);
    fillRect(img, 200, 29, 202, 44, 20);
    const { rules } = findRules(binarize(img, 128), { minHorizontal: 40, minVertical: 20, maxThickness: 4, maxGap: 2 });
    expect(rules.filter((r) => r.orientation === 'v').map((r) => Math.round(r.at))).toEqual([101]);
  });

  it('bridges a one-pixel break in a rule', () => {
    const mask = createImage(50, 3, 0);
    fillRect(mask, 0, 1, 20, 2, 1);
    fillRect(mask, 21, 1, 50, 2, 1);
    expect(openWithLine(mask, 'h', 45, 1).data.reduce((a, b) => a + b, 0)).toBe(50);
    expect(openWithLine(mask, 'h', 45, 0).data.reduce((a, b) => a + b, 0)).toBe(0);
  });
});
