// vitest globalSetup: the compiled programs the tests run (build/, scripts/build.ts) are rebuilt
// once here when stale, before test files run in parallel. The engine's child they fork is the one
// production runs (src/engine/runtime/child-build.ts would also build it lazily).
import { build } from '../scripts/build.ts';

export default async function setup(): Promise<void> {
  await build(true);
}
