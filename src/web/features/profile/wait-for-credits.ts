// The spec's after-payment flow (administration §4, §9): wait 5 s, then ask for the payment's
// status up to 5 times 2 s apart until the credits are on the account. Time is injected so the
// schedule is tested without waiting.
import type { PaymentStatusResponse } from '@shared/contracts/billing';
import {
  PAYMENT_POLL_INITIAL_DELAY_MS,
  PAYMENT_POLL_INTERVAL_MS,
  PAYMENT_POLL_MAX_TRIES,
} from '@shared/domain/limits';

export type WaitOutcome = 'processed' | 'failed' | 'timeout';

export type WaitForCreditsOptions = {
  fetchStatus: () => Promise<PaymentStatusResponse>;
  sleep?: (ms: number) => Promise<void>;
  initialDelayMs?: number;
  intervalMs?: number;
  maxTries?: number;
};

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function waitForCredits({
  fetchStatus,
  sleep = realSleep,
  initialDelayMs = PAYMENT_POLL_INITIAL_DELAY_MS,
  intervalMs = PAYMENT_POLL_INTERVAL_MS,
  maxTries = PAYMENT_POLL_MAX_TRIES,
}: WaitForCreditsOptions): Promise<WaitOutcome> {
  await sleep(initialDelayMs);
  for (let attempt = 1; attempt <= maxTries; attempt++) {
    try {
      const status = await fetchStatus();
      if (status.processed) return 'processed';
      if (status.status === 'failed') return 'failed';
    } catch {
      // A failed check counts as one try; the next one may succeed.
    }
    if (attempt < maxTries) await sleep(intervalMs);
  }
  return 'timeout';
}
