// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ArchivableTable } from './archivable-table';

afterEach(cleanup);

type Item = { id: number; name: string; isArchived: boolean; kind: string };
const items: Item[] = [
  { id: 1, name: 'Alpha', isArchived: false, kind: 'first' },
  { id: 2, name: 'Beta', isArchived: true, kind: 'second' },
];

type Over = Partial<Pick<Parameters<typeof ArchivableTable<Item>>[0], 'items' | 'nameExtra'>>;

function renderTable(over: Over = {}) {
  const props = {
    items,
    loading: false,
    columns: [{ heading: 'Kind', cell: (i: Item) => i.kind }],
    emptyText: 'Nothing here.',
    onEdit: vi.fn(),
    onToggleArchive: vi.fn(),
    ...over,
  };
  render(<ArchivableTable<Item> {...props} />);
  return props;
}

describe('the admin tabs’ archivable table', () => {
  it('shows each item with its columns, the archived one dimmed and badged', () => {
    renderTable();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Name',
      'Kind',
      'Actions',
    ]);
    const beta = screen.getByText('Beta').closest('tr') as HTMLElement;
    expect(beta.className).toContain('opacity-50');
    expect(within(beta).getByText('Archived')).toBeTruthy();
    expect(within(beta).getByText('second')).toBeTruthy();
    expect(within(screen.getByText('Alpha').closest('tr') as HTMLElement).queryByText('Archived')).toBeNull();
  });

  it('edits, archives and unarchives the row it is clicked in', () => {
    const props = renderTable();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Alpha' }));
    expect(props.onEdit).toHaveBeenCalledWith(items[0]);
    fireEvent.click(screen.getByRole('button', { name: 'Archive Alpha' }));
    fireEvent.click(screen.getByRole('button', { name: 'Unarchive Beta' }));
    expect(props.onToggleArchive.mock.calls).toEqual([[items[0]], [items[1]]]);
  });

  it('says so when there is nothing, and adds what the tab puts after a name', () => {
    renderTable({ items: [] });
    expect(screen.getByText('Nothing here.')).toBeTruthy();
    cleanup();
    renderTable({ nameExtra: (i) => (i.id === 1 ? <span>Custom</span> : null) });
    expect(within(screen.getByText('Alpha').closest('td') as HTMLElement).getByText('Custom')).toBeTruthy();
  });
});
