// The sample call's dialog, fetched when first wanted (the pointer over its button, focus on it, or
// the click itself): most visitors never open it. Loaded by hand rather than with React.lazy: a
// component that suspends on its first render is shown only after React's Suspense throttle (up to
// 300 ms after the fallback), a pause the visitor would feel after the click even with the code at hand.
import { useCallback, useState } from 'react';

type DemoCallDialogComponent = typeof import('./demo-call-dialog').default;

let loaded: DemoCallDialogComponent | undefined;
let loading: Promise<DemoCallDialogComponent> | undefined;

function loadDemoCallDialog(): Promise<DemoCallDialogComponent> {
  loading ??= import('./demo-call-dialog').then(
    (m) => {
      loaded = m.default;
      return m.default;
    },
    (err: unknown) => {
      loading = undefined; // a later wish tries again
      throw err;
    },
  );
  return loading;
}

/** The dialog once its code is here (undefined before), and `want`, which fetches it if need be. */
export function useDemoCallDialog(): {
  DemoCallDialog: DemoCallDialogComponent | undefined;
  want: () => void;
} {
  const [DemoCallDialog, setDemoCallDialog] = useState(() => loaded);
  const want = useCallback(() => {
    if (loaded) return setDemoCallDialog(() => loaded);
    loadDemoCallDialog().then(
      (component) => setDemoCallDialog(() => component),
      (err: unknown) => {
        console.error('The sample call could not be loaded', err);
        void import('sonner').then(({ toast }) =>
          toast.error('The sample call could not be loaded', {
            description: 'Check your connection and try again.',
          }),
        );
      },
    );
  }, []);
  return { DemoCallDialog, want };
}
