// Tracks tab: search (name or description), 5 per page, create/edit (with scenario order),
// archive and unarchive, with the spec's toasts (administration §8).
import type { Track, TrackWriteRequest } from '@shared/contracts/tracks';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Archive, ArchiveRestore, Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { PaginationControls } from '@/components/ui/pagination-controls';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { apiGet, apiPatch, apiPost, qs } from '@/lib/api';
import { useAdminListState } from './admin-list-state';
import { TrackFormDialog } from './track-form-dialog';

export default function TracksTab() {
  const queryClient = useQueryClient();
  const list = useAdminListState({});
  const [editing, setEditing] = useState<Track | 'new' | null>(null);
  const tracks = useQuery({
    queryKey: ['/api/tracks', 'admin', list.page, list.search],
    queryFn: () =>
      apiGet<{ items: Track[]; total: number }>(
        `/api/tracks${qs({ page: list.page, pageSize: list.pageSize, search: list.search.trim(), includeArchived: 'true' })}`,
      ),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['/api/tracks'] });

  const save = useMutation({
    mutationFn: (body: TrackWriteRequest) =>
      editing === 'new' || editing === null
        ? apiPost<Track>('/api/tracks', body)
        : apiPatch<Track>(`/api/tracks/${editing.id}`, body),
    onSuccess: () => {
      toast.success('Success', {
        description: editing === 'new' ? 'Track created successfully' : 'Track updated successfully',
      });
      if (editing !== 'new')
        toast.success('Success', { description: 'Track scenarios updated successfully' });
      setEditing(null);
      refresh();
    },
    onError: (err: Error) => toast.error('Failed to save track', { description: err.message }),
  });
  const archive = useMutation({
    mutationFn: (t: Track) => apiPatch<Track>(`/api/tracks/${t.id}`, { isArchived: !t.isArchived }),
    onSuccess: (t) => {
      toast.success('Success', {
        description: t.isArchived ? 'Track archived successfully' : 'Track unarchived successfully',
      });
      refresh();
    },
    onError: (err: Error) =>
      toast.error('Failed to archive or unarchive track', { description: err.message }),
  });

  return (
    <div className="space-y-4 pt-4">
      <div className="flex flex-wrap items-center gap-3">
        <Input
          aria-label="Search tracks"
          placeholder="Search name or description"
          value={list.search}
          onChange={(e) => list.setSearch(e.target.value)}
          className="max-w-xs"
        />
        <Button className="ml-auto" onClick={() => setEditing('new')}>
          <Plus aria-hidden /> Create Track
        </Button>
      </div>
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Name</TableHead>
            <TableHead>Scenarios</TableHead>
            <TableHead>Estimated time</TableHead>
            <TableHead className="text-right">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {tracks.isLoading && (
            <TableRow>
              <TableCell colSpan={4}>
                <Spinner />
              </TableCell>
            </TableRow>
          )}
          {tracks.data?.items.map((t) => (
            <TableRow key={t.id} className={t.isArchived ? 'opacity-50' : undefined}>
              <TableCell className="font-medium">
                {t.name} {t.isArchived && <Badge variant="outline">Archived</Badge>}
              </TableCell>
              <TableCell>{t.scenarios.length}</TableCell>
              <TableCell>{t.estimatedCompletionTime}</TableCell>
              <TableCell className="space-x-2 text-right">
                <Button
                  size="sm"
                  variant="outline"
                  aria-label={`Edit ${t.name}`}
                  onClick={() => setEditing(t)}
                >
                  <Pencil aria-hidden /> Edit
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  aria-label={`${t.isArchived ? 'Unarchive' : 'Archive'} ${t.name}`}
                  onClick={() => archive.mutate(t)}
                >
                  {t.isArchived ? <ArchiveRestore aria-hidden /> : <Archive aria-hidden />}
                  {t.isArchived ? 'Unarchive' : 'Archive'}
                </Button>
              </TableCell>
            </TableRow>
          ))}
          {tracks.data?.items.length === 0 && (
            <TableRow>
              <TableCell colSpan={4} className="text-muted-foreground">
                No tracks found.
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
      <PaginationControls
        page={list.page}
        totalPages={list.totalPages(tracks.data?.total ?? 0)}
        onPageChange={list.setPage}
      />
      <TrackFormDialog
        editing={editing}
        pending={save.isPending}
        onClose={() => setEditing(null)}
        onSave={(body) => save.mutate(body)}
      />
    </div>
  );
}
