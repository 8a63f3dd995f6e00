// @vitest-environment jsdom
import type { VoiceSessionResponse } from '@shared/contracts/calls';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api';

const sdk = vi.hoisted(() => ({ startSession: vi.fn() }));
vi.mock('@elevenlabs/client', () => ({ Conversation: { startSession: sdk.startSession } }));
const toasts = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('sonner', () => ({ toast: toasts }));

import { HEARING_TOOL } from '@shared/domain/not-heard';
import { useVoiceConversation } from './use-voice-conversation';

type Callbacks = {
  onMessage: (m: { message: string; role: 'agent' | 'user' }) => void;
  onModeChange: (m: { mode: 'speaking' | 'listening' }) => void;
  onDisconnect: (d: { reason: string; message?: string }) => void;
  clientTools: Record<string, (parameters: unknown) => unknown>;
};

function fakeConversation() {
  return {
    getId: () => 'conv_1',
    endSession: vi.fn(async () => {}),
    sendUserMessage: vi.fn(),
    setMicMuted: vi.fn(),
  };
}

const session = (n: number): VoiceSessionResponse => ({
  provider: 'builtin',
  signedUrl: `ws://x/api/voice/${n}`,
});

beforeEach(() => {
  vi.useFakeTimers();
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia: vi.fn(async () => ({ getTracks: () => [{ stop: vi.fn() }] })) },
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.clearAllMocks();
});

