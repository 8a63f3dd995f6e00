import { describe, expect, it } from 'vitest';
import { computeSpeechAnalytics, countWords, fillerCounts } from './speech-analytics.js';
import type { TimedUtterance } from './transcript.js';

describe('speech analytics', () => {
  it('counts words, keeping contractions, hyphenated words and figures whole', () => {
    expect(countWords("I'm a follow-up person: we grew 2.5x to $1,000 in 12-month deals.")).toBe(12);
  });

  it('counts filler sounds always and "like"/"you know"/"I mean" only when set off by commas', () => {
    const text =
      'Um, I like this, uh, and, like, you know, it was umm fine. I mean, do you know the answer? I mean it.';
    expect(fillerCounts(text)).toEqual([
      { word: 'um', count: 2 },
      { word: 'i mean', count: 1 },
      { word: 'like', count: 1 },
      { word: 'uh', count: 1 },
      { word: 'you know', count: 1 },
    ]);
  });

  it('gives exact filler and answer figures for a known transcript', () => {
    // 20 candidate words, of which "um" ×2 and "uh" ×1 are fillers: 15 per 100 words.
    const transcript = [
      'Interviewer: What did you build?',
      'You: Um, I built a billing system that cut invoice errors by 30 percent.',
      'Interviewer: Why?',
      'You: Uh, because um customers complained a lot.',
    ].join('\n');
    const a = computeSpeechAnalytics({ transcript });
    expect(a).toMatchObject({
      candidateWords: 20,
      interviewerWords: 5,
      fillerCount: 3,
      fillersPer100Words: 15,
      topFillers: [
        { word: 'um', count: 2 },
        { word: 'uh', count: 1 },
      ],
      answerCount: 2,
      questionsAsked: 2,
      questionsAnswered: 2,
      averageAnswerWords: 10,
      longestAnswerWords: 13,
      evidenceCount: 1,
      talkRatio: 0.8,
      talkRatioBasis: 'words',
      wordsPerMinute: null,
      longestAnswerSeconds: null,
    });
  });

  it('measures pace and talk share from utterance timings', () => {
    const utterances: TimedUtterance[] = [
      { speaker: 'agent', text: 'Tell me about yourself.', startMs: 0, endMs: 10_000 },
      // 30 words in 12 s, then 20 more words in 8 s: 50 words in 20 s of speech = 150 wpm.
      { speaker: 'user', text: Array(30).fill('word').join(' '), startMs: 10_000, endMs: 22_000 },
      { speaker: 'user', text: Array(20).fill('more').join(' '), startMs: 23_000, endMs: 31_000 },
      { speaker: 'agent', text: 'Thanks.', startMs: 32_000, endMs: 42_000 },
    ];
    const transcript = 'Interviewer: Tell me about yourself.\nYou: x\nInterviewer: Thanks.';
    const a = computeSpeechAnalytics({ transcript, utterances });
    expect(a.wordsPerMinute).toBe(150);
    expect(a.speakingSeconds).toBe(20);
    expect(a.talkRatio).toBe(0.5);
    expect(a.talkRatioBasis).toBe('time');
    expect(a.longestAnswerSeconds).toBe(21);
  });

  it('finds the parts of a situation–task–action–result story and hedges', () => {
    const a = computeSpeechAnalytics({
      transcript:
        'You: At my last job churn was high. My goal was to fix it. I decided to call customers. As a result churn fell. I think maybe it worked.',
    });
    expect(a.starComponents).toEqual({ situation: true, task: true, action: true, result: true });
    expect(a.hedgeCount).toBe(2);
  });
});
