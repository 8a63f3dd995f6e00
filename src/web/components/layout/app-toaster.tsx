import { lazy, Suspense, useEffect, useState } from 'react';
import { useTheme } from '@/components/theme/theme-provider';

// sonner (with the styles it inserts) loads after the first render instead of with the entry; a
// toast raised before it has mounted is shown when it subscribes.
const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

/** Toasts last 5 seconds and show one at a time (spec §9). */
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
        visibleToasts={1}
        richColors
        closeButton
        position="top-right"
      />
    </Suspense>
  );
}
