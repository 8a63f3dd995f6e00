// No imports: the landing page's chunk takes this, and must not take zod with it.

/**
 * The landing page's How It Works pictures (files under public/how-it-works), as
 * GET /api/how-it-works-images answers them. The page shows these until the API answers, so the
 * prerendered landing page has its pictures before any script runs.
 */
export const HOW_IT_WORKS_IMAGES = {
  setup: '/how-it-works/setup.svg',
  practice: '/how-it-works/practice.svg',
  review: '/how-it-works/review.svg',
} as const;
