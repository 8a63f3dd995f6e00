// Step 3 of a call: the live conversation (spec: core-experience §2 "Live call", §4 voice
// connection and call timer). Connects on mount; the countdown runs from the moment it shows.
import type { Interviewer } from '@shared/contracts/scenarios';
import { HEARD_POORLY_HINT, notHeardReason } from '@shared/domain/not-heard';
import { Loader2, Mic, PhoneOff, RefreshCw, Send, Volume2 } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';
import { CallTimer, useCountdown } from './call-timer';
import { InterviewerAvatar } from './interviewer-avatar';
import { LiveTranscript } from './live-transcript';
import { stepHeadingClass, stepHeadingProps } from './step-heading';
import { useHearingPath } from './use-hearing-path';
import { useSpeechRecognition } from './use-speech-recognition';
import type { VoiceConversation, VoiceStatus } from './use-voice-conversation';
import { voiceNotices } from './voice-errors';

/** The question before ending a call by its button (the timer ends it without asking). */
export const endCallText = {
  title: 'End the call?',
  description: "It will be scored on what you have said so far. You can't return to it afterwards.",
  keep: 'Keep talking',
  end: 'End now',
} as const;

const statusText: Record<VoiceStatus, string> = {
  disconnected: 'Disconnected',
  connecting: 'Connecting...',
  connected: 'Connected',
  error: 'Connection error',
};

