// The typed API client: requests named by the shared route table (`METHOD /path` with `:param`
// placeholders), their query, body and answer types inferred from the route's zod schemas. It
// goes through apiRequest, so errors (ApiError with the server's message, 401s) behave exactly as
// before. Answers are not parsed again here: the server's serializer already holds every reply to
// its response schema, and re-parsing in the browser (jitless zod) would only add cost.
import type { ApiRouteKey, ApiRoutes, HttpMethod } from '@shared/contracts/routes';
import type { z } from 'zod';
import { type ApiRequestOptions, apiRequest, qs } from '@/lib/api';

type PathOf<M extends HttpMethod> = ApiRouteKey extends infer K
  ? K extends `${M} ${infer P}`
    ? P
    : never
  : never;

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** Query values as the page holds them: the server's parsed types, optional where the server's are. */
type QueryOf<Q extends z.ZodType> = {
  [K in keyof z.input<Q>]: (K extends keyof z.output<Q> ? z.output<Q>[K] : never) | null;
};

type ParamsInput<P extends string> = [ParamNames<P>] extends [never]
  ? { params?: never }
  : { params: Record<ParamNames<P>, string | number> };
type QueryInput<R> = R extends { query: infer Q extends z.ZodType }
  ? { query?: QueryOf<Q> }
  : { query?: never };
type BodyInput<R> = R extends { body: infer B extends z.ZodType }
  ? undefined extends z.input<B>
    ? { body?: z.input<B> }
    : { body: z.input<B> }
  : { body?: never };

export type RequestInput<M extends HttpMethod, P extends PathOf<M>> = ParamsInput<P> &
  QueryInput<ApiRoutes[`${M} ${P}` & ApiRouteKey]> &
  BodyInput<ApiRoutes[`${M} ${P}` & ApiRouteKey]> &
  ApiRequestOptions;

export type ResponseOf<M extends HttpMethod, P extends PathOf<M>> = z.output<
  ApiRoutes[`${M} ${P}` & ApiRouteKey]['response']
>;

/** An input object may be left out when nothing in it is required. */
type Args<M extends HttpMethod, P extends PathOf<M>> =
  Record<never, never> extends RequestInput<M, P>
    ? [input?: RequestInput<M, P>]
    : [input: RequestInput<M, P>];

/** The path with its `:name` placeholders filled in (encoded) and the query appended. */
export function apiPath(
  path: string,
  input: { params?: Record<string, string | number>; query?: Record<string, unknown> } = {},
): string {
  const filled = path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = input.params?.[name];
    if (value === undefined) throw new Error(`api path ${path}: missing parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  return input.query ? `${filled}${qs(input.query as Parameters<typeof qs>[0])}` : filled;
}

function caller<M extends HttpMethod>(method: M) {
  // POST/PATCH/PUT always carry a JSON body ({} when none is given), as the server's body-less
  // routes have always received; GET and DELETE never do.
  const withBody = method !== 'GET' && method !== 'DELETE';
  return <P extends PathOf<M>>(path: P, ...[input]: Args<M, P>): Promise<ResponseOf<M, P>> => {
    const { params, query, body, keepalive } = (input ?? {}) as {
      params?: Record<string, string | number>;
      query?: Record<string, unknown>;
      body?: unknown;
      keepalive?: boolean;
    };
    return apiRequest<ResponseOf<M, P>>(
      method,
      apiPath(path, { params, query }),
      withBody ? (body ?? {}) : undefined,
      keepalive ? { keepalive } : {},
    );
  };
}

export const api = {
  get: caller('GET'),
  post: caller('POST'),
  patch: caller('PATCH'),
  put: caller('PUT'),
  delete: caller('DELETE'),
};

/** The plain-list form of a list route's answer (asked without `page`). */
export function listForm<R>(answer: R): Extract<R, readonly unknown[]> {
  if (!Array.isArray(answer)) throw new Error('Expected a list, got a page');
  return answer as Extract<R, readonly unknown[]>;
}

/** The paged form of a list route's answer (asked with `page`). */
export function pageForm<R>(answer: R): Exclude<R, readonly unknown[]> {
  if (Array.isArray(answer)) throw new Error('Expected a page, got a list');
  return answer as Exclude<R, readonly unknown[]>;
}
