import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** `../shared/corpus` beside the repository: the documents the engine is measured on. */
export const CORPUS_ROOT = resolve(import.meta.dirname, '../../../shared/corpus');

/**
 * A corpus folder for a test suite. Outside CI a missing corpus skips the suite with a visible
 * warning; in CI (`CI` set) it is a failure, so a green run always means the corpus ran.
 */
export function corpusDir(sub: string): string | undefined {
  const dir = join(CORPUS_ROOT, sub);
  if (existsSync(dir)) return dir;
  if (process.env.CI) throw new Error(`Corpus missing: ${dir}. In CI the corpus suites must run: put shared/ beside the repository.`);
  console.warn(`Corpus ${dir} not found: its suite is skipped (outside CI only).`);
  return undefined;
}

/** The corpus's scoring script `name` (shared/bench), under the same rule as `corpusDir`. */
export function benchScript(name: string): string | undefined {
  const file = resolve(CORPUS_ROOT, '../bench', name);
  if (existsSync(file)) return file;
  if (process.env.CI) throw new Error(`Scorer missing: ${file}. In CI the corpus suites must run: put shared/ beside the repository.`);
  console.warn(`Scorer ${file} not found: its suite is skipped (outside CI only).`);
  return undefined;
}
