// buildApp(deps) → a ready-to-listen Fastify instance. main.ts and every test build the same app;
// tests pass their own database, clock and config.

import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppDeps } from './deps.js';
import { registerApiNoStore } from './http/cache-control.js';
import { answerFrameworkError, registerErrorHandling } from './http/errors.js';
import { logSerializers } from './http/log-serializers.js';
import { registerOriginCheck } from './http/origin-check.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerStaticWeb } from './http/static-web.js';
import type { App } from './http/types.js';
import { registerSessionAuth, sessionUserOf } from './modules/auth/session-auth.js';
import { routeModules } from './modules/index.js';
import { LiveCalls } from './voice/live-calls.js';
import { VOICE_MAX_MESSAGE_BYTES, voiceRoutes } from './voice/routes.js';
import { socketErrorHandler } from './voice/socket-errors.js';

export type BuildAppOptions = {
  /** serve the built browser app from dist/web (off in API tests) */
  serveWeb?: boolean;
  /** where the built browser app is (default dist/web); tests serve a small page of their own */
  webDir?: string;
  logger?: boolean;
  /** where the log lines go (default stdout); tests read what was logged */
  logStream?: { write(line: string): void };
  /**
   * start a call's offline voice engines when its voice session is asked for (default: on, but
   * with NODE_ENV=test, where most tests never speak and need not start them)
   */
  warmVoice?: boolean;
};

/**
 * With REDIS_URL the limits are counted in Redis and shared by every app server; without it each
 * process counts its own (one server). If Redis cannot be reached a request is let through rather
 * than failed: a limit is a brake, and an outage of it must not take the product down.
 */
async function rateLimitStore(app: FastifyInstance, redisUrl: string | undefined) {
  if (!redisUrl) return {};
  const { Redis } = await import('ioredis');
  // the plugin's advice: fail fast instead of queueing commands while Redis is away
  const redis = new Redis(redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1 });
  redis.on('error', (err) => app.log.warn({ err }, 'Redis (rate limits) unavailable'));
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  return { redis, skipOnError: true, nameSpace: 'practice-calls-rate-limit:' };
}

/**
 * An upgrade request answered over HTTP (a refused voice link, a URL too long or badly encoded,
 * an unknown path) is answered on the raw socket, which nothing else would close: the socket is
 * ended once that answer is written, so refused upgrades cannot pile up open connections.
 */
function closeRefusedUpgrades(app: FastifyInstance) {
  app.server.on('upgrade', (_req: unknown, socket: Socket) => {
    const answer = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
    answer?.once('finish', () => socket.end());
  });
}

export async function buildApp(deps: AppDeps, opts: BuildAppOptions = {}): Promise<App> {
  const { config } = deps;
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: config.LOG_LEVEL,
            serializers: logSerializers,
            ...(opts.logStream && { stream: opts.logStream }),
          },
    // a URL the router cannot read (bad percent-encoding, an over-long parameter): the API's error shape
    frameworkErrors: answerFrameworkError,
    bodyLimit: 2 * 1024 * 1024,
    connectionTimeout: 60_000,
    requestTimeout: 120_000,
    keepAliveTimeout: 72_000,
    // whose X-Forwarded-For names the client (TRUST_PROXY; off: the socket's address)
    trustProxy: config.TRUST_PROXY,
    forceCloseConnections: true,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerApiNoStore(app);

  await app.register(fastifyCookie);
  registerSecurityHeaders(app, { https: config.secureCookies });
  await app.register(fastifyRateLimit, { global: false, ...(await rateLimitStore(app, config.REDIS_URL)) });
  // This app's live calls. At shutdown they end first — each stores what was said, closes its
  // recording and tells the browser "Server restarting" (1000) — then any other socket is closed.
  const liveCalls = new LiveCalls();
  app.decorate('liveCalls', liveCalls);
  await app.register(fastifyWebsocket, {
    options: { maxPayload: VOICE_MAX_MESSAGE_BYTES },
    // a frame over the cap or a dropped connection is the client's fault: not an error in the log
    errorHandler: socketErrorHandler,
    preClose: async function (this: FastifyInstance) {
      await liveCalls.endAll('server_shutdown');
      for (const client of this.websocketServer.clients) client.close(1001, 'Server closing');
      this.websocketServer.close();
    },
  });
  closeRefusedUpgrades(app);
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Practice calls API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  registerOriginCheck(app, config.PUBLIC_URL);
  await registerSessionAuth(app, deps);

  app.get('/api/noop', { logLevel: 'silent' }, async () => ({ ok: true }));
  for (const mod of routeModules) await mod(app, deps);
  // the voice gateway sits above the domains (it uses them), so it is added here, after them
  await voiceRoutes(app, deps, { warmUp: opts.warmVoice ?? config.NODE_ENV !== 'test' });

  if (opts.serveWeb) {
    await registerStaticWeb(app, opts.webDir, {
      hasSession: async (req) => (await sessionUserOf(req, deps)) !== null,
      supportEmail: config.SUPPORT_EMAIL,
    });
  }
  return app;
}
