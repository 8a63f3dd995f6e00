// searchNewestFirst's choice between the newest calls and the trigram index (issue 25): what it
// asks `run` for, given how many calls the window matched and how many calls there are.
import { describe, expect, it } from 'vitest';
import { type Counted, searchNewestFirst } from './find-calls.js';
import { SEARCH_WINDOW } from './searched-matches.js';

/** Runs searchNewestFirst with a `run` that answers `matched(window)` and records the windows asked for. */
async function choices(
  countUpTo: number,
  matched: (window: number | undefined) => number,
  calls: number | (() => Promise<Counted>),
) {
  const asked: (number | 'index')[] = [];
  const result = await searchNewestFirst(
    countUpTo,
    async (window) => {
      asked.push(window ?? 'index');
      return { matched: matched(window), window };
    },
    (rows) => ({ matched: rows.matched, calls }),
  );
  return { asked, answeredBy: result.window ?? 'index' };
}

const W = SEARCH_WINDOW;

describe('searchNewestFirst', () => {
  it('answers from the newest calls when more of them match than the page counts', async () => {
    expect(await choices(50, () => 51, 10_000)).toEqual({ asked: [W], answeredBy: W });
  });

  it('answers from the newest calls when they are all the calls there are', async () => {
    expect(await choices(50, () => 3, W)).toEqual({ asked: [W], answeredBy: W });
    expect(await choices(50, () => 0, 12)).toEqual({ asked: [W], answeredBy: W });
  });

  it('reads on along the newest calls for a common search, and asks the index for a rare one', async () => {
    // a fifth of the window matched: at 10,000 calls reading on finds 91 sooner than the index
    expect(await choices(90, (w) => (w === W ? W / 5 : 91), 10_000)).toEqual({
      asked: [W, 10_000 + W],
      answeredBy: 10_000 + W,
    });
    // one in a hundred: the index
    expect(await choices(90, (w) => (w === W ? W / 100 : 3), 10_000)).toEqual({
      asked: [W, 'index'],
      answeredBy: 'index',
    });
    // nothing in the window: the index
    expect(await choices(50, (w) => (w === W ? 0 : 1), 10_000)).toEqual({
      asked: [W, 'index'],
      answeredBy: 'index',
    });
  });

  it('counts the calls only when the window does not answer', async () => {
    let counted = 0;
    const count = async () => {
      counted++;
      return { calls: 10_000, exact: false };
    };
    await choices(50, () => 60, count);
    expect(counted).toBe(0);
    await choices(50, () => 2, count);
    expect(counted).toBe(1);
  });

  it('checks a read-on over a stand-in count, and asks the index when it may have left calls out', async () => {
    const standIn = async (): Promise<Counted> => ({ calls: 10_000, exact: false });
    // enough found: the newest matches are all inside what was read
    expect(await choices(90, (w) => (w === W ? W / 5 : 91), standIn)).toEqual({
      asked: [W, 10_000 + W],
      answeredBy: 10_000 + W,
    });
    // too few found: calls past the stand-in count may hold more
    expect(await choices(90, (w) => (w === W ? W / 5 : 80), standIn)).toEqual({
      asked: [W, 10_000 + W, 'index'],
      answeredBy: 'index',
    });
    // a small table counted exactly: the window held every call, whatever it matched
    expect(
      await choices(
        90,
        () => 4,
        async () => ({ calls: 100, exact: true }),
      ),
    ).toEqual({
      asked: [W],
      answeredBy: W,
    });
  });
});
