// The ElevenLabs Conversational AI WebSocket protocol, the part the official browser SDK
// (`@elevenlabs/client`, websocket connection) speaks. Field names follow `@elevenlabs/types`
// exactly, so the built-in gateway and the real cloud agent are interchangeable for the browser.
// Messages are JSON text frames; every message carries a `type`, except the SDK's microphone
// frames, which are bare `{ user_audio_chunk }` objects.

/** Bumped when the gateway's use of the protocol changes in a way a test should notice. */
export const PROTOCOL_VERSION = 1;
/** The WebSocket subprotocol the SDK asks for. */
export const SUBPROTOCOL = 'convai';

// the audio layer's rate (audio/pcm.ts), which these frames carry
export { SAMPLE_RATE } from '../audio/pcm.js';
export type AudioFormat = 'pcm_16000';
export const AUDIO_FORMAT: AudioFormat = 'pcm_16000';

/** Close codes. 1000 tells the SDK the agent ended the call normally. */
export const CLOSE = {
  normal: 1000,
  goingAway: 1001,
  /** reused, expired or foreign signed URL, or a call that cannot be joined */
  policy: 1008,
  internal: 1011,
  /** a newer connection for the same call took over */
  replaced: 4001,
} as const;

// ---- server → browser ----

export type ConversationInitiationMetadata = {
  type: 'conversation_initiation_metadata';
  conversation_initiation_metadata_event: {
    conversation_id: string;
    agent_output_audio_format: AudioFormat;
    user_input_audio_format: AudioFormat;
  };
};
export type AudioMessage = {
  type: 'audio';
  audio_event: { audio_base_64: string; event_id: number };
};
export type AgentResponseMessage = {
  type: 'agent_response';
  agent_response_event: { agent_response: string; event_id: number };
};
export type UserTranscriptMessage = {
  type: 'user_transcript';
  user_transcription_event: { user_transcript: string; event_id: number };
};
export type InterruptionMessage = {
  type: 'interruption';
  interruption_event: { event_id: number };
};
export type PingMessage = {
  type: 'ping';
  ping_event: { event_id: number; ping_ms?: number | null };
};

/** asks the browser to run one of its client tools (the SDK's `clientTools`) */
export type ClientToolCallMessage = {
  type: 'client_tool_call';
  client_tool_call: {
    tool_name: string;
    tool_call_id: string;
    parameters: Record<string, unknown>;
    event_id: number;
  };
};

export type ServerMessage =
  | ConversationInitiationMetadata
  | ClientToolCallMessage
  | AudioMessage
  | AgentResponseMessage
  | UserTranscriptMessage
  | InterruptionMessage
  | PingMessage;

// ---- browser → server ----

export type ConversationInitiationClientData = {
  type: 'conversation_initiation_client_data';
  conversation_config_override?: {
    agent?: { prompt?: { prompt?: string }; first_message?: string; language?: string };
    tts?: { voice_id?: string };
  };
};
export type UserAudioChunk = { type: 'user_audio_chunk'; user_audio_chunk: string };
export type UserMessage = { type: 'user_message'; text: string };
export type Pong = { type: 'pong'; event_id: number };
/** user_activity, contextual_update, feedback, client_tool_result and the like: accepted and ignored */
export type OtherClientMessage = { type: 'other'; originalType: string };

export type ClientMessage =
  | ConversationInitiationClientData
  | UserAudioChunk
  | UserMessage
  | Pong
  | OtherClientMessage;

/** Largest typed answer accepted; longer text is cut, not refused, so a long paste still counts. */
export const MAX_USER_MESSAGE_CHARS = 4000;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** Parses one text frame; answers null for anything that is not a message of this protocol. */
export function parseClientMessage(raw: string): ClientMessage | null {
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isRecord(data)) return null;
  if (typeof data.user_audio_chunk === 'string') {
    return { type: 'user_audio_chunk', user_audio_chunk: data.user_audio_chunk };
  }
  switch (data.type) {
    case 'conversation_initiation_client_data':
      return data as ConversationInitiationClientData;
    case 'user_message':
      return typeof data.text === 'string'
        ? { type: 'user_message', text: data.text.slice(0, MAX_USER_MESSAGE_CHARS) }
        : null;
    case 'pong':
      return typeof data.event_id === 'number' ? { type: 'pong', event_id: data.event_id } : null;
    default:
      return typeof data.type === 'string' ? { type: 'other', originalType: data.type } : null;
  }
}

export const initiationMetadata = (conversationId: string): ConversationInitiationMetadata => ({
  type: 'conversation_initiation_metadata',
  conversation_initiation_metadata_event: {
    conversation_id: conversationId,
    agent_output_audio_format: AUDIO_FORMAT,
    user_input_audio_format: AUDIO_FORMAT,
  },
});

export const audioMessage = (audioBase64: string, eventId: number): AudioMessage => ({
  type: 'audio',
  audio_event: { audio_base_64: audioBase64, event_id: eventId },
});

/** The wire form of a server message. */
export function serializeServerMessage(message: ServerMessage): string {
  if (message.type === 'audio') {
    const { audio_base_64: audio, event_id: eventId } = message.audio_event;
    // The most frequent and largest message (about 21 KB per half second of speech per call) is
    // written without JSON.stringify scanning it, 4x cheaper: its audio is always Buffer base64
    // (pcmToBase64), which holds nothing JSON escapes, and its event id an integer.
    return `{"type":"audio","audio_event":{"audio_base_64":"${audio}","event_id":${eventId}}}`;
  }
  return JSON.stringify(message);
}

export const agentResponse = (text: string, eventId: number): AgentResponseMessage => ({
  type: 'agent_response',
  agent_response_event: { agent_response: text, event_id: eventId },
});

export const userTranscript = (text: string, eventId: number): UserTranscriptMessage => ({
  type: 'user_transcript',
  user_transcription_event: { user_transcript: text, event_id: eventId },
});

export const interruption = (eventId: number): InterruptionMessage => ({
  type: 'interruption',
  interruption_event: { event_id: eventId },
});

export const ping = (eventId: number, pingMs: number | null): PingMessage => ({
  type: 'ping',
  ping_event: { event_id: eventId, ping_ms: pingMs },
});

export const clientToolCall = (
  toolName: string,
  toolCallId: string,
  parameters: Record<string, unknown>,
  eventId: number,
): ClientToolCallMessage => ({
  type: 'client_tool_call',
  client_tool_call: { tool_name: toolName, tool_call_id: toolCallId, parameters, event_id: eventId },
});
