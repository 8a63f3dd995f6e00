// Tracks tab: search (name or description), 5 per page, create/edit (with scenario order),
// archive and unarchive, with the spec's toasts (administration §8).
import type { Track, TrackWriteRequest } from '@shared/contracts/tracks';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { PaginationControls } from '@/components/ui/pagination-controls';
import { api, pageForm } from '@/lib/api-client';
import { useAdminListState, useEditing } from './admin-list-state';
import { AdminToolbar } from './admin-toolbar';
import { ArchivableTable } from './archivable-table';
import { TrackFormDialog } from './track-form-dialog';

export default function TracksTab() {
  const queryClient = useQueryClient();
  const list = useAdminListState({});
  const { editing, setEditing, dialogProps } = useEditing<Track>();
  const tracks = useQuery({
    queryKey: ['/api/tracks', 'admin', list.page, list.search],
    queryFn: async () =>
      pageForm(
        await api.get('/api/tracks', {
          query: {
            page: list.page,
            pageSize: list.pageSize,
            search: list.search.trim(),
            includeArchived: 'true',
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['/api/tracks'] });

  const save = useMutation({
    mutationFn: (body: TrackWriteRequest) =>
      editing === 'new' || editing === null
        ? api.post('/api/tracks', { body })
        : api.patch('/api/tracks/:id', { params: { id: editing.id }, body }),
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
    mutationFn: (t: Track) =>
      api.patch('/api/tracks/:id', { params: { id: t.id }, body: { isArchived: !t.isArchived } }),
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
      <AdminToolbar
        search={list.search}
        onSearch={list.setSearch}
        searchLabel="Search tracks"
        searchPlaceholder="Search name or description"
        createLabel="Create Track"
        onCreate={() => setEditing('new')}
      />
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
      <PaginationControls {...list.pager(tracks.data?.total)} />
      <TrackFormDialog {...dialogProps(save)} />
    </div>
  );
}
