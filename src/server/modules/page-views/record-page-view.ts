// A page the web app reports as viewed (the spec's page-view tracking), by a user or a visitor.
import type { z } from 'zod';
import type { pageViewRequest } from '../../../shared/contracts/auth.js';
import type { DbOrTx } from '../../db/client.js';
import { pageViews } from '../../db/schema.js';

export async function recordPageView(
  db: DbOrTx,
  userId: number | null,
  view: z.infer<typeof pageViewRequest>,
) {
  await db.insert(pageViews).values({ userId, pageName: view.pageName, pageUrl: view.pageUrl });
}
