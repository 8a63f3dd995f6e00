import { lazy, Suspense, useEffect, useState } from 'react';
import { useTheme } from '@/components/theme/theme-provider';

// sonner (with the styles it inserts) loads after the first render instead of with the entry; a
// toast raised before it has mounted is shown when it subscribes.
const Toaster = lazy(() => import('./one-toast-toaster'));

/** Below the sticky header (h-14, 56 px) with a gap, so no toast hides its controls. */
export const TOAST_TOP_OFFSET = 64;

/**
 * Toasts last 5 seconds and show one at a time, a new one replacing the last (spec §9). They sit
 * at the top centre just under the header (issue 23 §9): top-right covered the credits, New Call
 * and the avatar.
 */
export function AppToaster() {
  const { resolvedTheme } = useTheme();
  // Not in the first render, so the prerendered landing page and its hydration need none of it.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster
        theme={resolvedTheme}
        duration={5000}
        richColors
        closeButton
        position="top-center"
        offset={{ top: TOAST_TOP_OFFSET }}
        mobileOffset={{ top: TOAST_TOP_OFFSET }}
      />
    </Suspense>
  );
}
