// Scenarios tab: include-archived toggle, call-type multi-filter, search (name, role, company,
// call type), 5 per page; create, edit, archive and unarchive; archived rows dimmed with a badge.
import type { Interviewer, InterviewerWriteRequest } from '@shared/contracts/scenarios';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { PaginationControls } from '@/components/ui/pagination-controls';
import { api, pageForm } from '@/lib/api-client';
import { scenarioSubtitle } from '@/lib/scenario-subtitle';
import { useAdminListState, useEditing } from './admin-list-state';
import { AdminToolbar } from './admin-toolbar';
import { ArchivableTable } from './archivable-table';
import { ScenarioFormDialog } from './scenario-form-dialog';

export default function ScenariosTab() {
  const queryClient = useQueryClient();
  const list = useAdminListState({ includeArchived: false, callTypes: [] as string[] });
  const { editing, setEditing, dialogProps } = useEditing<Interviewer>();
  const page = useQuery({
    queryKey: ['/api/interviewers', 'admin', list.page, list.search, list.filters],
    queryFn: async () =>
      pageForm(
        await api.get('/api/interviewers', {
          query: {
            page: list.page,
            pageSize: list.pageSize,
            search: list.search.trim(),
            includeArchived: list.filters.includeArchived ? 'true' : undefined,
            callType: list.filters.callTypes,
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });
  const allTypes = useQuery({
    queryKey: ['/api/interviewers', 'admin', 'call-types'],
    queryFn: async () =>
      pageForm(
        await api.get('/api/interviewers', { query: { page: 1, pageSize: 100, includeArchived: 'true' } }),
      ),
  });
  const callTypes = [...new Set((allTypes.data?.items ?? []).map((s) => s.callType))].sort();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['/api/interviewers'] });

  const save = useMutation({
    mutationFn: (body: InterviewerWriteRequest) =>
      editing === 'new' || editing === null
        ? api.post('/api/interviewers', { body })
        : api.patch('/api/interviewers/:id', { params: { id: editing.id }, body }),
    onSuccess: () => {
      toast.success('Success', {
        description: editing === 'new' ? 'Scenario created successfully' : 'Scenario updated successfully',
      });
      setEditing(null);
      refresh();
    },
    onError: (err: Error) => toast.error('Failed to save scenario', { description: err.message }),
  });
  const archive = useMutation({
    mutationFn: (s: Interviewer) =>
      api.patch('/api/interviewers/:id', { params: { id: s.id }, body: { isArchived: !s.isArchived } }),
    onSuccess: (s) => {
      toast.success('Success', {
        description: s.isArchived ? 'Scenario archived successfully' : 'Scenario unarchived successfully',
      });
      refresh();
    },
    onError: (err: Error, s) =>
      toast.error(s.isArchived ? 'Failed to unarchive scenario' : 'Failed to archive scenario', {
        description: err.message,
      }),
  });

  const toggleType = (type: string, on: boolean) =>
    list.setFilters({
      ...list.filters,
      callTypes: on ? [...list.filters.callTypes, type] : list.filters.callTypes.filter((t) => t !== type),
    });

  return (
    <div className="space-y-4 pt-4">
      <AdminToolbar
        search={list.search}
        onSearch={list.setSearch}
        searchLabel="Search scenarios"
        searchPlaceholder="Search name, role, company or call type"
        toggle={{
          label: 'Include archived',
          checked: list.filters.includeArchived,
          onChange: (on) => list.setFilters({ ...list.filters, includeArchived: on }),
        }}
        createLabel="Create Scenario"
        onCreate={() => setEditing('new')}
      />
      {callTypes.length > 0 && (
        <fieldset className="flex flex-wrap gap-3">
          <legend className="text-muted-foreground mb-1 text-sm">Call types</legend>
          {callTypes.map((type) => (
            <Label key={type} className="flex items-center gap-2 text-sm font-normal">
              <Checkbox
                checked={list.filters.callTypes.includes(type)}
                onCheckedChange={(v) => toggleType(type, v === true)}
              />
              {type}
            </Label>
          ))}
        </fieldset>
      )}
      <ArchivableTable
        items={page.data?.items}
        loading={page.isLoading}
        columns={[
          { heading: 'Role at company', cell: (s) => scenarioSubtitle(s.role, s.company) },
          { heading: 'Call type', cell: (s) => s.callType },
        ]}
        nameExtra={(s) => <> {s.isCustomScenario && <Badge variant="secondary">Custom</Badge>}</>}
        emptyText="No scenarios found."
        onEdit={setEditing}
        onToggleArchive={(s) => archive.mutate(s)}
      />
      <PaginationControls {...list.pager(page.data?.total)} />
      <ScenarioFormDialog {...dialogProps(save)} />
    </div>
  );
}
