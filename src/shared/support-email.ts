// No imports: the web app's header chunk takes this, and must not take zod with it.

/**
 * The server's default SUPPORT_EMAIL (src/server/config.ts), and the address the web app shows
 * until /api/public-config answers, so the one the build's prerendered landing page holds: the
 * server puts its own into that page (src/server/http/static-web.ts).
 */
export const DEFAULT_SUPPORT_EMAIL = 'support@example.com';
