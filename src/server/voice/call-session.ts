// One live call on the built-in gateway: listen → end of turn → transcribe → think → speak, each
// stage streaming into the next (model tokens → clauses → speech chunks), cancelled when the
// user talks over the agent. Written against a minimal socket and an injectable scheduler, so
// tests drive it with fake time and no network.
//
// Timeline: every time here is milliseconds since this session started (`t()`); utterances are
// stored with `callOffsetMs` added, so they are offsets from the start of the call itself.
// The browser plays agent audio in real time, so the session keeps `playbackEndMs`, when the
// audio sent so far will have finished playing; until then the agent counts as speaking.

import {
  CLEAR_CONFIDENCE,
  HEARING_TOOL,
  type HearingToolParameters,
  NOT_HEARD_REPEAT_LINE,
  NOT_HEARD_TYPE_LINE,
  UNCLEAR_TURNS_TO_WARN,
} from '../../shared/domain/not-heard.js';
import { pcmFromBase64, pcmToBase64, wavFile } from '../audio/pcm.js';
import { storableText } from '../http/storable-text.js';
import type { Transcriber } from '../providers/stt/types.js';
import type { SpeechSynthesizer, SynthesisSettings } from '../providers/tts/types.js';
import type { Brain, Turn } from './engines/brain.js';
import {
  agentResponse,
  audioMessage,
  CLOSE,
  type ClientMessage,
  clientToolCall,
  initiationMetadata,
  interruption,
  ping,
  SAMPLE_RATE,
  type ServerMessage,
  userTranscript,
} from './protocol.js';
import type { CallRecorder } from './recorder.js';
import { SentenceSplitter } from './sentence-splitter.js';
import { TurnDetector } from './turn-detector.js';

export type Scheduler = {
  now: () => number;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
};

export const realScheduler: Scheduler = {
  now: () => performance.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
};

export type VoiceSocket = {
  send: (message: ServerMessage) => void;
  close: (code: number, reason: string) => void;
};

export type StoredUtterance = {
  speaker: 'agent' | 'user';
  text: string;
  startMs: number;
  endMs: number;
  /** the built-in recogniser's confidence in a spoken line (absent: exact text) */
  confidence?: number | null;
};

export type SessionPhase = 'listening' | 'user_speaking' | 'transcribing' | 'thinking' | 'speaking' | 'ended';

export type EndReason =
  | 'ended_by_user'
  | 'socket_closed'
  | 'time_limit'
  | 'server_shutdown'
  | 'replaced'
  /** the client sent audio far faster than real time */
  | 'flood';

export type CallSessionOptions = {
  conversationId: string;
  socket: VoiceSocket;
  scheduler: Scheduler;
  brain: Brain;
  /** null: no speech engine available; the agent's text still reaches the browser */
  tts: SpeechSynthesizer | null;
  /** null: no server-side transcription; spoken answers arrive as text from the browser */
  stt: Transcriber | null;
  voice: string;
  /** the admin's voice settings when the call started; each synthesiser applies what it supports */
  voiceSettings?: SynthesisSettings;
  /** the call's earlier turns, when this session continues a call after a reconnect */
  history?: Turn[];
  callOffsetMs?: number;
  /** time left before the call's limit; the session ends itself then */
  remainingMs: number;
  /** stores one utterance; false when the call has ended (nothing to retry); throws to be retried */
  saveUtterance: (u: StoredUtterance) => Promise<boolean | undefined>;
  recorder?: CallRecorder | null;
  onEnded?: (reason: EndReason) => void;
  /** end of the user's turn → first agent audio chunk, in ms (for the bench and logs) */
  onTurnLatency?: (ms: number) => void;
  onError?: (err: unknown, where: string) => void;
  tuning?: Partial<SessionTuning>;
};

