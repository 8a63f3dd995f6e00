// Tracks tab: search (name or description), 5 per page, create/edit (with scenario order),
// archive and unarchive, with the spec's toasts (administration §8).
import type { Track, TrackWriteRequest } from '@shared/contracts/tracks';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { PaginationControls } from '@/components/ui/pagination-controls';
import { apiGet, apiPatch, apiPost, qs } from '@/lib/api';
import { useAdminListState } from './admin-list-state';
import { ArchivableTable } from './archivable-table';
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
      <ArchivableTable
        items={tracks.data?.items}
        loading={tracks.isLoading}
        columns={[
          { heading: 'Scenarios', cell: (t) => t.scenarios.length },
          { heading: 'Estimated time', cell: (t) => t.estimatedCompletionTime },
        ]}
        emptyText="No tracks found."
        onEdit={setEditing}
        onToggleArchive={(t) => archive.mutate(t)}
      />
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
