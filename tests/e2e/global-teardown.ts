import { rmSync } from 'node:fs';

/** Removes the run's temporary data folder (database and stored PDFs). */
export default function globalTeardown(): void {
  const dir = process.env.E2E_DATA_DIR;
  if (dir && dir.includes('sep-e2e-')) rmSync(dir, { recursive: true, force: true });
}
