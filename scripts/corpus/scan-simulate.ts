/**
 * Unseen scans (docs/decisions/070-ocr.md, "Low-resolution scans"): born-digital credit
 * applications with their truth turned into image-only PDFs as a flatbed scanner set to grey gives
 * them. Each page is drawn by poppler at `--dpi`, turned `--tilt` degrees (page size kept), given
 * Gaussian noise, blurred and saved as a JPEG; the PDF holds one JPEG a page at the page's size
 * (pdf-lib), no text layer. The truth is copied beside it under the new id (`<id>-s<dpi>`).
 *
 *   npx tsx scripts/corpus/scan-simulate.ts --in DIR --out DIR [--ids a,b,c] [--dpi 150]
 *     [--tilt 1.2] [--noise 0.4] [--blur 0.6] [--quality 60] [--seed 1]
 *
 * Needs `pdftoppm` (poppler) and ImageMagick's `convert`. The noise is seeded: the same input and
 * options give the same page images.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { cliOption } from './credit-data.ts';

interface ScanLook {
  dpi: number;
  tilt: number;
  noise: number;
  blur: number;
  quality: number;
  seed: number;
}

/** The page images of one PDF, scanned (JPEG bytes, page order) with each page's size in points. */
async function scanPages(pdf: string, look: ScanLook, work: string): Promise<{ jpeg: Uint8Array; width: number; height: number }[]> {
  const src = await PDFDocument.load(readFileSync(pdf), { ignoreEncryption: true });
  execFileSync('pdftoppm', ['-gray', '-r', String(look.dpi), '-png', pdf, path.join(work, 'p')]);
  const pngs = readdirSync(work).filter((f) => /^p-\d+\.png$/.test(f)).sort((a, b) => Number(a.replace(/\D/g, '')) - Number(b.replace(/\D/g, '')));
  return pngs.map((png, i) => {
    const jpg = path.join(work, `${i}.jpg`);
    execFileSync('convert', [
      path.join(work, png),
      '-seed', String(look.seed + i),
      '-background', 'white', '-virtual-pixel', 'white',
      '-distort', 'SRT', String(look.tilt),
      '-attenuate', String(look.noise), '+noise', 'Gaussian',
      '-blur', `0x${look.blur}`,
      '-colorspace', 'Gray', '-quality', String(look.quality),
      jpg,
    ]);
    const page = src.getPage(i);
    const { width, height } = page.getSize();
    // pdftoppm draws the page upright: a quarter-turned page is as wide as it is tall unturned.
    const turned = page.getRotation().angle % 180 !== 0;
    return { jpeg: readFileSync(jpg), width: turned ? height : width, height: turned ? width : height };
  });
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const input = cliOption(args, '--in', '');
  const out = cliOption(args, '--out', '');
  if (!input || !out) throw new Error('usage: scan-simulate.ts --in DIR --out DIR [--ids a,b] [--dpi 150] [--tilt 1.2] [--noise 0.4] [--blur 0.6] [--quality 60] [--seed 1]');
  const look: ScanLook = {
    dpi: Number(cliOption(args, '--dpi', '150')),
    tilt: Number(cliOption(args, '--tilt', '1.2')),
    noise: Number(cliOption(args, '--noise', '0.4')),
    blur: Number(cliOption(args, '--blur', '0.6')),
    quality: Number(cliOption(args, '--quality', '60')),
    seed: Number(cliOption(args, '--seed', '1')),
  };
  const only = cliOption(args, '--ids', '');
  const ids = only ? only.split(',') : readdirSync(input).filter((f) => f.endsWith('.pdf')).map((f) => f.slice(0, -4)).sort();
  mkdirSync(out, { recursive: true });
  for (const id of ids) {
    const work = mkdtempSync(path.join(tmpdir(), 'scan-simulate-'));
    try {
      const pages = await scanPages(path.join(input, `${id}.pdf`), look, work);
      const doc = await PDFDocument.create();
      for (const p of pages) {
        const image = await doc.embedJpg(p.jpeg);
        doc.addPage([p.width, p.height]).drawImage(image, { x: 0, y: 0, width: p.width, height: p.height });
      }
      const name = `${id}-s${look.dpi}`;
      writeFileSync(path.join(out, `${name}.pdf`), await doc.save());
      copyFileSync(path.join(input, `${id}.truth.json`), path.join(out, `${name}.truth.json`));
      console.log(`${name} ← ${id} (${pages.length} pages, ${look.dpi} dpi, ${look.tilt}°, JPEG ${look.quality})`);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }
}

await main();
