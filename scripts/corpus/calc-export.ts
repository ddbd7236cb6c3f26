/**
 * Builds the calc fixtures: credit applications laid out as a spreadsheet user would and exported
 * to PDF by LibreOffice Calc, with their truth (issue 10: "credit applications from a spreadsheet
 * program's PDF export"). The DATA comes from domain-dev truth files; the look is drawn per
 * document from a seed.
 *
 *   npx tsx scripts/corpus/calc-export.ts [--corpus ../shared/corpus/domain-dev] [--out tests/fixtures/calc] [--offset N] [--keep]
 *
 * Needs `soffice` (LibreOffice) on the PATH. The PDFs and truth files are committed; rerun only to
 * change the fixtures.
 */
import { exportAll, sofficeConvert } from './spreadsheet-export.ts';

exportAll({
  prefix: 'calc',
  base: 6000,
  name: 'libreoffice-calc',
  defaultOut: 'tests/fixtures/calc',
  print: (book, id, work) => void sofficeConvert(book, id, work, 'pdf'),
});