export type SessionTuning = {
  /** silence that ends a spoken turn */
  hangoverMs: number;
  pingIntervalMs: number;
  /** without STT: how long to wait for the browser's own transcript of a spoken turn */
  browserTranscriptGraceMs: number;
  /** a spoken turn longer than this is cut and answered */
  maxTurnMs: number;
  /** size of the audio messages sent to the browser */
  audioChunkMs: number;
  /** how far behind "now" the recording is encoded (late microphone frames still fit) */
  recordingLagMs: number;
  /** received audio may run ahead of real time by this much; frames beyond it are dropped */
  audioSlackMs: number;
  /** after this much audio dropped for running ahead, the session is closed (1008) */
  maxDroppedAudioMs: number;
  /** typed answers: a burst of this many, then one per `textRefillMs`; the excess is ignored */
  textBurst: number;
  textRefillMs: number;
  /** per call (earlier sessions included): stored utterances and characters, then nothing more is taken */
  maxUtterances: number;
  maxTextChars: number;
  /** a failed utterance write is retried with this first delay, doubling up to the max */
  saveRetryMs: number;
  saveRetryMaxMs: number;
  /** after the session ends, writes still failing are retried this long, then given up */
  saveRetryAfterEndMs: number;
};

const DEFAULT_TUNING: SessionTuning = {
  hangoverMs: 600,
  pingIntervalMs: 15_000,
  browserTranscriptGraceMs: 2500,
  maxTurnMs: 90_000,
  audioChunkMs: 500,
  recordingLagMs: 1500,
  audioSlackMs: 2000,
  maxDroppedAudioMs: 10_000,
  textBurst: 5,
  textRefillMs: 1000,
  maxUtterances: 600,
  // the stored transcript (these characters plus a speaker label per line) stays under the
  // PATCH limit of MAX_TRANSCRIPT_LENGTH (500,000)
  maxTextChars: 300_000,
  saveRetryMs: 250,
  saveRetryMaxMs: 4000,
  saveRetryAfterEndMs: 10_000,
};

export { NOT_HEARD_REPEAT_LINE, NOT_HEARD_TYPE_LINE };
export const BRAIN_FAILED_LINE = 'Sorry, I lost my train of thought for a moment. Could you say that again?';
/** the "didn't catch that" line is not repeated more often than this */
const NOT_HEARD_COOLDOWN_MS = 20_000;
const PREROLL_CHUNKS = 2;
export const FLOOD_CLOSE_REASON = 'Audio arrives faster than real time';
const FIRST_PING_MS = 1000;

type UserTurn = {
  eventId: number;
  startMs: number;
  /** the turn's audio, kept only when it will be transcribed */
  chunks: Int16Array[] | null;
  samples: number;
  /** a text answer arrived during this turn and replaced it */
  answered: boolean;
};

type AgentTurn = {
  eventId: number;
  abort: AbortController;
  text: string;
  /** when its first audio starts playing */
  startMs: number | null;
  /** the call's opening line, which sound from the microphone cannot cut before it plays */
  opening: boolean;
  responseSent: boolean;
  firstPieceSent: boolean;
  completion: unknown;
  /** when the user's turn this answers ended (scheduler time), for the latency figure */
  answersAt: number | null;
  /** the start of the user's line saved last when this turn began (call time): the turn is stored after it */
  after: number;
};

