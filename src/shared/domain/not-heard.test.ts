import { describe, expect, it } from 'vitest';
import { NOT_HEARD_REPEAT_LINE, NOT_HEARD_TYPE_LINE, notHeardReason } from './not-heard.js';

describe('notHeardReason', () => {
  it('gives the on-screen reason while the latest line is a "didn\'t catch that"', () => {
    expect(notHeardReason([{ role: 'agent', text: NOT_HEARD_TYPE_LINE }])).toMatch(/Type your answer/);
    expect(
      notHeardReason([
        { role: 'user', text: 'I led the migration' },
        { role: 'agent', text: NOT_HEARD_REPEAT_LINE },
      ]),
    ).toMatch(/Say it again/);
  });

  it('clears once the user answers or the persona moves on', () => {
    expect(
      notHeardReason([
        { role: 'agent', text: NOT_HEARD_TYPE_LINE },
        { role: 'user', text: 'typed answer' },
      ]),
    ).toBeNull();
    expect(notHeardReason([{ role: 'agent', text: 'Tell me about a product you launched.' }])).toBeNull();
    expect(notHeardReason([])).toBeNull();
  });
});
