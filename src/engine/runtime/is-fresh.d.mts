/**
 * True when every output of build `name` in `buildDir` exists and none of its inputs (paths
 * relative to `root`, in `<name>.inputs.json`) changed since it was built.
 */
export function isFresh(name: string, buildDir: string, root: string): boolean;
