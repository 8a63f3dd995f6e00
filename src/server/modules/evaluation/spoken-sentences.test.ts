import { describe, expect, it } from 'vitest';
import { sentencesOfSpeech } from './spoken-sentences.js';

describe('sentencesOfSpeech', () => {
  it('cuts an unpunctuated run of speech where a new clause starts', () => {
    expect(
      sentencesOfSpeech(
        "i'm really sorry that's our mistake and you should not have been left without heating i've booked our senior engineer for monday at eight and i'll call you at nine to check he's there",
      ),
    ).toBe(
      "i'm really sorry that's our mistake and you should not have been left without heating. i've booked our senior engineer for monday at eight. and i'll call you at nine to check he's there.",
    );
  });

  it('starts a question at an inverted verb or a question word, and ends it with a question mark', () => {
    expect(
      sentencesOfSpeech(
        'we clean about thirty offices on the business park next to yours have you got two minutes',
      ),
    ).toBe('we clean about thirty offices on the business park next to yours. have you got two minutes?');
    expect(
      sentencesOfSpeech(
        'out of interest how are you finding them is there anything you wish they did differently',
      ),
    ).toBe('out of interest how are you finding them is there anything you wish they did differently?');
    // a question word that is no question ("what we did") starts nothing
    const told = 'the budget was tight so what we did was cut the second launch event';
    expect(sentencesOfSpeech(told)).toBe(told);
  });

  it('keeps a clause bound to the one before ("I think I…", "because we…") and never cuts below five words', () => {
    const bound = 'i think i should have told the team earlier because we had the numbers by tuesday';
    expect(sentencesOfSpeech(bound)).toBe(bound);
    expect(sentencesOfSpeech('yes i did and we won the contract in the end')).toBe(
      'yes i did and we won the contract in the end',
    );
  });

  it('reads the separators of figures as part of them, not as punctuation', () => {
    expect(
      sentencesOfSpeech(
        "I've booked the engineer for 9:30 on Monday I'll call you at 10.15 to check the £1,200 refund",
      ),
    ).toBe("I've booked the engineer for 9:30 on Monday. I'll call you at 10.15 to check the £1,200 refund.");
  });

  it('leaves punctuated and short text as it is', () => {
    const typed = "I'm sorry. I've booked an engineer for Monday and I'll call you at nine";
    expect(sentencesOfSpeech(typed)).toBe(typed);
    expect(sentencesOfSpeech('i booked it i called them')).toBe('i booked it i called them');
  });
});
