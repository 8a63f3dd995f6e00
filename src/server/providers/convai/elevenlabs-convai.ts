// The ElevenLabs Conversational AI REST calls the server makes: mint a signed WebSocket URL for
// the agent, and afterwards read the conversation's transcript and audio by its id, so the
// server never has to trust what the browser says was said.
import { Readable } from 'node:stream';

export type ElevenLabsConvaiOptions = {
  apiKey: string;
  agentId: string;
  /** default https://api.elevenlabs.io; tests point it at a local fake */
  baseUrl?: string;
  timeoutMs?: number;
};

export type ConvaiTurn = { role: 'agent' | 'user'; message: string; timeInCallSecs: number };

export type ConvaiConversation = {
  conversationId: string;
  agentId: string;
  /** done | processing | in-progress | failed … as ElevenLabs reports it */
  status: string;
  turns: ConvaiTurn[];
  startTimeUnixSecs: number | null;
  durationSecs: number | null;
};

export class ConvaiError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

type RawConversation = {
  conversation_id?: string;
  agent_id?: string;
  status?: string;
  transcript?: { role?: string; message?: string | null; time_in_call_secs?: number }[];
  metadata?: { start_time_unix_secs?: number; call_duration_secs?: number };
};

export function createElevenLabsConvai(opts: ElevenLabsConvaiOptions) {
  const base = (opts.baseUrl ?? 'https://api.elevenlabs.io').replace(/\/+$/, '');
  const timeoutMs = opts.timeoutMs ?? 15_000;

  async function call(path: string): Promise<Response> {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        headers: { 'xi-api-key': opts.apiKey },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      throw new ConvaiError(`ElevenLabs unreachable: ${(err as Error).message}`);
    }
    if (!res.ok) {
      const body = await res.text().catch(() => '');
      throw new ConvaiError(`ElevenLabs answered ${res.status}: ${body.slice(0, 200)}`, res.status);
    }
    return res;
  }

  return {
    agentId: opts.agentId,

    async getSignedUrl(): Promise<string> {
      const res = await call(
        `/v1/convai/conversation/get-signed-url?agent_id=${encodeURIComponent(opts.agentId)}`,
      );
      const body = (await res.json()) as { signed_url?: unknown };
      if (typeof body.signed_url !== 'string' || !/^wss?:\/\//.test(body.signed_url)) {
        throw new ConvaiError('ElevenLabs returned no signed_url');
      }
      return body.signed_url;
    },

    async getConversation(conversationId: string): Promise<ConvaiConversation> {
      const res = await call(`/v1/convai/conversations/${encodeURIComponent(conversationId)}`);
      const raw = (await res.json()) as RawConversation;
      const turns: ConvaiTurn[] = (raw.transcript ?? [])
        .filter((t) => (t.role === 'agent' || t.role === 'user') && typeof t.message === 'string')
        .map((t) => ({
          role: t.role as 'agent' | 'user',
          message: (t.message ?? '').trim(),
          timeInCallSecs: typeof t.time_in_call_secs === 'number' ? t.time_in_call_secs : 0,
        }))
        .filter((t) => t.message !== '');
      return {
        conversationId: raw.conversation_id ?? conversationId,
        agentId: raw.agent_id ?? '',
        status: raw.status ?? 'unknown',
        turns,
        startTimeUnixSecs: raw.metadata?.start_time_unix_secs ?? null,
        durationSecs: raw.metadata?.call_duration_secs ?? null,
      };
    },

    /** The recording as a stream, with the content type ElevenLabs gave (audio/mpeg). */
    async getConversationAudio(conversationId: string): Promise<{ contentType: string; body: Readable }> {
      const res = await call(`/v1/convai/conversations/${encodeURIComponent(conversationId)}/audio`);
      if (!res.body) throw new ConvaiError('ElevenLabs returned no audio');
      const contentType = res.headers.get('content-type') ?? 'audio/mpeg';
      return {
        contentType: contentType.includes('audio') ? contentType : 'audio/mpeg',
        body: Readable.fromWeb(res.body as import('node:stream/web').ReadableStream),
      };
    },
  };
}

export type ElevenLabsConvai = ReturnType<typeof createElevenLabsConvai>;
