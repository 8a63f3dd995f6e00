// The table the Scenarios and Tracks tabs share: a loading row, one row per item (dimmed with an
// Archived badge when archived) with Edit and Archive/Unarchive buttons, and an empty row.
import { Archive, ArchiveRestore, Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';

type Archivable = { id: number; name: string; isArchived: boolean };

/** One column after the name: its heading and what a row shows in it. */
export type ArchivableColumn<T> = { heading: string; cell: (item: T) => ReactNode };

export function ArchivableTable<T extends Archivable>(props: {
  items: T[] | undefined;
  loading: boolean;
  columns: ArchivableColumn<T>[];
  /** shown after the name and its Archived badge (e.g. a Custom badge) */
  nameExtra?: (item: T) => ReactNode;
  emptyText: string;
  onEdit: (item: T) => void;
  onToggleArchive: (item: T) => void;
}) {
  const { items, columns } = props;
  const span = columns.length + 2;
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Name</TableHead>
          {columns.map((c) => (
            <TableHead key={c.heading}>{c.heading}</TableHead>
          ))}
          <TableHead className="text-right">Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {props.loading && (
          <TableRow>
            <TableCell colSpan={span}>
              <Spinner />
            </TableCell>
          </TableRow>
        )}
        {items?.map((item) => (
          <TableRow key={item.id} className={item.isArchived ? 'opacity-50' : undefined}>
            <TableCell className="font-medium">
              {item.name} {item.isArchived && <Badge variant="outline">Archived</Badge>}
              {props.nameExtra?.(item)}
            </TableCell>
            {columns.map((c) => (
              <TableCell key={c.heading}>{c.cell(item)}</TableCell>
            ))}
            <TableCell className="space-x-2 text-right">
              <Button
                size="sm"
                variant="outline"
                aria-label={`Edit ${item.name}`}
                onClick={() => props.onEdit(item)}
              >
                <Pencil aria-hidden /> Edit
              </Button>
              <Button
                size="sm"
                variant="outline"
                aria-label={`${item.isArchived ? 'Unarchive' : 'Archive'} ${item.name}`}
                onClick={() => props.onToggleArchive(item)}
              >
                {item.isArchived ? <ArchiveRestore aria-hidden /> : <Archive aria-hidden />}
                {item.isArchived ? 'Unarchive' : 'Archive'}
              </Button>
            </TableCell>
          </TableRow>
        ))}
        {items?.length === 0 && (
          <TableRow>
            <TableCell colSpan={span} className="text-muted-foreground">
              {props.emptyText}
            </TableCell>
          </TableRow>
        )}
      </TableBody>
    </Table>
  );
}
