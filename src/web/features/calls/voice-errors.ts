// Spec texts of the voice connection notices (core-experience §8 "Voice") and the rules that pick
// one for a failure.
export const voiceNotices = {
  micRequired: {
    title: 'Microphone Access Required',
    description: 'Please allow microphone access to continue with the interview.',
  },
  timeout: {
    title: 'Connection Timeout',
    description: 'Failed to connect to the interview service. Please try again.',
  },
  lost: { title: 'Connection Lost', description: 'Connection lost. This may affect the interview.' },
  connecting: 'Establishing connection... Please wait.',
  /** the call without a microphone: typed, the persona's replies shown as text */
  typedOnly:
    'No microphone: type your answers below. The replies appear as text. Allow the microphone and start a new call to talk.',
  errorTitle: 'Connection Error',
} as const;

export class ConnectTimeoutError extends Error {
  constructor() {
    super('Connection timed out');
  }
}

export function isMicrophoneDenied(error: unknown): boolean {
  // DOMException is not an Error subclass everywhere, so read its fields instead.
  const { name = '', message = '' } = (error ?? {}) as { name?: unknown; message?: unknown };
  return (
    name === 'NotAllowedError' ||
    name === 'PermissionDeniedError' ||
    name === 'NotFoundError' ||
    /permission denied|microphone/i.test(String(message))
  );
}

/** The description of a 'Connection Error' toast. */
export function connectionErrorDescription(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error ?? '');
  const status = (error as { status?: number } | null)?.status;
  if (/agent/i.test(message) && /(not found|unknown|invalid|does not exist)/i.test(message))
    return 'Invalid interviewer configuration. Please try selecting a different interviewer.';
  if (status === 401 || status === 403 || /unauthori[sz]ed|authenticat/i.test(message))
    return 'Authentication failed. Please try refreshing the page.';
  return 'Initialization Error';
}
