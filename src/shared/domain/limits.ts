// Business constants from the spec (core-experience §9, administration §9).
export const CALL_LENGTH_SECONDS = 1800;
export const TIMER_WARNING_SECONDS = 300;
export const DASHBOARD_PAGE_SIZE = 5;
export const ADMIN_PAGE_SIZE = 5;
export const PURCHASE_PAGE_SIZE = 5;
/** A filtered call list counts its matches only this far past the page's start (ten dashboard
 * pages); beyond that it says "more than": counting every match of a common word would read every
 * matching transcript. */
export const LIST_COUNT_AHEAD = 50;
export const MAX_RUBRIC_CRITERIA = 5;
/** Custom scenarios one account keeps (archived ones too; deleting one frees its place). */
export const MAX_CUSTOM_SCENARIOS = 100;
/** Payments one account may have waiting (pending, started in the last day) before starting another. */
export const MAX_PENDING_PURCHASES = 20;
export const PASSWORD_MIN_LENGTH = 8;
export const NAME_MIN_LENGTH = 2;
export const NEW_USER_CREDITS = 1;
export const ADMIN_FORM_DEFAULT_CREDITS = 5;
export const SCORE_MIN = 0;
export const SCORE_MAX = 10;
export const VOICE_CONNECT_TIMEOUT_MS = 15_000;
export const VOICE_CONNECT_RETRIES = 2;
export const VOICE_RETRY_DELAY_MS = 1_000;
export const TOAST_DURATION_MS = 5_000;
export const THEME_STORAGE_KEY = 'vite-ui-theme';
export const PAYMENT_POLL_INITIAL_DELAY_MS = 5_000;
export const PAYMENT_POLL_INTERVAL_MS = 2_000;
export const PAYMENT_POLL_MAX_TRIES = 5;
/** Upper bounds on free text so nobody can store megabytes in a name. */
export const MAX_NAME_LENGTH = 200;
export const MAX_EMAIL_LENGTH = 254;
export const MAX_PASSWORD_LENGTH = 200;
export const MAX_TEXT_LENGTH = 20_000;
export const MAX_TRANSCRIPT_LENGTH = 500_000;

export const VOICES = [
  { id: 'michael', name: 'Michael', gender: 'male' },
  { id: 'sarah', name: 'Sarah', gender: 'female' },
] as const;
export type VoiceId = (typeof VOICES)[number]['id'];

export const USER_SPEAKER_LABELS = ['you', 'user', 'me', 'i', 'candidate'] as const;
