// Serves the built React app from dist/web with long-lived caching for hashed assets, and
// index.html for every non-API path so client-side routes survive a reload. `/` for a browser
// without a session gets landing.html instead: the build's prerendered landing page
// (scripts/vite-prerender.ts), which paints before the scripts have run and is then hydrated.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_SUPPORT_EMAIL } from '../../shared/support-email.js';

export const webDistDir = path.resolve(process.cwd(), 'dist/web');
/** written by scripts/vite-prerender.ts beside index.html */
export const LANDING_FILE = 'landing.html';

export type StaticWebOptions = {
  /** true when the request carries a valid session: its `/` is the dashboard, not the landing page */
  hasSession: (req: FastifyRequest) => Promise<boolean>;
  /** SUPPORT_EMAIL: put into the landing page's mailto links in place of the build's default */
  supportEmail?: string;
};

type Page = { body: Buffer; br: Buffer; gzip: Buffer; etag: string };

/**
 * landing.html with this server's support address in its mailto links. The page's scripts run
 * only on the visitor's first intent (src/web/lib/hydrate-on-intent.ts), so a mailto link clicked
 * first would otherwise write to the build's default address.
 */
export function landingWithSupportEmail(html: string, email: string): string {
  const escaped = email.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return html.replaceAll(`mailto:${DEFAULT_SUPPORT_EMAIL}`, () => `mailto:${escaped}`);
}

const ROOT_EMPTY = '<div id="root"></div>';
/** index.html's early request for the signed-in user (and the comment that explains it) */
const USER_PRELOAD = /\s*(?:<!--(?:(?!-->)[\s\S])*?-->\s*)?<link rel="preload" href="\/api\/user"[^>]*>/;

/**
 * index.html for a browser without a valid session: its root is marked `data-visitor`, so the app
 * starts signed out instead of asking /api/user (whose 401 the browser would log as an error on
 * every visitor page), and the early request for the user is left out. Null when index.html has
 * no empty root to mark.
 */
export function visitorIndexHtml(html: string): string | null {
  if (!html.includes(ROOT_EMPTY)) return null;
  return html.replace(USER_PRELOAD, '').replace(ROOT_EMPTY, '<div id="root" data-visitor=""></div>');
}

function page(html: string): Page {
  const body = Buffer.from(html);
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  return { body, br: brotliCompressSync(body), gzip: gzipSync(body), etag };
}

function sendPage(req: FastifyRequest, reply: FastifyReply, p: Page) {
  reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('vary', 'Cookie, Accept-Encoding')
    .header('etag', p.etag);
  if (req.headers['if-none-match'] === p.etag) return reply.code(304).send();
  const accepted = String(req.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(p.br);
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(p.gzip);
  return reply.send(p.body);
}

export async function registerStaticWeb(app: FastifyInstance, dir = webDistDir, opts?: StaticWebOptions) {
  const indexFile = path.join(dir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn(`No built web app at ${dir}; run "npm run build". Serving the API only.`);
    return;
  }
  const hasLanding = opts !== undefined && fs.existsSync(path.join(dir, LANDING_FILE));
  const visitorHtml = opts ? visitorIndexHtml(fs.readFileSync(indexFile, 'utf8')) : null;
  const visitorIndex = visitorHtml === null ? undefined : page(visitorHtml);
  // a server with its own support address sends a copy of the page that names it (made once)
  const ownLanding =
    hasLanding && opts.supportEmail && opts.supportEmail !== DEFAULT_SUPPORT_EMAIL
      ? page(
          landingWithSupportEmail(fs.readFileSync(path.join(dir, LANDING_FILE), 'utf8'), opts.supportEmail),
        )
      : undefined;
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
    if (opts) {
      // the same address answers differently with and without the session cookie
      reply.header('vary', 'Cookie');
      if (!(await opts.hasSession(req))) {
        if (urlPath === '/' && hasLanding)
          return ownLanding ? sendPage(req, reply, ownLanding) : reply.sendFile(LANDING_FILE);
        if (visitorIndex) return sendPage(req, reply, visitorIndex);
      }
    }
    return reply.sendFile('index.html');
  });
}
