// The security headers on every answer (issue 12 §5), from helmet's middleware. Nothing in them
// depends on the request (no CSP nonces: scripts are never inline), so helmet runs once, at
// start, against a response that only records what it sets, and each request gets the recorded
// headers. (@fastify/helmet calls `helmet(options)` on every request, which re-parses and
// re-validates the whole policy: about 2% of the server's time under load.)
import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

export type SecurityHeaderOptions = {
  /** behind an https PUBLIC_URL: HSTS and upgrade-insecure-requests */
  https: boolean;
};

export function helmetOptions({ https }: SecurityHeaderOptions): Readonly<HelmetOptions> {
  return {
    hsts: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'script-src': ["'self'", 'https://js.stripe.com'],
        'frame-src': ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com'],
        'connect-src': [
          "'self'",
          'https://api.stripe.com',
          'wss://api.elevenlabs.io',
          'https://api.elevenlabs.io',
        ],
        'img-src': ["'self'", 'data:', 'blob:'],
        'media-src': ["'self'", 'blob:', 'data:'],
        'worker-src': ["'self'", 'blob:'],
        'upgrade-insecure-requests': https ? [] : null,
      },
    },
    // the call page plays audio from our own origin only; COEP would block Stripe's frame
    crossOriginEmbedderPolicy: false,
  };
}

/** The headers helmet sets for these options, by name. */
export function securityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
      return recorder;
    },
    removeHeader() {},
  };
  let failure: unknown;
  helmet(helmetOptions(options))({} as never, recorder as unknown as ServerResponse, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure;
  return headers;
}

export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions): void {
  const headers = securityHeaders(options);
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
}
