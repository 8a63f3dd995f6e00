// Shared list state of the admin tabs: search and filters that reset to page 1 on any change
// (administration §2), pages of 5.
import { ADMIN_PAGE_SIZE } from '@shared/domain/limits';
import { useState } from 'react';

export function useAdminListState<F extends object>(initialFilters: F) {
  const [page, setPage] = useState(1);
  const [search, setSearchRaw] = useState('');
  const [filters, setFiltersRaw] = useState<F>(initialFilters);
  return {
    page,
    setPage,
    search,
    setSearch: (value: string) => {
      setSearchRaw(value);
      setPage(1);
    },
    filters,
    setFilters: (next: F) => {
      setFiltersRaw(next);
      setPage(1);
    },
    pageSize: ADMIN_PAGE_SIZE,
    /** PaginationControls' props for a list of `total` items */
    pager: (total = 0) => ({
      page,
      totalPages: Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE)),
      onPageChange: setPage,
    }),
  };
}

/** The item in the tab's form dialog ('new' for the create form, null when closed) and the dialog's props. */
export function useEditing<T>() {
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  return {
    editing,
    setEditing,
    dialogProps: <B>(save: { isPending: boolean; mutate: (body: B) => void }) => ({
      editing,
      pending: save.isPending,
      onClose: () => setEditing(null),
      onSave: (body: B) => save.mutate(body),
    }),
  };
}
