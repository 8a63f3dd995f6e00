// Serves the built React app from dist/web with long-lived caching for hashed assets, and
// index.html for every non-API path so client-side routes survive a reload. `/` for a browser
// without a session gets landing.html instead: the build's prerendered landing page
// (scripts/vite-prerender.ts), which paints before the scripts have run and is then hydrated.
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export const webDistDir = path.resolve(process.cwd(), 'dist/web');
/** written by scripts/vite-prerender.ts beside index.html */
export const LANDING_FILE = 'landing.html';

export type StaticWebOptions = {
  /** true when the request carries a valid session: its `/` is the dashboard, not the landing page */
  hasSession: (req: FastifyRequest) => Promise<boolean>;
};

export async function registerStaticWeb(app: FastifyInstance, dir = webDistDir, opts?: StaticWebOptions) {
  const indexFile = path.join(dir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn(`No built web app at ${dir}; run "npm run build". Serving the API only.`);
    return;
  }
  const hasLanding = opts !== undefined && fs.existsSync(path.join(dir, LANDING_FILE));
  await app.register(fastifyStatic, {
    root: dir,
    wildcard: false,
    index: false,
    // the build writes .br/.gz beside each asset (scripts/vite-precompress.ts)
    preCompressed: true,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      // pages name the current hashed assets, so they are revalidated on every visit
      const page = /\.html(\.(br|gz))?$/.test(filePath);
      res.header(
        'cache-control',
        immutable ? 'public, max-age=31536000, immutable' : page ? 'no-cache' : 'public, max-age=3600',
      );
    },
  });
  app.get('/*', async (req, reply) => {
    const urlPath = req.url.split('?')[0];
    if (urlPath.startsWith('/api/')) {
      return reply.code(404).send({ message: `Route ${req.method} ${urlPath} not found` });
    }
    const filePath = path.join(dir, decodeURIComponent(urlPath));
    if (
      filePath.startsWith(dir) &&
      urlPath !== '/' &&
      fs.existsSync(filePath) &&
      fs.statSync(filePath).isFile()
    ) {
      return reply.sendFile(path.relative(dir, filePath));
    }
    if (urlPath === '/' && hasLanding) {
      // the same address answers differently with and without the session cookie
      reply.header('vary', 'Cookie');
      if (!(await opts.hasSession(req))) return reply.sendFile(LANDING_FILE);
    }
    return reply.sendFile('index.html');
  });
}