export function LiveCall({
  interviewer,
  voice,
  ending,
  onEnd,
}: {
  interviewer: Pick<Interviewer, 'name' | 'avatar' | 'role' | 'company'>;
  voice: VoiceConversation;
  ending: boolean;
  onEnd: () => void;
}) {
  const secondsLeft = useCountdown(true, onEnd);
  const [answer, setAnswer] = useState('');
  // on by default when the browser's own recognition is how this call hears the user
  const hearing = useHearingPath();
  const [browserStt, setBrowserStt] = useState(false);
  const chosen = useRef(false);
  useEffect(() => {
    if (hearing && !chosen.current) {
      chosen.current = true;
      setBrowserStt(hearing === 'browser');
    }
  }, [hearing]);
  const started = useRef(false);
  const connected = voice.status === 'connected';
  const { start, setMicMuted, sendText } = voice;

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void start();
  }, [start]);

  // When the server transcribes speech itself and the browser does too, the microphone stays closed
  // to the agent so an answer is not heard twice. When the browser is the only recogniser the
  // microphone stays open: the server records the call and times the turns, and waits for the
  // browser's text instead of transcribing.
  const serverHears = hearing === 'cloud' || hearing === 'builtin';
  const stt = useSpeechRecognition(browserStt && connected, (text) => sendText(text));
  useEffect(() => {
    if (connected) setMicMuted(browserStt && serverHears);
  }, [browserStt, serverHears, connected, setMicMuted]);

  const notHeard = notHeardReason(voice.entries);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (sendText(answer)) setAnswer('');
  };

  const speaking = connected && voice.mode === 'speaking';

  return (
    <div className="flex flex-col gap-4">
      {/* sticks just below the sticky header (h-14 and its border), never under it */}
      <div className="sticky top-[calc(3.5rem+1px)] z-30 -mx-2 flex flex-wrap items-center justify-between gap-3 rounded-b-lg border-b bg-background/95 px-2 py-3 backdrop-blur">
        <div className="flex items-center gap-3">
          <InterviewerAvatar interviewer={interviewer} className="size-10" />
          <div>
            <h1 className={cn('font-medium leading-tight', stepHeadingClass)} {...stepHeadingProps}>
              <span className="sr-only">Call with</span> {interviewer.name}
            </h1>
            <p className="text-xs text-muted-foreground" data-testid="connection-status">
              {statusText[voice.status]}
            </p>
          </div>
        </div>
        <div className="flex items-center gap-3">
          <CallTimer secondsLeft={secondsLeft} />
          {/* asked first: one stray click would end a call that cannot be resumed */}
          <ConfirmDialog
            title={endCallText.title}
            description={endCallText.description}
            cancelLabel={endCallText.keep}
            confirmLabel={endCallText.end}
            destructive
            onConfirm={onEnd}
            trigger={
              <Button variant="destructive" disabled={ending}>
                {ending ? <Loader2 className="animate-spin" /> : <PhoneOff />}
                {ending ? 'Ending...' : 'End Call'}
              </Button>
            }
          />
        </div>
      </div>

      {voice.warning ? (
        <Alert>
          <AlertDescription>{voice.warning}</AlertDescription>
        </Alert>
      ) : null}
      {voice.typedOnly && connected ? (
        <Alert data-testid="typed-only-note">
          <AlertDescription>{voiceNotices.typedOnly}</AlertDescription>
        </Alert>
      ) : null}

      <Card>
        <CardContent className="flex flex-col gap-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <Badge
              variant={speaking ? 'default' : 'secondary'}
              aria-live="polite"
              data-testid="agent-mode"
              data-mode={connected ? voice.mode : 'idle'}
              className="gap-1.5 px-3 py-1 text-sm"
            >
              {speaking ? <Volume2 aria-hidden /> : <Mic aria-hidden />}
              {!connected
                ? 'Waiting for connection'
                : speaking
                  ? `${interviewer.name} is speaking`
                  : 'Listening'}
            </Badge>
            {voice.status === 'error' ? (
              <Button variant="outline" size="sm" onClick={() => void start()}>
                <RefreshCw /> Retry connection
              </Button>
            ) : null}
            {stt.supported && !voice.typedOnly ? (
              <div className="flex items-center gap-2">
                <Switch
                  id="browser-stt"
                  checked={browserStt}
                  onCheckedChange={setBrowserStt}
                  disabled={!connected}
                />
                <Label htmlFor="browser-stt" className="text-sm">
                  Use my browser's speech recognition
                </Label>
              </div>
            ) : null}
          </div>
          {browserStt && !stt.error ? (
            <p className="text-sm text-muted-foreground" data-testid="browser-speech-note">
              Your browser's speech recognition is on: its vendor processes your audio. Turn it off to type
              instead.
            </p>
          ) : null}
          {browserStt && stt.error ? (
            <p className="text-sm text-destructive" role="alert">
              Browser speech recognition stopped ({stt.error}): your spoken answers are not being understood.
              Type your answer below.
            </p>
          ) : null}

          <LiveTranscript entries={voice.entries} agentName={interviewer.name} />
          {notHeard ? (
            <p className="text-sm text-destructive" role="alert" data-testid="not-heard-reason">
              {notHeard}
            </p>
          ) : voice.heardPoorly && !voice.typedOnly ? (
            <p
              role="status"
              className="rounded-lg border border-amber-600/50 p-3 text-sm"
              data-testid="heard-poorly"
            >
              {HEARD_POORLY_HINT}
            </p>
          ) : hearing === 'builtin' && !voice.typedOnly ? (
            <p className="text-xs text-muted-foreground" data-testid="approximate-note">
              Your spoken answers are recognised on this server: the words shown are approximate.
            </p>
          ) : null}

          <form onSubmit={submit} className="flex items-end gap-2">
            <div className="flex flex-1 flex-col gap-1">
              <Label htmlFor="typed-answer">Type an answer</Label>
              <Textarea
                id="typed-answer"
                rows={2}
                value={answer}
                placeholder={
                  !connected
                    ? 'Waiting for connection...'
                    : voice.typedOnly
                      ? 'Type your answer and press Enter'
                      : 'Speak, or type your answer and press Enter'
                }
                onChange={(e) => setAnswer(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' && !e.shiftKey) submit(e);
                }}
              />
            </div>
            <Button type="submit" disabled={!connected || answer.trim() === ''}>
              <Send /> Send
            </Button>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
