// One live voice conversation through the official ElevenLabs SDK, whatever the provider behind the
// signed URL (ARCHITECTURE.md §4). Owns the connection rules of core-experience §4 and §8: a 15 s
// timeout per attempt, 2 automatic retries 1 s apart (each with a fresh single-use session), the
// microphone check and the spec's notices. Reused by the New Call and custom-call flows.
import type { Conversation, DisconnectionDetails, Mode } from '@elevenlabs/client';
import audioConcatProcessorUrl from '@elevenlabs/client/worklets/audioConcatProcessor.js?url&no-inline';
import rawAudioProcessorUrl from '@elevenlabs/client/worklets/rawAudioProcessor.js?url&no-inline';
import type { VoiceSessionResponse } from '@shared/contracts/calls';
import { VOICE_CONNECT_RETRIES, VOICE_CONNECT_TIMEOUT_MS, VOICE_RETRY_DELAY_MS } from '@shared/domain/limits';
import { HEARING_TOOL, type HearingToolParameters } from '@shared/domain/not-heard';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { ApiError } from '@/lib/api';
import type { TranscriptEntry } from './live-transcript';
import {
  ConnectTimeoutError,
  connectionErrorDescription,
  isMicrophoneDenied,
  voiceNotices,
} from './voice-errors';

export type VoiceStatus = 'disconnected' | 'connecting' | 'connected' | 'error';

