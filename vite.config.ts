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

// The API base address is a build-time setting (spec §7): `/api` when the server serves the app
// itself, an absolute URL when the API lives on another host.
export default defineConfig({
  plugins: [
    react(),
    precompress(),
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
  },
  define: {
    'import.meta.env.VITE_API_BASE_URL': JSON.stringify(process.env.VITE_API_BASE_URL ?? '/api'),
  },
  server: {
    // `npm run dev:web` talks to a server started separately on API_PORT (default 8080).
    proxy: { '/api': `http://localhost:${process.env.API_PORT ?? '8080'}` },
  },
});