export class CallSession {
  private readonly o: CallSessionOptions;
  private readonly tuning: SessionTuning;
  private readonly startedAt: number;
  private readonly detector: TurnDetector;
  private readonly history: Turn[];
  private readonly pendingSaves = new Set<Promise<void>>();
  private readonly inflight = new Set<AbortController>();
  private readonly timers = new Set<unknown>();
  private eventId = 0;
  private userTurn: UserTurn | null = null;
  private agentTurn: AgentTurn | null = null;
  private playbackEndMs = 0;
  private userCursorMs = 0;
  private recentChunks: Int16Array[] = [];
  private transcribing = 0;
  private lastTextAnswerMs = Number.NEGATIVE_INFINITY;
  private lastNotHeardMs = Number.NEGATIVE_INFINITY;
  /** spoken turns in a row the recogniser heard unclearly, and whether the browser was told */
  private unclearTurns = 0;
  private warnedUnclear = false;
  /** the start of the last user line stored (call time), which a reply is stored after */
  private lastUserLineMs = Number.NEGATIVE_INFINITY;
  private lastPing: { eventId: number; sentAt: number } | null = null;
  private rttMs: number | null = null;
  private ended = false;
  private endedAt: number | null = null;
  /** audio dropped for running ahead of real time, in ms */
  private droppedAudioMs = 0;
  private textTokens = 0;
  private textTokensAt = 0;
  private storedUtterances = 0;
  private storedChars = 0;
  private endPromise: Promise<void> | null = null;
  private markEnded: () => void = () => {};
  /** settles once the session has ended and stored everything */
  readonly whenEnded: Promise<void> = new Promise((resolve) => {
    this.markEnded = resolve;
  });

  constructor(options: CallSessionOptions) {
    this.o = options;
    this.tuning = { ...DEFAULT_TUNING, ...options.tuning };
    this.startedAt = options.scheduler.now();
    this.detector = new TurnDetector({ sampleRate: SAMPLE_RATE, hangoverMs: this.tuning.hangoverMs });
    this.history = [...(options.history ?? [])];
    this.storedUtterances = this.history.length;
    this.storedChars = this.history.reduce((n, turn) => n + turn.text.length, 0);
    this.textTokens = this.tuning.textBurst;
    this.textTokensAt = this.startedAt;
  }

  /** audio dropped so far for arriving faster than real time, in ms (for logs and the bench) */
  get droppedAudio(): number {
    return this.droppedAudioMs;
  }

  get phase(): SessionPhase {
    if (this.ended) return 'ended';
    if (this.userTurn) return 'user_speaking';
    if (this.transcribing > 0) return 'transcribing';
    if (this.agentTurn) return this.agentTurn.startMs === null ? 'thinking' : 'speaking';
    return 'listening';
  }

  get transcript(): readonly Turn[] {
    return this.history;
  }

  get pingRttMs(): number | null {
    return this.rttMs;
  }

  /** Sends the initiation metadata (always the first message) and the agent's opening line. */
  start(): void {
    this.send(initiationMetadata(this.o.conversationId));
    // the first ping comes soon, so the round trip is known early in the call
    this.after(Math.min(FIRST_PING_MS, this.tuning.pingIntervalMs), () => this.sendPing());
    this.every(this.tuning.pingIntervalMs, () => this.sendPing());
    this.every(1000, () => this.o.recorder?.flush(this.t() - this.tuning.recordingLagMs));
    this.after(this.o.remainingMs, () => void this.end('time_limit'));
    const opening = this.history.length === 0 ? this.o.brain.opening() : null;
    if (opening) this.speak(() => once(opening), null, true);
  }

  handleMessage(message: ClientMessage): void {
    if (this.ended) return;
    switch (message.type) {
      case 'user_audio_chunk':
        this.onAudio(pcmFromBase64(message.user_audio_chunk));
        return;
      case 'user_message':
        this.onTextAnswer(message.text);
        return;
      case 'pong':
        if (this.lastPing && message.event_id === this.lastPing.eventId) {
          this.rttMs = Math.round(this.o.scheduler.now() - this.lastPing.sentAt);
        }
        return;
      default:
        // initiation overrides, user_activity, feedback…: the server already knows the persona
        return;
    }
  }

  /** Stops everything, stores what was said, closes the recording and the socket. Idempotent. */
  end(reason: EndReason): Promise<void> {
    this.endPromise ??= this.finish(reason);
    return this.endPromise;
  }

  // ---- listening ----

