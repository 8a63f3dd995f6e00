// The browser's own speech recognition, where it exists, as one speech-to-text option of a call
// (issue 4 item 3): its final results are sent to the agent as the user's words.
import { useEffect, useRef, useState } from 'react';

type RecognitionResultList = ArrayLike<{ isFinal: boolean; 0: { transcript: string } }>;
type Recognition = {
  continuous: boolean;
  interimResults: boolean;
  lang: string;
  onresult: ((event: { resultIndex: number; results: RecognitionResultList }) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
};
type RecognitionConstructor = new () => Recognition;

function recognitionConstructor(): RecognitionConstructor | undefined {
  if (typeof window === 'undefined') return undefined;
  const w = window as unknown as {
    SpeechRecognition?: RecognitionConstructor;
    webkitSpeechRecognition?: RecognitionConstructor;
  };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition;
}

export function isSpeechRecognitionSupported(): boolean {
  return recognitionConstructor() !== undefined;
}

/** Listens while `enabled`; `onFinal` gets each finished phrase. `error` names why it stopped. */
export function useSpeechRecognition(enabled: boolean, onFinal: (text: string) => void) {
  const [error, setError] = useState<string | null>(null);
  const handler = useRef(onFinal);
  handler.current = onFinal;

  useEffect(() => {
    const Ctor = recognitionConstructor();
    if (!enabled || !Ctor) return;
    setError(null);
    let active = true;
    const rec = new Ctor();
    rec.continuous = true;
    rec.interimResults = false;
    rec.lang = navigator.language || 'en-US';
    rec.onresult = (event) => {
      for (let i = event.resultIndex; i < event.results.length; i++) {
        const result = event.results[i];
        const text = result?.[0]?.transcript.trim();
        if (result?.isFinal && text) handler.current(text);
      }
    };
    rec.onerror = (event) => {
      // 'no-speech' and 'aborted' are routine; the others mean it cannot work here.
      if (event.error === 'no-speech' || event.error === 'aborted') return;
      active = false;
      setError(event.error);
    };
    // Chrome stops after a pause; keep listening for the whole call.
    rec.onend = () => {
      if (active) {
        try {
          rec.start();
        } catch {
          active = false;
        }
      }
    };
    try {
      rec.start();
    } catch (e) {
      active = false;
      setError(e instanceof Error ? e.message : 'start failed');
    }
    return () => {
      active = false;
      rec.onend = null;
      rec.stop();
    };
  }, [enabled]);

  return { supported: isSpeechRecognitionSupported(), error };
}
