import { z } from 'zod';

/** Settings the browser may know before anyone signs in (no secrets). */
export const publicConfigResponse = z.object({
  supportEmail: z.string(),
  /** how calls hear the user: the server's recogniser, and whether the browser's may be used */
  speech: z.object({
    server: z.enum(['cloud', 'builtin', 'none']),
    browser: z.boolean(),
  }),
});
export type PublicConfig = z.infer<typeof publicConfigResponse>;
