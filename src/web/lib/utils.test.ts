import { describe, expect, it } from 'vitest';
import { addKnownMerges, cn } from './utils';

describe('cn', () => {
  it('merges conflicting Tailwind classes, the later one winning', () => {
    expect(cn('px-2 py-1', 'px-4', false && 'hidden')).toBe('py-1 px-4');
  });

  it('answers a merge recorded by the build as recorded, without working it out again', () => {
    // a recorded answer tailwind-merge would never give, to prove it is the one used
    addKnownMerges([['size-9 size-4', 'recorded-answer']]);
    expect(cn('size-9', 'size-4')).toBe('recorded-answer');
    expect(cn('size-8', 'size-4')).toBe('size-4');
  });
});
