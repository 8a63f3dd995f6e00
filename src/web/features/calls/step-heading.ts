// Focus follows the call flow (issue 20): when the step changes (scenario picker → call details →
// live call → evaluating → results, or back), the new step's heading takes focus, so screen-reader
// and keyboard users land on it instead of on the body or a button that is gone.
import { useEffect, useRef } from 'react';

/** Spread on each step's heading: focusable from script only, no focus ring, clear of the sticky header. */
export const stepHeadingProps = {
  tabIndex: -1,
  'data-step-heading': '',
} as const;
export const stepHeadingClass = 'scroll-mt-20 outline-none';

/** Focuses the step heading on the page whenever `step` changes (not on the first render). */
export function useStepHeadingFocus(step: string) {
  const shown = useRef(step);
  useEffect(() => {
    if (shown.current === step) return;
    shown.current = step;
    const heading = document.querySelector<HTMLElement>('[data-step-heading]');
    if (!heading) return;
    heading.focus({ preventScroll: true });
    heading.scrollIntoView?.({ block: 'nearest' });
  }, [step]);
}
