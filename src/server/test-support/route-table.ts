// Test support: the app's own route table. Fastify announces every new instance on the
// `fastify.initialization` diagnostics channel (the hook APM tools use), so a subscriber can add an
// onRoute hook before buildApp registers a single route, and see every method + url it registers —
// including routes added later by other modules, plugins (Swagger UI) and config-gated ones.
import dc from 'node:diagnostics_channel';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';

export type RegisteredRoute = {
  method: string;
  url: string;
  websocket: boolean;
  hasBody: boolean;
  hasParams: boolean;
  hasQuery: boolean;
  /** top-level field names of the body and querystring schemas (zod objects), when known */
  bodyFields: string[];
  queryFields: string[];
  /** the route's schemas as registered (zod schemas), for checks against the shared route table */
  schema?: FastifySchema;
};

const fieldsOf = (schema: unknown): string[] => {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape && typeof shape === 'object' ? Object.keys(shape) : [];
};

/** Runs `build` and answers the routes the Fastify instance(s) it created registered. HEAD routes
 * Fastify derives from a GET are folded into that GET. */
export async function collectRoutes<T>(
  build: () => Promise<T>,
): Promise<{ built: T; routes: RegisteredRoute[] }> {
  const seen: RegisteredRoute[] = [];
  const onInit = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyInstance };
    fastify.addHook('onRoute', (r: RouteOptions & { websocket?: boolean }) => {
      const methods = Array.isArray(r.method) ? r.method : [r.method];
      for (const method of methods) {
        seen.push({
          method: method.toUpperCase(),
          url: r.url,
          websocket: Boolean(r.websocket),
          hasBody: Boolean(r.schema?.body),
          hasParams: Boolean(r.schema?.params),
          hasQuery: Boolean(r.schema?.querystring),
          bodyFields: fieldsOf(r.schema?.body),
          queryFields: fieldsOf(r.schema?.querystring),
          schema: r.schema,
        });
      }
    });
  };
  dc.subscribe('fastify.initialization', onInit);
  let built: T;
  try {
    built = await build();
  } finally {
    dc.unsubscribe('fastify.initialization', onInit);
  }
  const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
  const unique = new Map(seen.map((r) => [key(r), r]));
  const routes = [...unique.values()].filter(
    (r) =>
      !(r.method === 'HEAD' && (unique.has(`GET ${r.url}`) || unique.has(`GET ${r.url.replace(/\/$/, '')}`))),
  );
  return { built, routes };
}

export const routeKey = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
