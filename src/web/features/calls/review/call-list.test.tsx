// @vitest-environment jsdom
// The pager below a call list, for a total the server counted exactly and for one it stopped
// counting ("more than": a search matching thousands of calls, issue 25).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeInterview } from '@/test-support/contract-replies';
import { CallList, type CallListProps } from './call-list';

afterEach(cleanup);

function renderList(props: Partial<CallListProps>) {
  const onPageChange = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <CallList
        items={[1, 2, 3, 4, 5].map((id) => fakeInterview({ id }))}
        total={5}
        page={1}
        pageSize={5}
        onPageChange={onPageChange}
        isLoading={false}
        emptyText="No calls found matching your filters."
        canEditRating={() => false}
        {...props}
      />
    </QueryClientProvider>,
  );
  return { onPageChange, pager: screen.getByRole('navigation', { name: 'Pagination' }) };
}

describe('CallList pager', () => {
  it('shows the exact number of pages and stops at the last', () => {
    const { pager } = renderList({ total: 12, page: 3 });
    expect(pager.textContent).toContain('Page 3 of 3');
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
  });

  it('says "more than" for a capped total and keeps Next enabled', () => {
    const { pager, onPageChange } = renderList({ total: 100, totalCapped: true });
    expect(pager.textContent).toContain('Page 1 of more than 20');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });

  it('counts only whole pages below a capped total that does not fill the last one', () => {
    // more than 103 calls at 5 a page: more than 20 pages (21 may be the last, and incomplete)
    const { pager } = renderList({ total: 103, totalCapped: true, page: 2 });
    expect(pager.textContent).toContain('Page 2 of more than 20');
  });
});