  private onAudio(pcm: Int16Array): void {
    const now = this.t();
    const dur = (pcm.length * 1000) / SAMPLE_RATE;
    // frames arrive in bursts; keep them contiguous but never behind real time by more than one frame
    const at = Math.max(this.userCursorMs, now - dur);
    // A microphone cannot send audio faster than it is spoken: a frame that would run ahead of
    // real time by more than a little slack for bursts is dropped, unheard and unrecorded (so the
    // recording is never longer than the call), and a client that keeps doing it is closed.
    if (at + dur > now + this.tuning.audioSlackMs) {
      this.droppedAudioMs += dur;
      if (this.droppedAudioMs > this.tuning.maxDroppedAudioMs && !this.ended) {
        // closed at once, before the session stores what it has: nothing more is read
        this.o.socket.close(CLOSE.policy, FLOOD_CLOSE_REASON);
        void this.end('flood');
      }
      return;
    }
    this.userCursorMs = at + dur;
    this.o.recorder?.addUser(pcm, at);

    const turn = this.userTurn;
    if (turn?.chunks) {
      turn.chunks.push(pcm);
      turn.samples += pcm.length;
    }
    for (const event of this.detector.push(pcm)) {
      const eventMs = at + (event.offset * 1000) / SAMPLE_RATE;
      if (event.kind === 'speech_start') {
        // Before the opening line has started playing, speech answers nothing and talks over
        // nothing: it opens no turn and does not cancel the opening (which a voice still starting
        // can keep silent for a second or more). Speech still going on when the opening starts
        // counts from then (sendAudio), and cuts it like any barge-in.
        if (!this.openingWaiting()) this.onSpeechStart(eventMs, pcm);
      } else this.onTurnEnd(eventMs);
    }
    if (this.userTurn && (this.userTurn.samples * 1000) / SAMPLE_RATE > this.tuning.maxTurnMs) {
      this.detector.reset();
      this.onTurnEnd(this.userCursorMs);
    }
    this.recentChunks.push(pcm);
    if (this.recentChunks.length > PREROLL_CHUNKS) this.recentChunks.shift();
  }

  private onSpeechStart(atMs: number, chunk: Int16Array): void {
    const eventId = this.nextEventId();
    const chunks = this.o.stt ? [...this.recentChunks, chunk] : null;
    // a frame is placed up to its own length before it arrived; talking over the agent cannot
    // begin before the agent did
    const agentStart = this.agentTurn?.startMs ?? null;
    this.userTurn = {
      eventId,
      startMs: agentStart === null ? atMs : Math.max(atMs, agentStart),
      chunks,
      samples: chunks?.reduce((n, c) => n + c.length, 0) ?? 0,
      answered: false,
    };
    if (this.agentBusy()) this.interrupt(eventId);
  }

  private onTurnEnd(atMs: number): void {
    const turn = this.userTurn;
    this.userTurn = null;
    if (!turn || turn.answered) return;
    const endedAt = this.o.scheduler.now();
    if (this.o.stt && turn.chunks) {
      this.transcribe(turn, atMs, endedAt);
      return;
    }
    // Without server transcription the browser sends its own recognition as text; wait for it.
    this.after(this.tuning.browserTranscriptGraceMs, () => {
      if (this.lastTextAnswerMs >= turn.startMs || this.userTurn || this.agentTurn) return;
      this.sayNotHeard(NOT_HEARD_TYPE_LINE);
    });
  }

