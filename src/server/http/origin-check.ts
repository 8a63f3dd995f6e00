// Rejects state-changing requests whose Origin names another site (CSRF defence in depth beside
// SameSite=Lax cookies). Requests without an Origin (curl, server-to-server webhooks) pass.
import type { FastifyInstance } from 'fastify';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function registerOriginCheck(app: FastifyInstance, publicUrl?: string) {
  const allowed = publicUrl ? new URL(publicUrl).origin : undefined;
  app.addHook('onRequest', async (req, reply) => {
    if (SAFE_METHODS.has(req.method)) return;
    const origin = req.headers.origin;
    if (!origin) return;
    if (req.url.startsWith('/api/webhooks/')) return;
    let sameHost = false;
    try {
      const o = new URL(origin);
      // Normalise both sides through URL so default ports (:80/:443) compare equal.
      sameHost = o.host === new URL(`${o.protocol}//${req.headers.host ?? ''}`).host;
    } catch {
      return reply.code(403).send({ message: 'Cross-site request refused' });
    }
    const samePublic = allowed !== undefined && origin === allowed;
    if (!sameHost && !samePublic) {
      return reply.code(403).send({ message: 'Cross-site request refused' });
    }
  });
}