async function flush(ms = 0) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('voice conversation', () => {
  it('connects, shows both sides of the conversation and sends typed answers once', async () => {
    let callbacks: Callbacks | undefined;
    const conv = fakeConversation();
    sdk.startSession.mockImplementation(
      async (opts: Callbacks & { signedUrl: string; connectionType: string }) => {
        callbacks = opts;
        expect(opts.connectionType).toBe('websocket');
        return conv;
      },
    );
    const requestSession = vi.fn(async () => session(1));
    const { result } = renderHook(() => useVoiceConversation({ requestSession }));

    let started: Promise<boolean> | undefined;
    act(() => {
      started = result.current.start();
    });
    expect(result.current.status).toBe('connecting');
    await flush();
    expect(await started).toBe(true);
    expect(result.current.status).toBe('connected');
    expect(result.current.conversationId).toBe('conv_1');

    act(() => {
      callbacks?.onMessage({ message: 'Welcome! Tell me about yourself.', role: 'agent' });
      callbacks?.onModeChange({ mode: 'speaking' });
    });
    expect(result.current.mode).toBe('speaking');

    act(() => {
      expect(result.current.sendText('  I build payment products.  ')).toBe(true);
    });
    expect(conv.sendUserMessage).toHaveBeenCalledWith('I build payment products.');
    // The server's echo of a typed answer is not shown a second time.
    act(() => callbacks?.onMessage({ message: 'I build payment products.', role: 'user' }));
    expect(result.current.entries.map((e) => [e.role, e.text])).toEqual([
      ['agent', 'Welcome! Tell me about yourself.'],
      ['user', 'I build payment products.'],
    ]);

    await act(() => result.current.stop());
    expect(conv.endSession).toHaveBeenCalled();
    expect(result.current.status).toBe('disconnected');
  });

  it('times out after 15 s, retries twice 1 s apart with a fresh session, then says Connection Timeout', async () => {
    sdk.startSession.mockImplementation(() => new Promise(() => {}));
    const requestSession = vi.fn(async () => session(requestSession.mock.calls.length));
    const { result } = renderHook(() => useVoiceConversation({ requestSession }));
    act(() => void result.current.start());
    await flush(14_999);
    expect(requestSession).toHaveBeenCalledTimes(1);
    await flush(1);
    await flush(999);
    expect(requestSession).toHaveBeenCalledTimes(1);
    await flush(1);
    expect(requestSession).toHaveBeenCalledTimes(2);
    await flush(16_000);
    expect(requestSession).toHaveBeenCalledTimes(3);
    await flush(15_000);
    expect(requestSession).toHaveBeenCalledTimes(3);
    expect(result.current.status).toBe('error');
    expect(toasts.error).toHaveBeenCalledWith('Connection Timeout', {
      description: 'Failed to connect to the interview service. Please try again.',
    });
  });

  it('asks for the microphone when the browser refuses it or has none, and goes on typed, as text', async () => {
    for (const refusal of ['NotAllowedError', 'NotFoundError']) {
      vi.clearAllMocks();
      Object.defineProperty(navigator, 'mediaDevices', {
        configurable: true,
        value: {
          getUserMedia: vi.fn(async () => {
            throw new DOMException('no microphone', refusal);
          }),
        },
      });
      const conv = fakeConversation();
      sdk.startSession.mockResolvedValue(conv);
      const requestSession = vi.fn(async () => session(1));
      const { result } = renderHook(() => useVoiceConversation({ requestSession }));
      await act(async () => {
        expect(await result.current.start()).toBe(true);
      });
      expect(toasts.error).toHaveBeenCalledWith('Microphone Access Required', {
        description: 'Please allow microphone access to continue with the interview.',
      });
      // the SDK's text conversation asks for no audio device; typed answers reach the persona
      expect(sdk.startSession).toHaveBeenCalledWith(expect.objectContaining({ textOnly: true }));
      expect(result.current.status).toBe('connected');
      expect(result.current.typedOnly).toBe(true);
      act(() => {
        expect(result.current.sendText('I led the checkout redesign.')).toBe(true);
      });
      expect(conv.sendUserMessage).toHaveBeenCalledWith('I led the checkout redesign.');
    }
  });

  it('talks by voice when the microphone answers', async () => {
    sdk.startSession.mockResolvedValue(fakeConversation());
    const { result } = renderHook(() => useVoiceConversation({ requestSession: async () => session(1) }));
    await act(async () => {
      expect(await result.current.start()).toBe(true);
    });
    expect(sdk.startSession).toHaveBeenCalledWith(expect.objectContaining({ textOnly: false }));
    expect(result.current.typedOnly).toBe(false);
  });

  it('does not retry a refused session and maps it to the Connection Error texts', async () => {
    const requestSession = vi.fn(async () => {
      throw new ApiError(401, 'Not signed in');
    });
    const { result } = renderHook(() => useVoiceConversation({ requestSession }));
    await act(async () => {
      expect(await result.current.start()).toBe(false);
    });
    expect(requestSession).toHaveBeenCalledTimes(1);
    expect(toasts.error).toHaveBeenCalledWith('Connection Error', {
      description: 'Authentication failed. Please try refreshing the page.',
    });
  });

  it('reports a dropped connection as Connection Lost, and an agent hang-up to the caller', async () => {
    const calls: Callbacks[] = [];
    sdk.startSession.mockImplementation(async (opts: Callbacks) => {
      calls.push(opts);
      return fakeConversation();
    });
    const onAgentEnded = vi.fn();
    const { result } = renderHook(() =>
      useVoiceConversation({ requestSession: async () => session(1), onAgentEnded }),
    );
    await act(async () => void (await result.current.start()));
    act(() => calls[0]?.onDisconnect({ reason: 'error', message: 'socket closed' }));
    expect(result.current.status).toBe('error');
    expect(result.current.warning).toBe('Connection lost. This may affect the interview.');
    expect(toasts.error).toHaveBeenCalledWith('Connection Lost', {
      description: 'Connection lost. This may affect the interview.',
    });

    await act(async () => void (await result.current.start()));
    act(() => calls[1]?.onDisconnect({ reason: 'agent' }));
    expect(onAgentEnded).toHaveBeenCalledTimes(1);
  });

  it('holds what the server says of its hearing, until a clear turn or a typed answer', async () => {
    let callbacks: Callbacks | undefined;
    sdk.startSession.mockImplementation(async (opts: Callbacks) => {
      callbacks = opts;
      return fakeConversation();
    });
    const { result } = renderHook(() => useVoiceConversation({ requestSession: async () => session(1) }));
    await act(async () => void (await result.current.start()));
    expect(result.current.heardPoorly).toBe(false);
    const hearing = callbacks?.clientTools[HEARING_TOOL];
    act(() => void hearing?.({ heard: 'poorly' }));
    expect(result.current.heardPoorly).toBe(true);
    act(() => void hearing?.({ heard: 'clearly' }));
    expect(result.current.heardPoorly).toBe(false);
    act(() => void hearing?.({ heard: 'poorly' }));
    act(() => void result.current.sendText('I launched it in March.'));
    expect(result.current.heardPoorly).toBe(false);
  });
});
