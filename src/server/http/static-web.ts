// Serves the built React app from dist/web with long-lived caching for hashed assets, and
// index.html for every non-API path so client-side routes survive a reload.
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export const webDistDir = path.resolve(process.cwd(), 'dist/web');

export async function registerStaticWeb(app: FastifyInstance, dir = webDistDir) {
  const indexFile = path.join(dir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn(`No built web app at ${dir}; run "npm run build". Serving the API only.`);
    return;
  }
  await app.register(fastifyStatic, {
    root: dir,
    wildcard: false,
    index: false,
    // the build writes .br/.gz beside each asset (scripts/vite-precompress.ts)
    preCompressed: true,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });
  app.get('/*', (req, reply) => {
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
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  });
}
