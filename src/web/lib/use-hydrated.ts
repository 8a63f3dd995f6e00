// False while React hydrates server-rendered markup (and in that markup), true from the first
// render after. The prerendered landing page's buttons that act through script render disabled
// until then: a click on them before the scripts have taken over would otherwise do nothing.
import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
