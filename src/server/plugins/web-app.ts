import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

// The files that tell the browser a new version exists must be revalidated every time.
const NO_CACHE = new Set(['index.html', 'sw.js', 'manifest.webmanifest', 'registerSW.js']);

/** Serves the built web app from dist/ with long caching for hashed assets; returns false when not built. */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<boolean> {
  const index = path.join(distDir, 'index.html');
  if (!fs.existsSync(index)) return false;
  await app.register(async (web) => {
    // The app's files are for anyone (the login page among them); the API's data is not.
    web.addHook('onRoute', (route) => {
      route.config = { ...route.config, public: true };
    });
    await registerStatic(web, distDir);
  });
  return true;
}

async function registerStatic(app: FastifyInstance, distDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: true,
    index: false,
    // @fastify/static serves dotfiles by default: a `.env` or `.git/` left in the web root by a
    // careless deploy was readable by anyone (second attacker's audit, decision 037). Ignored: the
    // app shell answers instead, as for any other path that is not a file of the app.
    dotfiles: 'ignore',
    // The web build writes .br/.gz siblings (vite.config.ts `precompress`); serve them when accepted.
    preCompressed: true,
    setHeaders(res, filePath) {
      // A precompressed sibling (index.html.br) must be cached like the file it stands for.
      const rel = path.relative(distDir, filePath).split(path.sep).join('/').replace(/\.(br|gz)$/, '');
      if (NO_CACHE.has(rel) || rel.startsWith('workbox-')) res.header('Cache-Control', 'no-cache');
      else if (rel.startsWith('assets/')) res.header('Cache-Control', 'public, max-age=31536000, immutable');
      else res.header('Cache-Control', 'public, max-age=3600');
    },
  });
  app.get('/', (_req, reply) => reply.header('Cache-Control', 'no-cache').sendFile('index.html'));
}
