import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * Writes `.br` and `.gz` siblings of the built JS/CSS/HTML so the server sends them compressed
 * (@fastify/static `preCompressed`) without compressing on every request: a first visit on a rural
 * connection downloads about a third of the bytes.
 */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const file of Object.keys(bundle)) {
        if (!/\.(m?js|css|html|svg|webmanifest)$/.test(file)) continue;
        const full = path.join(dir, file);
        const source = readFileSync(full);
        if (source.length < 1024) continue;
        writeFileSync(`${full}.gz`, gzipSync(source, { level: 9 }));
        writeFileSync(`${full}.br`, brotliCompressSync(source));
      }
    },
  };
}

/**
 * One chunk for what a signed-in reload of the data screen runs (issue 14): the dashboard layout,
 * the data route and every module of ours they import statically that the entry does not already
 * hold. Split by the bundler's defaults it was 16 files of 1–6 KB; over HTTP/1.1's six connections
 * (and Lighthouse's simulated 150 ms round trips) they came in three waves before the screen could
 * render. Packages (node_modules) and dynamic imports (tus, pdf-lib, pdf.js) keep their own chunks,
 * so nothing heavy joins; other routes import the shared pieces from this chunk.
 */
function dashboardChunk(roots: RegExp[]) {
  const members = new Set<string>();
  const plugin: Plugin = {
    name: 'dashboard-chunk',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const staticClosure = (starts: string[]) => {
        const seen = new Set<string>();
        const stack = [...starts];
        while (stack.length > 0) {
          const id = stack.pop()!;
          if (seen.has(id)) continue;
          seen.add(id);
          stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return seen;
      };
      const initial = staticClosure(ids.filter((id) => this.getModuleInfo(id)?.isEntry));
      const ours = (id: string) => /[\\/]src[\\/]/.test(id) && !id.includes('node_modules');
      for (const id of staticClosure(ids.filter((id) => roots.some((root) => root.test(id))))) {
        if (ours(id) && !initial.has(id)) members.add(id);
      }
    },
  };
  return { plugin, group: { name: 'dashboard', test: (id: string) => members.has(id), includeDependenciesRecursively: false } };
}

const dashboard = dashboardChunk([/[\\/]src[\\/]app[\\/]layouts[\\/]dashboard-layout\.tsx$/, /[\\/]src[\\/]app[\\/]routes[\\/]data\.tsx$/]);

// The API base address is a build-time setting (spec §7): `/api` when the server serves the app
// itself, an absolute URL when the API lives on another host.
export default defineConfig({
  plugins: [
    react(),
    precompress(),
    dashboard.plugin,
    // Issue 5: sw/sw.ts is built by the plugin, which injects the precache list of the app shell.
    // The manifest is public/manifest.webmanifest, linked from index.html; registration is ours
    // (src/lib/pwa/sw-client.ts, workbox-window) so the update prompt can wait for uploads.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,png,svg,ico,webmanifest}'],
        // pdf.js draws the review screen, which needs the server anyway (decision 055): not worth
        // 120 KB gzip on every install. Its worker (.mjs) is outside the patterns already.
        globIgnores: ['**/pdf-renderer-*.js'],
      },
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: { output: { codeSplitting: { groups: [dashboard.group] } } },
  },
  define: {
    'import.meta.env.VITE_API_BASE_URL': JSON.stringify(process.env.VITE_API_BASE_URL ?? '/api'),
  },
  server: {
    // `npm run dev:web` talks to a server started separately on API_PORT (default 8080).
    proxy: { '/api': `http://localhost:${process.env.API_PORT ?? '8080'}` },
  },
});
