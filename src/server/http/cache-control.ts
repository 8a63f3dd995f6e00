// API answers depend on who asks (the session's user, their calls, teams, purchases, an admin's
// view), so no cache — the browser's, a proxy's — may keep one (issue 19 §9): every /api answer is
// `Cache-Control: no-store` unless its route chose its own caching (the public scenario list is
// `public, max-age=60`, a voice preview `private, max-age=3600`, a recording `private, no-store`).
import type { FastifyInstance } from 'fastify';

export function registerApiNoStore(app: FastifyInstance): void {
  app.addHook('onSend', (req, reply, payload, done) => {
    // GET and HEAD only: a POST answer is never reused by a cache without explicit freshness, and
    // Chromium never reports a keepalive POST answered with no-store as finished (the landing
    // page's view beacon would keep the page from ever being network-idle)
    const readable = req.method === 'GET' || req.method === 'HEAD';
    if (readable && req.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
}
