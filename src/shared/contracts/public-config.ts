import { z } from 'zod';

/** Settings the browser may know before anyone signs in (no secrets). */
export const publicConfigResponse = z.object({
  supportEmail: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigResponse>;