type Options = {
  /** Asks the server for a fresh session; called once per connection attempt (signed URLs are single-use). */
  requestSession: () => Promise<VoiceSessionResponse>;
  /** The agent closed the conversation itself (for example after its closing line). */
  onAgentEnded?: () => void;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const normalise = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

/** A client error from our own API will not get better by retrying. */
function isFinal(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429;
}

async function checkMicrophone(): Promise<void> {
  if (!navigator.mediaDevices?.getUserMedia) throw new DOMException('No microphone API', 'NotAllowedError');
  const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
  for (const track of stream.getTracks()) track.stop();
}

export function useVoiceConversation({ requestSession, onAgentEnded }: Options) {
  const [status, setStatus] = useState<VoiceStatus>('disconnected');
  const [mode, setMode] = useState<Mode>('listening');
  const [entries, setEntries] = useState<TranscriptEntry[]>([]);
  const [conversationId, setConversationId] = useState<string | null>(null);
  const [warning, setWarning] = useState<string | null>(null);
  /** no microphone (none, blocked or busy): the call goes on typed, the persona's replies as text */
  const [typedOnly, setTypedOnly] = useState(false);
  /** the server's recogniser heard the last answers unclearly (HEARING_TOOL): the call shows a hint */
  const [heardPoorly, setHeardPoorly] = useState(false);

  const conversation = useRef<Conversation | null>(null);
  const attempt = useRef(0);
  const closing = useRef(false);
  const mounted = useRef(true);
  const nextEntryId = useRef(1);
  /** typed answers shown already; a server echo of the same text is not shown twice */
  const pendingEchoes = useRef<string[]>([]);
  const latest = useRef({ requestSession, onAgentEnded });
  latest.current = { requestSession, onAgentEnded };

  const append = useCallback((role: TranscriptEntry['role'], text: string) => {
    const clean = text.trim();
    if (clean === '') return;
    setEntries((list) => [...list, { id: nextEntryId.current++, role, text: clean }]);
  }, []);

  const connectOnce = useCallback(
    (session: VoiceSessionResponse, attemptId: number, textOnly: boolean): Promise<Conversation> => {
      const current = () => attempt.current === attemptId;
      return new Promise((resolve, reject) => {
        let settled = false;
        // The SDK (with its WebRTC client) loads only when a call starts.
        const sdk = import('@elevenlabs/client');
        const timer = setTimeout(() => {
          settled = true;
          reject(new ConnectTimeoutError());
        }, VOICE_CONNECT_TIMEOUT_MS);
        sdk
          .then(({ Conversation: ConversationSdk }) =>
            ConversationSdk.startSession({
              signedUrl: session.signedUrl,
              connectionType: 'websocket',
              // no microphone: the SDK's text conversation, which asks for no audio device
              textOnly,
              overrides: session.overrides,
              // Served from our origin: the CSP allows worklet scripts from 'self' only, not blob: or data:.
              workletPaths: {
                rawAudioProcessor: rawAudioProcessorUrl,
                audioConcatProcessor: audioConcatProcessorUrl,
              },
              // the built-in gateway says how well it hears the user; a cloud agent never calls it
              clientTools: {
                [HEARING_TOOL]: (parameters: HearingToolParameters) => {
                  if (current()) setHeardPoorly(parameters?.heard === 'poorly');
                },
              },
              onMessage: ({ message, role }) => {
                if (!current()) return;
                if (role === 'user') {
                  const i = pendingEchoes.current.indexOf(normalise(message));
                  if (i !== -1) {
                    pendingEchoes.current.splice(i, 1);
                    return;
                  }
                }
                append(role, message);
              },
              onModeChange: ({ mode: next }) => {
                if (current()) setMode(next);
              },
              onError: (message, context) => {
                console.error('voice session error', message, context);
              },
              onDisconnect: (details: DisconnectionDetails) => {
                if (!current() || closing.current || details.reason === 'user' || !conversation.current)
                  return;
                conversation.current = null;
                setMode('listening');
                if (details.reason === 'agent') {
                  setStatus('disconnected');
                  latest.current.onAgentEnded?.();
                  return;
                }
                setStatus('error');
                setWarning(voiceNotices.lost.description);
                toast.error(voiceNotices.lost.title, { description: voiceNotices.lost.description });
              },
            }),
          )
          .then(
            (conv) => {
              clearTimeout(timer);
              if (settled) {
                void conv.endSession().catch(() => {});
                return;
              }
              settled = true;
              resolve(conv);
            },
            (error) => {
              clearTimeout(timer);
              if (settled) return;
              settled = true;
              reject(error);
            },
          );
      });
    },
    [append],
  );

  const start = useCallback(async (): Promise<boolean> => {
    closing.current = false;
    setHeardPoorly(false);
    setStatus('connecting');
    setWarning(voiceNotices.connecting);
    const fail = (error: unknown, microphone = false) => {
      setStatus('error');
      setWarning(null);
      if (microphone || isMicrophoneDenied(error))
        toast.error(voiceNotices.micRequired.title, { description: voiceNotices.micRequired.description });
      else if (error instanceof ConnectTimeoutError)
        toast.error(voiceNotices.timeout.title, { description: voiceNotices.timeout.description });
      else toast.error(voiceNotices.errorTitle, { description: connectionErrorDescription(error) });
      return false;
    };

    // Denied, missing or busy: every way of not getting a microphone asks for one (spec §9), and
    // the call goes on typed instead of failing, as the microphone check before it promises
    let textOnly = false;
    try {
      await checkMicrophone();
    } catch {
      textOnly = true;
      toast.error(voiceNotices.micRequired.title, { description: voiceNotices.micRequired.description });
    }
    setTypedOnly(textOnly);

    let lastError: unknown;
    for (let i = 0; i <= VOICE_CONNECT_RETRIES; i++) {
      if (i > 0) await sleep(VOICE_RETRY_DELAY_MS);
      if (closing.current) return false;
      const attemptId = ++attempt.current;
      try {
        const session = await latest.current.requestSession();
        const conv = await connectOnce(session, attemptId, textOnly);
        if (closing.current) {
          await conv.endSession().catch(() => {});
          return false;
        }
        conversation.current = conv;
        setConversationId(conv.getId() || null);
        setStatus('connected');
        setWarning(null);
        return true;
      } catch (error) {
        lastError = error;
        if (isMicrophoneDenied(error) || isFinal(error)) break;
      }
    }
    if (closing.current) return false;
    return fail(lastError);
  }, [connectOnce]);

  const stop = useCallback(async () => {
    closing.current = true;
    attempt.current++;
    const conv = conversation.current;
    conversation.current = null;
    setMode('listening');
    setStatus('disconnected');
    setWarning(null);
    if (conv) await conv.endSession();
  }, []);

  /** Sends a typed (or browser-recognised) answer; false when no conversation is open. */
  const sendText = useCallback(
    (text: string): boolean => {
      const conv = conversation.current;
      const clean = text.trim();
      if (!conv || clean === '') return false;
      conv.sendUserMessage(clean);
      // a typed answer is taken as said: the hint about unclear speech has done its work
      setHeardPoorly(false);
      pendingEchoes.current.push(normalise(clean));
      append('user', clean);
      return true;
    },
    [append],
  );

  const setMicMuted = useCallback((muted: boolean) => {
    const conv = conversation.current;
    // a text conversation (no microphone) has no microphone to mute: its SDK throws
    if (conv && conv.type !== 'text' && 'setMicMuted' in conv) conv.setMicMuted(muted);
  }, []);

  // Leaving the page ends the conversation. The check is deferred so React's development
  // double-mount does not hang up a call that is still starting.
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      setTimeout(() => {
        if (mounted.current) return;
        closing.current = true;
        attempt.current++;
        const conv = conversation.current;
        conversation.current = null;
        void conv?.endSession().catch(() => {});
      }, 0);
    };
  }, []);

  return {
    status,
    mode,
    entries,
    conversationId,
    warning,
    typedOnly,
    heardPoorly,
    start,
    stop,
    sendText,
    setMicMuted,
  };
}

export type VoiceConversation = ReturnType<typeof useVoiceConversation>;
