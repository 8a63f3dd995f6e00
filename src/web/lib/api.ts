// The transport under the typed client (lib/api-client.ts): same-origin requests with credentials;
// errors carry the server's `message` (spec: "throws the server's message field or 'An error occurred'").

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
  }
}

async function toApiError(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  if (/^\s*</.test(text)) return new ApiError(res.status, 'Server returned HTML instead of JSON');
  try {
    const body = JSON.parse(text) as { message?: string; error?: string; errors?: Record<string, string> };
    return new ApiError(res.status, body.message || body.error || 'An error occurred', body.errors);
  } catch {
    return new ApiError(res.status, text || 'An error occurred');
  }
}

/** `keepalive`: the request outlives the page (sent while it unloads or after the app has moved on). */
export type ApiRequestOptions = { keepalive?: boolean };

export async function apiRequest<T>(
  method: string,
  path: string,
  body?: unknown,
  options: ApiRequestOptions = {},
): Promise<T> {
  const res = await fetch(path, {
    method,
    credentials: 'include',
    ...(options.keepalive ? { keepalive: true } : {}),
    headers: body === undefined ? undefined : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw await toApiError(res);
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

type QueryValue = string | number | boolean | undefined | null;

/** Builds a query string from defined values only; a list repeats its key (`callType=a&callType=b`). */
export function qs(params: Record<string, QueryValue | readonly QueryValue[]>): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(params))
    for (const one of Array.isArray(v) ? v : [v])
      if (one !== undefined && one !== null && one !== '') p.append(k, String(one));
  const s = p.toString();
  return s ? `?${s}` : '';
}
