// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const toastError = vi.fn();
vi.mock('sonner', () => ({ toast: { error: (...a: unknown[]) => toastError(...a), success: vi.fn() } }));

const { AudioPlayer, audioMessages } = await import('./audio-player');
const { TranscriptView, activeLineIndex } = await import('./transcript-view');
const { errorReply, contractReply, fakeInterview } = await import('@/test-support/contract-replies');
const { CallCard } = await import('./call-card');
const { QueryClient, QueryClientProvider } = await import('@tanstack/react-query');
const { interviewResponse } = await import('@shared/contracts/calls');

afterEach(() => {
  cleanup();
  toastError.mockReset();
  vi.unstubAllGlobals();
});

describe('TranscriptView', () => {
  it('shows you/user/me/i/candidate as "You" and any other label as the interviewer', () => {
    const transcript = ['Sarah: Hello', 'candidate: Hi', 'ME: Fine', 'i: Sure', 'User: Ok', 'Bot: Bye'].join(
      '\n',
    );
    render(<TranscriptView transcript={transcript} interviewerName="Sarah Chen" />);
    const lines = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(lines).toEqual([
      'Sarah Chen: Hello',
      'You: Hi',
      'You: Fine',
      'You: Sure',
      'You: Ok',
      'Sarah Chen: Bye',
    ]);
  });

  it('says so when there is no transcript', () => {
    render(<TranscriptView transcript={null} interviewerName="Sarah" />);
    expect(screen.getByText('No transcript available.')).toBeTruthy();
  });

  it('seeks to a line when timings exist and highlights the line being spoken', () => {
    const onSeek = vi.fn();
    const utterances = [
      { speaker: 'agent' as const, text: 'Question', startMs: 0, endMs: 1500 },
      { speaker: 'user' as const, text: 'Answer', startMs: 2000, endMs: 3500 },
    ];
    render(
      <TranscriptView
        transcript=""
        interviewerName="Sam"
        utterances={utterances}
        positionMs={2500}
        onSeek={onSeek}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: /Answer/ }));
    expect(onSeek).toHaveBeenCalledWith(2000);
    expect(document.querySelector('[data-active]')?.textContent).toBe('You: Answer');
    expect(activeLineIndex(utterances, 100)).toBe(0);
    expect(activeLineIndex(utterances, null)).toBe(-1);
  });

  it('marks the lines the built-in recogniser heard as approximate, and only those', () => {
    render(
      <TranscriptView
        transcript=""
        interviewerName="Sam"
        utterances={[
          { speaker: 'agent', text: 'Question', startMs: 0, endMs: 1500, confidence: null },
          { speaker: 'user', text: 'Spoken answer', startMs: 2000, endMs: 3500, confidence: 0.61 },
          { speaker: 'user', text: 'Typed answer', startMs: 4000, endMs: 4000, confidence: null },
        ]}
      />,
    );
    const marked = screen.getAllByTestId('approximate-line');
    expect(marked).toHaveLength(1);
    expect(marked[0]?.closest('li')?.textContent).toContain('Spoken answer');
    expect(marked[0]?.getAttribute('title')).toContain('61 % sure');
    expect(screen.getByTestId('approximate-note').textContent).toContain('count for less in the evaluation');
  });

  it('shows no approximate note when every line is exact', () => {
    render(<TranscriptView transcript="Sam: Hi\nYou: Hello" interviewerName="Sam" />);
    expect(screen.queryByTestId('approximate-note')).toBeNull();
  });
});

describe('AudioPlayer', () => {
  it("shows the call's length before the recording is fetched, not 0:00 / 0:00", () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    render(<AudioPlayer conversationId="conv_9" durationHint={252} />);
    expect(screen.getByTestId('audio-time').textContent).toBe('0:00 / 4:12');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says when a call has no recording', () => {
    render(<AudioPlayer conversationId={null} />);
    expect(screen.getByText(audioMessages.notAvailable)).toBeTruthy();
  });

  it('refuses an answer whose content type is not audio', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html></html>', { headers: { 'content-type': 'text/html' } })),
    );
    render(<AudioPlayer conversationId="conv_1" />);
    fireEvent.click(screen.getByRole('button', { name: 'Play recording' }));
    await waitFor(() =>
      expect(toastError).toHaveBeenCalledWith('Error', { description: audioMessages.invalidType }),
    );
    expect(screen.getByTestId('audio-player').dataset.state).toBe('idle');
  });

  it('tells the user when the recording is missing or the fetch fails', async () => {
    vi.stubGlobal(
      'fetch',
      // what the recording route answers for a call without audio (find-recording.ts)
      vi.fn(async () => errorReply(404, { message: 'Audio not available for this interview.' })),
    );
    render(<AudioPlayer conversationId="conv_2" />);
    fireEvent.click(screen.getByRole('button', { name: 'Play recording' }));
    await waitFor(() =>
      expect(toastError).toHaveBeenCalledWith('Error', { description: audioMessages.noRecording }),
    );
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => errorReply(500, { message: 'Internal server error' })),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Play recording' }));
    await waitFor(() =>
      expect(toastError).toHaveBeenCalledWith('Error', { description: audioMessages.fetchFailed }),
    );
  });
});

describe('CallCard opened from a list without transcripts (transcripts=omit)', () => {
  const listed = () => {
    const { transcript: _, ...rest } = fakeInterview({ id: 7, interviewerName: 'Sarah Chen' });
    return rest;
  };
  const renderCard = () =>
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <CallCard interview={listed()} expanded onToggle={() => {}} ratingMode="edit" />
      </QueryClientProvider>,
    );

  it('reads the call itself and shows its transcript, saying so while it loads', async () => {
    let answer: (r: Response) => void = () => {};
    const fetch = vi.fn(
      (_url: string) =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    vi.stubGlobal('fetch', fetch);
    renderCard();
    expect(screen.getByRole('status').textContent).toBe('Loading the transcript…');
    expect(screen.queryByText('No transcript available.')).toBeNull();
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(String(fetch.mock.calls[0]?.[0])).toMatch(/\/api\/interviews\/7$/);
    answer(
      contractReply(interviewResponse, fakeInterview({ id: 7, transcript: 'Sarah: Hello\nYou: Hi there' })),
    );
    await waitFor(() =>
      expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
        'Sarah Chen: Hello',
        'You: Hi there',
      ]),
    );
  });

  it('says when the call could not be read, instead of "No transcript available.", and reads it again', async () => {
    let answerAgain: (r: Response) => void = () => {};
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(errorReply(500, { message: 'Internal server error' }))
      .mockReturnValueOnce(
        new Promise<Response>((resolve) => {
          answerAgain = resolve;
        }),
      );
    vi.stubGlobal('fetch', fetch);
    renderCard();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('could not be loaded'));
    expect(screen.queryByText('No transcript available.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    // while it is read again, it says so (not "No transcript available.")
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Loading the transcript…'));
    expect(screen.queryByText('No transcript available.')).toBeNull();
    answerAgain(contractReply(interviewResponse, fakeInterview({ id: 7, transcript: 'Sarah: Back again' })));
    await waitFor(() => expect(screen.getByRole('listitem').textContent).toBe('Sarah Chen: Back again'));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
