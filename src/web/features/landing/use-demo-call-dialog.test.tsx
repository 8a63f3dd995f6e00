// @vitest-environment jsdom
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useDemoCallDialog } from './use-demo-call-dialog';

const loads = vi.hoisted(() => ({ count: 0 }));
vi.mock('./demo-call-dialog', () => {
  loads.count += 1;
  return { default: function FakeDemoCallDialog() {} };
});

describe('the sample call dialog, loaded by hand', () => {
  it('is fetched on the first wish only, and a page mounted after that has it from its first render', async () => {
    const first = renderHook(() => useDemoCallDialog());
    expect(first.result.current.DemoCallDialog).toBeUndefined();
    act(() => {
      first.result.current.want();
      first.result.current.want();
    });
    await waitFor(() => expect(first.result.current.DemoCallDialog?.name).toBe('FakeDemoCallDialog'));
    expect(loads.count).toBe(1);

    // e.g. back on / later: no suspending first render, so nothing to wait for when clicked
    const later = renderHook(() => useDemoCallDialog());
    expect(later.result.current.DemoCallDialog?.name).toBe('FakeDemoCallDialog');
    act(() => later.result.current.want());
    expect(loads.count).toBe(1);
  });
});
