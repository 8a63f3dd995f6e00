// A route's budget per signed-in user (by address for anyone else), for routes that spend a model
// call per request. Used as the route's preHandler, so it runs after the session hook has set
// `req.user`; routes that share one returned limiter share one budget (one store).
import type { FastifyRequest } from 'fastify';
import type { App } from '../../http/types.js';

/** At most `max` requests a minute per user. */
export const perUserRateLimit = (app: App, max: number) =>
  app.rateLimit({
    max,
    timeWindow: '1 minute',
    keyGenerator: (req: FastifyRequest) => (req.user ? `user:${req.user.id}` : `ip:${req.ip}`),
  });
