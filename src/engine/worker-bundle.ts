import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

// Run from TypeScript (tsx, vitest), the extraction thread used to register tsx for itself:
// Node 20 gives each registration its own module-hooks thread, and the transpiled sources,
// their source maps and tsx itself stayed in the thread's heap (~25 MB of the bench's peak RSS
// and a slower start). Bundling the worker once with esbuild (what tsx uses underneath) gives
// the thread one plain ES module instead. pdf.js stays outside the bundle: it is loaded natively
// by the preload and imported by absolute URL, so the thread shares nothing with the caller.

const require = createRequire(import.meta.url);

/**
 * The worker entry as a `data:` module: the pdf.js preload first (it must run before pdf.js is
 * evaluated), then the bundled worker. Undefined when esbuild is unavailable or fails, so the
 * caller can fall back to registering tsx in the thread.
 */
export async function bundledWorkerEntry(workerTs: URL, preload: URL): Promise<URL | undefined> {
  try {
    const esbuild = await import('esbuild');
    const result = await esbuild.build({
      entryPoints: [fileURLToPath(workerTs)],
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      logLevel: 'silent',
      // The engine reads import.meta.url only to find pdfjs-dist's files (open-pdf.ts).
      define: { 'import.meta.url': JSON.stringify(workerTs.href) },
      plugins: [
        {
          name: 'pdfjs-by-url',
          setup(build) {
            build.onResolve({ filter: /^pdfjs-dist(\/|$)/ }, (args) => ({
              path: pathToFileURL(require.resolve(args.path)).href,
              external: true,
            }));
          },
        },
      ],
    });
    const code = result.outputFiles[0]?.text;
    if (!code) return undefined;
    const bundle = `data:text/javascript,${encodeURIComponent(code)}`;
    const boot = [`await import(${JSON.stringify(preload.href)});`, `await import(${JSON.stringify(bundle)});`].join('\n');
    return new URL(`data:text/javascript,${encodeURIComponent(boot)}`);
  } catch {
    return undefined;
  }
}
