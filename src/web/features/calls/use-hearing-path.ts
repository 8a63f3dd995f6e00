// How this call will hear the user (shared/domain/speech-path): the server's recogniser, the
// browser's own, or typing only — known before the call starts, from /api/public-config.
import { type HearingPath, hearingPath } from '@shared/domain/speech-path';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { isSpeechRecognitionSupported } from './use-speech-recognition';

/** The path, or null while the server's settings are loading. */
export function useHearingPath(): HearingPath | null {
  const { data } = useQuery({
    queryKey: ['/api/public-config'],
    queryFn: () => api.get('/api/public-config'),
  });
  if (!data?.speech) return null;
  return hearingPath(data.speech.server, data.speech.browser, isSpeechRecognitionSupported());
}
