import fs from 'node:fs';
import path from 'node:path';
import { buildWeb, ROOT } from './harness.ts';

export const E2E_TMP = path.join(ROOT, '.tmp', 'e2e-offline');
export const DIST_A = path.join(E2E_TMP, 'dist-a');
export const DIST_B = path.join(E2E_TMP, 'dist-b');

/** A fresh build of the current sources for this run; the "next version" is built on demand. */
export default function globalSetup(): void {
  fs.rmSync(E2E_TMP, { recursive: true, force: true });
  fs.mkdirSync(E2E_TMP, { recursive: true });
  buildWeb(DIST_A);
}
