/** The oldest Node the product runs on (package.json `engines`). */
export const MIN_NODE = [20, 19] as const;

/** A Spanish line saying the running Node is too old, or undefined when it is recent enough. */
export function nodeTooOld(version: string = process.versions.node): string | undefined {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  if (major > MIN_NODE[0] || (major === MIN_NODE[0] && minor >= MIN_NODE[1])) return undefined;
  return `Se necesita Node ${MIN_NODE.join('.')} o posterior; este es Node ${version}. Instala una versión más reciente de Node.`;
}