  private transcribe(turn: UserTurn, endMs: number, endedAt: number): void {
    const stt = this.o.stt;
    if (!stt || !turn.chunks) return;
    const audio = new Int16Array(turn.samples);
    let offset = 0;
    for (const c of turn.chunks) {
      audio.set(c, offset);
      offset += c.length;
    }
    turn.chunks = null;
    const abort = this.track(new AbortController());
    this.transcribing += 1;
    const wav = wavFile(audio, SAMPLE_RATE);
    const heard = stt.recognize
      ? stt.recognize(wav, abort.signal)
      : stt.transcribe(wav, abort.signal).then((text) => ({ text, confidence: null }));
    heard
      .then(
        ({ text, confidence }) => {
          if (abort.signal.aborted || this.ended) return;
          if (text.trim())
            this.acceptUserText(text.trim(), turn.eventId, turn.startMs, endMs, endedAt, true, confidence);
          else if (!this.userTurn) this.sayNotHeard(NOT_HEARD_REPEAT_LINE);
        },
        (err) => {
          if (abort.signal.aborted || this.ended) return;
          this.o.onError?.(err, 'transcription');
          if (!this.userTurn) this.sayNotHeard(NOT_HEARD_TYPE_LINE);
        },
      )
      .finally(() => {
        this.transcribing -= 1;
        this.inflight.delete(abort);
      });
  }

  /** A typed answer, or the browser's own speech recognition result. */
  private onTextAnswer(raw: string): void {
    // stored as said, but for what no database keeps (a NUL byte, half a surrogate pair)
    const text = storableText(raw).trim();
    if (!text || !this.takeTextToken()) return;
    const now = this.t();
    this.lastTextAnswerMs = now;
    const turn = this.userTurn;
    if (turn) turn.answered = true;
    const eventId = turn?.eventId ?? this.nextEventId();
    // a text answer replaces any spoken turn still being transcribed
    for (const c of this.inflight) c.abort();
    if (this.agentBusy()) this.interrupt(eventId);
    // A text answer (typed, or the browser's own recognition) is placed when it was sent and has no
    // duration: it is not measured speech, so it never feeds pace or pauses, and it can never
    // sort before the line it answers (a microphone turn open at the time began earlier).
    this.acceptUserText(text, eventId, now, now, this.o.scheduler.now(), false);
  }

  private acceptUserText(
    text: string,
    eventId: number,
    startMs: number,
    endMs: number,
    endedAt: number,
    transcribed: boolean,
    confidence: number | null = null,
  ): void {
    // past the call's budget nothing more is taken or answered (a flood, never a real call)
    if (!this.withinBudget(text)) return;
    this.send(userTranscript(text, eventId));
    // the built-in recogniser's confidence: how well this line was heard (none: exact text)
    const heard = transcribed && confidence !== null ? confidence >= CLEAR_CONFIDENCE : null;
    this.noteHearing(heard);
    const unclear = heard === false;
    this.history.push({ speaker: 'user', text, ...(unclear ? { unclear } : {}) });
    this.lastUserLineMs = startMs;
    this.save({ speaker: 'user', text, startMs, endMs, ...(confidence === null ? {} : { confidence }) });
    // the user is already talking again, or another part of their answer is still being transcribed
    if (transcribed && ((this.userTurn && !this.userTurn.answered) || this.transcribing > 1)) return;
    if (this.agentTurn) this.cancelAgentTurn(this.t());
    const history = [...this.history];
    this.speak((signal) => this.o.brain.reply(history, signal), endedAt);
  }

  /**
   * Tells the browser (HEARING_TOOL) when UNCLEAR_TURNS_TO_WARN spoken turns in a row were heard
   * under CLEAR_CONFIDENCE, and again when a turn is heard clearly after that. `clearly`: whether
   * the built-in recogniser heard the line at CLEAR_CONFIDENCE or above; null for a line of exact
   * text (typed, or a recogniser without confidence), which starts the count afresh: the user took
   * the hint, or there is nothing to measure.
   */
  private noteHearing(clearly: boolean | null): void {
    const tell = (heard: HearingToolParameters['heard']) => {
      const eventId = this.nextEventId();
      this.send(clientToolCall(HEARING_TOOL, `hearing-${eventId}`, { heard }, eventId));
    };
    if (clearly === null) {
      this.unclearTurns = 0;
      this.warnedUnclear = false;
    } else if (!clearly) {
      this.unclearTurns += 1;
      if (this.unclearTurns >= UNCLEAR_TURNS_TO_WARN && !this.warnedUnclear) {
        this.warnedUnclear = true;
        tell('poorly');
      }
    } else {
      this.unclearTurns = 0;
      if (this.warnedUnclear) {
        this.warnedUnclear = false;
        tell('clearly');
      }
    }
  }

