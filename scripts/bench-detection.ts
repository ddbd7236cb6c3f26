import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type Box, type MarkedTable, type PageScore, scorePage } from '../tests/fixtures/detection/match-boxes.ts';
import { printMachineLoad } from './bench/machine-load.ts';

// Usage: npm run bench:detection [-- --verbose] [-- --fresh [--half 1|2] | --tuning | --added NAME]
// Table detection on pages nobody tuned on (issue 10): real documents from other producers
// (LaTeX, groff, Texinfo, ReportLab, LibreOffice Writer; tests/fixtures/detection/MANIFEST.md),
// marked by eye in expected.json. Each document goes through the product's extraction
// (`npm run extract -- file --raw`, the built engine in its child process) and every found table
// is compared with the marked boxes (tests/fixtures/detection/match-boxes.ts). Prints detection
// precision and recall, and with --verbose every page with a wrong or missed table. --fresh scores
// only the newest held-out set (documents marked `added: "seventh"`, kept out of the seventh pass's
// tuning), --tuning all the others, --added NAME one set by its mark (`--added fourth`). --half 1
// or 2 keeps the first or the second half of the chosen set's documents, in file order (the
// half a pass may look at, and the half it keeps untouched until the end).

const ROOT = resolve(import.meta.dirname, '..');
const DIR = join(ROOT, 'tests/fixtures/detection');

interface Expected {
  documents: { file: string; added?: string; pages: { page: number; sourcePage: number; tables: MarkedTable[]; note?: string }[] }[];
}

interface RawTable {
  page: number;
  bbox: { x0: number; y0: number; x1: number; y1: number };
}

printMachineLoad();
const verbose = process.argv.includes('--verbose');
const expected = JSON.parse(readFileSync(join(DIR, 'expected.json'), 'utf8')) as Expected;
// The newest held-out set: --fresh scores it alone, --tuning everything else.
const NEWEST = 'seventh';
const addedAt = process.argv.indexOf('--added');
const only = addedAt >= 0 ? process.argv[addedAt + 1] : process.argv.includes('--fresh') ? NEWEST : undefined;
const tuning = process.argv.includes('--tuning');
const chosen = expected.documents.filter((d) => (only ? d.added === only : tuning ? d.added !== NEWEST : true));
const halfAt = process.argv.indexOf('--half');
const half = halfAt >= 0 ? Number(process.argv[halfAt + 1]) : 0;
const cut = Math.ceil(chosen.length / 2);
const documents = half === 1 ? chosen.slice(0, cut) : half === 2 ? chosen.slice(cut) : chosen;
const total = { found: 0, matched: 0, ignored: 0, wrong: 0, missed: 0, expected: 0, pages: 0 };
const round = (b: Box) => `[${b.map((v) => Math.round(v)).join(', ')}]`;

for (const doc of documents) {
  const res = spawnSync(process.execPath, [join(ROOT, 'scripts/run-built.mjs'), 'extract-cli', join(DIR, doc.file), '--raw'], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (res.status !== 0) throw new Error(`${doc.file}: extraction failed (${res.status}): ${res.stderr}`);
  const tables = (JSON.parse(res.stdout) as { tables: RawTable[] }).tables;
  let docWrong = 0;
  let docFound = 0;
  for (const page of doc.pages) {
    const found = tables.filter((t) => t.page === page.page).map((t): Box => [t.bbox.x0, t.bbox.y0, t.bbox.x1, t.bbox.y1]);
    const s: PageScore = scorePage(found, page.tables);
    total.pages++;
    total.found += s.found;
    total.matched += s.matched;
    total.ignored += s.ignored;
    total.wrong += s.wrong.length;
    total.missed += s.missed.length;
    total.expected += s.expected;
    docWrong += s.wrong.length;
    docFound += s.found;
    if (verbose && (s.wrong.length || s.missed.length)) {
      const what = [...s.wrong.map((b) => `wrong ${round(b)}`), ...s.missed.map((b) => `missed ${round(b)}`)].join('; ');
      console.log(`  ${doc.file} p${page.page} (source p${page.sourcePage}${page.note ? `, ${page.note}` : ''}): ${what}`);
    }
  }
  console.log(`${doc.file.padEnd(28)} found ${String(docFound).padStart(3)}  wrong ${String(docWrong).padStart(3)}`);
}

const scored = total.matched + total.wrong;
const precision = scored ? total.matched / scored : 1;
const recall = total.expected ? total.matched / total.expected : 1;
console.log(
  `pages ${total.pages}, marked tables ${total.expected}, found ${total.found} ` +
    `(matched ${total.matched}, wrong ${total.wrong}, in doubtful blocks ${total.ignored}), missed ${total.missed}`,
);
console.log(`detection precision ${precision.toFixed(3)}  recall ${recall.toFixed(3)}`);
