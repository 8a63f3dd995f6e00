import { describe, expect, it } from 'vitest';
import { analyse } from './nlp.js';
import { findActions } from './signals.js';

/** The actions of a one-sentence answer. */
const actionsOf = (text: string) => {
  const [sentence, ...rest] = analyse(text);
  expect(rest).toEqual([]);
  return findActions(sentence.toks);
};

describe('findActions', () => {
  it('counts every action of a list the speaker did, joined by commas and "and"', () => {
    expect(actionsOf('I took the on-call rota, fixed the noisy alerts and wrote the runbook.')).toEqual({
      actions: 3,
      past: 3,
      commitments: 0,
    });
    expect(actionsOf('I talked to the client and explained the delay.')).toMatchObject({
      actions: 2,
      past: 2,
    });
    expect(actionsOf("I've fixed it and written the handover notes.")).toMatchObject({ actions: 2, past: 2 });
  });

  it('counts each step of a plan as a commitment', () => {
    expect(actionsOf("I'll book a room and send the notes tonight.")).toEqual({
      actions: 2,
      past: 0,
      commitments: 2,
    });
  });

  it('leaves out what someone else did and what follows a word that opens another clause', () => {
    expect(actionsOf('I said the team fixed it and shipped it.').actions).toBe(0);
    expect(actionsOf('I fixed the bug and it crashed again.').actions).toBe(1);
    expect(
      actionsOf('I escalated to my manager because the client wanted a refund and agreed to wait.').actions,
    ).toBe(1);
  });

  it('does not count a habit, a wish or a denial as a list of actions', () => {
    expect(actionsOf('I always ask the right questions and listen carefully.').actions).toBe(1);
    expect(actionsOf('I would always try to communicate clearly and keep everyone aligned.').actions).toBe(0);
    expect(actionsOf("I didn't fix it and wrote nothing.").actions).toBe(0);
  });

  it('counts a light verb with its object when it was done or planned, not as a claim about oneself', () => {
    expect(actionsOf('I took ownership of the release.')).toMatchObject({ actions: 1, past: 1 });
    expect(actionsOf("I'll make the call to the supplier.")).toMatchObject({ actions: 1, commitments: 1 });
    expect(actionsOf('I take full ownership of every problem.').actions).toBe(0);
  });

  it('does not take a description of the speaker for an action', () => {
    expect(actionsOf("I'm excellent with stakeholders.").actions).toBe(0);
    expect(actionsOf("I'm very data-driven.").actions).toBe(0);
    expect(actionsOf("I'm booking the room now.").actions).toBe(1);
  });
});