  /** A typed answer may pass: a burst of `textBurst`, then one per `textRefillMs`. */
  private takeTextToken(): boolean {
    const now = this.o.scheduler.now();
    const refill = (now - this.textTokensAt) / this.tuning.textRefillMs;
    this.textTokens = Math.min(this.tuning.textBurst, this.textTokens + refill);
    this.textTokensAt = now;
    if (this.textTokens < 1) return false;
    this.textTokens -= 1;
    return true;
  }

  private withinBudget(text: string): boolean {
    return (
      this.storedUtterances < this.tuning.maxUtterances &&
      this.storedChars + text.length <= this.tuning.maxTextChars
    );
  }

  private sayNotHeard(line: string): void {
    const now = this.t();
    if (now - this.lastNotHeardMs < NOT_HEARD_COOLDOWN_MS || this.agentTurn) return;
    this.lastNotHeardMs = now;
    this.speak(() => once(line), this.o.scheduler.now());
  }

  // ---- speaking ----

  /** The opening line is being prepared and none of its audio has been sent yet. */
  private openingWaiting(): boolean {
    return this.agentTurn?.opening === true && this.agentTurn.startMs === null;
  }

  private agentBusy(): boolean {
    return this.agentTurn !== null || this.t() < this.playbackEndMs;
  }

  /** The user talked over the agent: tell the browser to drop queued audio and stop generating. */
  private interrupt(eventId: number): void {
    this.send(interruption(eventId));
    const now = this.t();
    if (this.agentTurn) this.cancelAgentTurn(now);
    this.o.recorder?.cutAgent(now);
    this.playbackEndMs = Math.min(this.playbackEndMs, now);
  }

  private speak(
    source: (signal: AbortSignal) => AsyncIterable<string>,
    answersAt: number | null,
    opening = false,
  ): void {
    if (!this.withinBudget('')) return;
    const turn: AgentTurn = {
      eventId: this.nextEventId(),
      abort: new AbortController(),
      text: '',
      startMs: null,
      opening,
      responseSent: false,
      firstPieceSent: false,
      completion: null,
      answersAt,
      after: this.lastUserLineMs,
    };
    this.agentTurn = turn;
    void this.runAgentTurn(turn, source);
  }

  private async runAgentTurn(turn: AgentTurn, source: (signal: AbortSignal) => AsyncIterable<string>) {
    const { signal } = turn.abort;
    const splitter = new SentenceSplitter();
    try {
      try {
        for await (const token of source(signal)) {
          if (signal.aborted) return;
          turn.text += token;
          await this.speakPieces(turn, splitter.push(token));
        }
      } catch (err) {
        if (signal.aborted) return;
        this.o.onError?.(err, 'brain');
        if (!turn.text.trim()) {
          turn.text = BRAIN_FAILED_LINE;
          splitter.push(BRAIN_FAILED_LINE);
        }
      }
      await this.speakPieces(turn, splitter.flush());
      if (signal.aborted) return;
      this.sendAgentResponse(turn);
      // the turn is over when the browser has played the last of its audio
      turn.completion = this.after(Math.max(0, this.playbackEndMs - this.t()), () =>
        this.completeAgentTurn(turn),
      );
    } catch (err) {
      this.o.onError?.(err, 'agent turn');
    }
  }

