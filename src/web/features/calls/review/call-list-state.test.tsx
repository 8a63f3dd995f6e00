// @vitest-environment jsdom
// A call list's filters and page live in the address: a reload, a return to the page or a shared
// link shows the same list.
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { type CallFilterValues, emptyFilters, useCallListState } from './call-filters';

afterEach(cleanup);

const withRatings: CallFilterValues = { ...emptyFilters, callRating: null, evaluationRating: null };

function renderState(url: string, initial: CallFilterValues) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
  );
  return renderHook(() => ({ state: useCallListState(initial), location: useLocation() }), { wrapper });
}

describe('useCallListState', () => {
  it('reads the filters and page from the address', () => {
    const { result } = renderHook(() => useCallListState(withRatings), {
      wrapper: ({ children }) => (
        <MemoryRouter
          initialEntries={[
            '/all-calls?q=budget&type=Sales+Call&scenario=3&rating=2&evaluation=unrated&page=4',
          ]}
        >
          {children}
        </MemoryRouter>
      ),
    });
    expect(result.current.filters).toEqual({
      search: 'budget',
      callType: 'Sales Call',
      interviewerId: 3,
      callRating: '2',
      evaluationRating: 'unrated',
    });
    expect(result.current.page).toBe(4);
  });

  it('ignores what it cannot use: a bad scenario, page or rating, and ratings the list has no filter for', () => {
    const { result } = renderState('/dashboard?scenario=abc&page=-2&rating=9', emptyFilters);
    expect(result.current.state.filters).toEqual(emptyFilters);
    expect(result.current.state.page).toBe(1);
    const rated = renderState('/all-calls?rating=7&evaluation=1&page=1.5', withRatings).result;
    expect(rated.current.state.filters.callRating).toBeNull();
    expect(rated.current.state.filters.evaluationRating).toBe('1');
    expect(rated.current.state.page).toBe(1);
  });

  it('writes a change to the address, back at page 1, and a page turn beside the filters', () => {
    const { result } = renderState('/dashboard?q=budget&page=3', emptyFilters);
    act(() => result.current.state.setPage(5));
    expect(result.current.location.search).toBe('?q=budget&page=5');
    act(() => result.current.state.changeFilters({ ...result.current.state.filters, interviewerId: 7 }));
    expect(result.current.location.search).toBe('?q=budget&scenario=7');
    expect(result.current.state.page).toBe(1);
    act(() => result.current.state.changeFilters(emptyFilters));
    expect(result.current.location.search).toBe('');
  });

  it('keeps two changes made before the router renders the first (a search typed, then a rating chosen)', () => {
    const { result } = renderState('/all-calls', withRatings);
    const { changeFilters } = result.current.state;
    act(() => {
      changeFilters({ callRating: '2' });
      // the debounced search lands before the rating's navigation has rendered
      changeFilters({ search: 'dana@example.com' });
    });
    expect(result.current.location.search).toBe('?q=dana%40example.com&rating=2');
    expect(result.current.state.filters).toMatchObject({ search: 'dana@example.com', callRating: '2' });
    // a page turn keeps both too
    act(() => result.current.state.setPage(2));
    expect(result.current.location.search).toBe('?q=dana%40example.com&rating=2&page=2');
  });

  it('takes an address it did not write (back, a link) as the latest', () => {
    const { result } = renderState('/all-calls?rating=1', withRatings);
    act(() => result.current.state.changeFilters({ search: 'budget' }));
    expect(result.current.location.search).toBe('?q=budget&rating=1');
  });
});
