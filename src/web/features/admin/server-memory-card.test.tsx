// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ServerMemoryCard } from './server-memory-card';

afterEach(cleanup);

const memory = {
  rssMb: 130.4,
  heapUsedMb: 41.2,
  heapTotalMb: 60.9,
  externalMb: 5,
  recognisersMb: 181.6,
  recognisers: 2,
  otherChildrenMb: 23.1,
};

describe('the server memory card', () => {
  it('shows the server, its child processes and the recogniser, and their sum', () => {
    const refresh = vi.fn();
    render(<ServerMemoryCard memory={memory} onRefresh={refresh} refreshing={false} />);
    expect(screen.getByText('In all')).toBeTruthy();
    expect(screen.getByText('335 MB')).toBeTruthy();
    expect(screen.getByText('130 MB')).toBeTruthy();
    expect(screen.getByText(/JavaScript heap 41 MB of 61 MB/)).toBeTruthy();
    expect(screen.getByText('23 MB')).toBeTruthy();
    expect(screen.getByText('2 decoders, 182 MB')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh server memory' }));
    expect(refresh).toHaveBeenCalledOnce();
  });

  it('says when the recogniser is not running and when child processes cannot be read', () => {
    render(
      <ServerMemoryCard
        memory={{ ...memory, recognisers: 0, recognisersMb: null, otherChildrenMb: null }}
        onRefresh={() => {}}
        refreshing={false}
      />,
    );
    expect(screen.getByText('not running')).toBeTruthy();
    expect(screen.getByText('not readable')).toBeTruthy();
    // no sum of parts that could not all be read
    expect(screen.queryByText('In all')).toBeNull();
  });

  it('counts one decoder in the singular, with its memory or without where it cannot be read', () => {
    const { rerender } = render(
      <ServerMemoryCard
        memory={{ ...memory, recognisers: 1, recognisersMb: 90.2 }}
        onRefresh={() => {}}
        refreshing={false}
      />,
    );
    expect(screen.getByText('1 decoder, 90 MB')).toBeTruthy();
    rerender(
      <ServerMemoryCard
        memory={{ ...memory, recognisers: 1, recognisersMb: null }}
        onRefresh={() => {}}
        refreshing={false}
      />,
    );
    expect(screen.getByText('1 decoder')).toBeTruthy();
  });
});