  /**
   * The turn's first piece (a short clause) is synthesised alone so its audio leaves at once;
   * pieces that are ready together after it go to the synthesiser in one call, which costs less
   * than one call each.
   */
  private async speakPieces(turn: AgentTurn, pieces: string[]): Promise<void> {
    let rest = pieces;
    if (turn.startMs === null && !turn.firstPieceSent && rest.length > 0) {
      turn.firstPieceSent = true;
      await this.speakPiece(turn, rest[0]);
      rest = rest.slice(1);
    }
    if (rest.length > 0 && !turn.abort.signal.aborted) await this.speakPiece(turn, rest.join(' '));
  }

  private async speakPiece(turn: AgentTurn, piece: string): Promise<void> {
    const tts = this.o.tts;
    if (!tts) return;
    try {
      for await (const pcm of tts.synthesize(piece, this.o.voice, turn.abort.signal, this.o.voiceSettings)) {
        if (turn.abort.signal.aborted || this.ended) return;
        this.sendAudio(turn, pcm);
      }
    } catch (err) {
      if (!turn.abort.signal.aborted) this.o.onError?.(err, 'speech');
    }
  }

  private sendAudio(turn: AgentTurn, pcm: Int16Array): void {
    const size = Math.max(1, Math.round((SAMPLE_RATE * this.tuning.audioChunkMs) / 1000));
    for (let i = 0; i < pcm.length; i += size) {
      const chunk = pcm.subarray(i, i + size);
      const now = this.t();
      const at = Math.max(now, this.playbackEndMs);
      if (turn.startMs === null) {
        turn.startMs = at;
        // speech that began while the opening waited to play (ignored so far) must last as long
        // as any turn's start, from now, before it cuts the opening
        if (turn.opening) this.detector.reset();
        if (turn.answersAt !== null) this.o.onTurnLatency?.(this.o.scheduler.now() - turn.answersAt);
      }
      this.playbackEndMs = at + (chunk.length * 1000) / SAMPLE_RATE;
      this.o.recorder?.addAgent(chunk, at);
      this.send(audioMessage(pcmToBase64(chunk), turn.eventId));
    }
  }

  private sendAgentResponse(turn: AgentTurn): void {
    const text = turn.text.trim();
    if (turn.responseSent || !text) return;
    turn.responseSent = true;
    this.send(agentResponse(text, turn.eventId));
  }

  private completeAgentTurn(turn: AgentTurn): void {
    if (this.agentTurn !== turn) return;
    this.agentTurn = null;
    this.recordAgentTurn(turn, Math.max(this.playbackEndMs, turn.startMs ?? this.t()));
  }

  /**
   * Stops the agent's turn at `atMs`; what it had said so far is kept. A turn whose audio never
   * began (a voice slower than the user) is placed just before `atMs`: after the answer it replied
   * to (the end of the last audio played would sort it before that answer) and before the line
   * that cut it off, whose save may land first (the transcript orders by start, then by row).
   */
  private cancelAgentTurn(atMs: number): void {
    const turn = this.agentTurn;
    if (!turn) return;
    this.agentTurn = null;
    turn.abort.abort();
    if (turn.completion !== null) this.cancelTimer(turn.completion);
    this.sendAgentResponse(turn);
    this.recordAgentTurn(turn, turn.startMs === null ? atMs - 1 : Math.min(atMs, this.playbackEndMs));
  }

  private recordAgentTurn(turn: AgentTurn, endMs: number): void {
    const text = turn.text.trim().slice(0, Math.max(0, this.tuning.maxTextChars - this.storedChars));
    if (!text) return;
    this.history.push({ speaker: 'agent', text });
    // after the line it answers, whose row may land later (concurrent saves) and whose start its
    // first audio may share to the millisecond (the transcript orders by start, then by row)
    const startMs = Math.max(turn.startMs ?? endMs, turn.after + 1);
    this.save({ speaker: 'agent', text, startMs, endMs: Math.max(startMs, endMs) });
  }

  // ---- plumbing ----

  private async finish(reason: EndReason): Promise<void> {
    this.ended = true;
    this.endedAt = this.o.scheduler.now();
    const now = this.t();
    for (const h of this.timers) this.o.scheduler.clearTimeout(h);
    this.timers.clear();
    for (const c of this.inflight) c.abort();
    const turn = this.agentTurn;
    if (turn) {
      this.agentTurn = null;
      turn.abort.abort();
      if (turn.startMs !== null) this.recordAgentTurn(turn, Math.min(now, this.playbackEndMs));
    }
    this.o.recorder?.cutAgent(now);
    await Promise.allSettled([...this.pendingSaves]);
    try {
      await this.o.recorder?.close(now);
    } catch (err) {
      this.o.onError?.(err, 'recording');
    }
    if (reason === 'replaced') this.o.socket.close(CLOSE.replaced, 'Replaced by a new connection');
    else if (reason !== 'socket_closed' && reason !== 'flood') {
      this.o.socket.close(
        CLOSE.normal,
        reason === 'time_limit'
          ? 'Call time limit reached'
          : reason === 'server_shutdown'
            ? 'Server restarting'
            : 'Call ended',
      );
    }
    this.o.onEnded?.(reason);
    this.markEnded();
  }

  private save(u: StoredUtterance): void {
    const offset = this.o.callOffsetMs ?? 0;
    this.storedUtterances += 1;
    this.storedChars += u.text.length;
    const p = this.saveWithRetry({
      ...u,
      startMs: Math.round(u.startMs + offset),
      endMs: Math.round(u.endMs + offset),
    }).finally(() => this.pendingSaves.delete(p));
    this.pendingSaves.add(p);
  }

  /**
   * A line the persona answered must not vanish from the transcript because the database was
   * briefly away: the write is retried (backing off) until it lands, the call has ended (the
   * store says so), or — once the session is over — `saveRetryAfterEndMs` has passed.
   */
  private async saveWithRetry(u: StoredUtterance): Promise<void> {
    let delay = this.tuning.saveRetryMs;
    for (let attempt = 1; ; attempt++) {
      try {
        await this.o.saveUtterance(u);
        return;
      } catch (err) {
        const now = this.o.scheduler.now();
        if (this.endedAt !== null && now - this.endedAt >= this.tuning.saveRetryAfterEndMs) {
          this.o.onError?.(err, `saving an utterance (gave up after ${attempt} attempts)`);
          return;
        }
        if (attempt === 1) this.o.onError?.(err, 'saving an utterance (retrying)');
      }
      await new Promise<void>((resolve) => this.o.scheduler.setTimeout(resolve, delay));
      delay = Math.min(delay * 2, this.tuning.saveRetryMaxMs);
    }
  }

  private sendPing(): void {
    const eventId = this.nextEventId();
    this.lastPing = { eventId, sentAt: this.o.scheduler.now() };
    this.send(ping(eventId, this.rttMs));
  }

  private send(message: ServerMessage): void {
    if (this.ended && message.type !== 'interruption') return;
    try {
      this.o.socket.send(message);
    } catch (err) {
      this.o.onError?.(err, 'sending');
    }
  }

  private t(): number {
    return this.o.scheduler.now() - this.startedAt;
  }

  private nextEventId(): number {
    this.eventId += 1;
    return this.eventId;
  }

  private track(c: AbortController): AbortController {
    this.inflight.add(c);
    return c;
  }

  private after(ms: number, fn: () => void): unknown {
    const h = this.o.scheduler.setTimeout(() => {
      this.timers.delete(h);
      if (!this.ended) fn();
    }, ms);
    this.timers.add(h);
    return h;
  }

  private every(ms: number, fn: () => void): void {
    const tick = () => {
      fn();
      this.after(ms, tick);
    };
    this.after(ms, tick);
  }

  private cancelTimer(h: unknown): void {
    this.o.scheduler.clearTimeout(h);
    this.timers.delete(h);
  }
}

async function* once(text: string): AsyncIterable<string> {
  yield text;
}
