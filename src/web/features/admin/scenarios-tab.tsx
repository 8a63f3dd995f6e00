// Scenarios tab: include-archived toggle, call-type multi-filter, search (name, role, company,
// call type), 5 per page; create, edit, archive and unarchive; archived rows dimmed with a badge.
import type { Interviewer, InterviewerPage, InterviewerWriteRequest } from '@shared/contracts/scenarios';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PaginationControls } from '@/components/ui/pagination-controls';
import { apiGet, apiPatch, apiPost } from '@/lib/api';
import { scenarioSubtitle } from '@/lib/scenario-subtitle';
import { useAdminListState } from './admin-list-state';
import { ArchivableTable } from './archivable-table';
import { ScenarioFormDialog } from './scenario-form-dialog';

function scenariosPath(
  page: number,
  pageSize: number,
  search: string,
  includeArchived: boolean,
  callTypes: string[],
) {
  const p = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  if (search.trim()) p.set('search', search.trim());
  if (includeArchived) p.set('includeArchived', 'true');
  for (const t of callTypes) p.append('callType', t);
  return `/api/interviewers?${p}`;
}

export default function ScenariosTab() {
  const queryClient = useQueryClient();
  const list = useAdminListState({ includeArchived: false, callTypes: [] as string[] });
  const [editing, setEditing] = useState<Interviewer | 'new' | null>(null);
  const page = useQuery({
    queryKey: ['/api/interviewers', 'admin', list.page, list.search, list.filters],
    queryFn: () =>
      apiGet<InterviewerPage>(
        scenariosPath(
          list.page,
          list.pageSize,
          list.search,
          list.filters.includeArchived,
          list.filters.callTypes,
        ),
      ),
    placeholderData: keepPreviousData,
  });
  const allTypes = useQuery({
    queryKey: ['/api/interviewers', 'admin', 'call-types'],
    queryFn: () => apiGet<InterviewerPage>('/api/interviewers?page=1&pageSize=100&includeArchived=true'),
  });
  const callTypes = [...new Set((allTypes.data?.items ?? []).map((s) => s.callType))].sort();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['/api/interviewers'] });

  const save = useMutation({
    mutationFn: (body: InterviewerWriteRequest) =>
      editing === 'new' || editing === null
        ? apiPost<Interviewer>('/api/interviewers', body)
        : apiPatch<Interviewer>(`/api/interviewers/${editing.id}`, body),
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
      apiPatch<Interviewer>(`/api/interviewers/${s.id}`, { isArchived: !s.isArchived }),
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
      <div className="flex flex-wrap items-center gap-3">
        <Input
          aria-label="Search scenarios"
          placeholder="Search name, role, company or call type"
          value={list.search}
          onChange={(e) => list.setSearch(e.target.value)}
          className="max-w-xs"
        />
        <Label className="flex items-center gap-2">
          <Checkbox
            checked={list.filters.includeArchived}
            onCheckedChange={(v) => list.setFilters({ ...list.filters, includeArchived: v === true })}
          />
          Include archived
        </Label>
        <Button className="ml-auto" onClick={() => setEditing('new')}>
          <Plus aria-hidden /> Create Scenario
        </Button>
      </div>
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
      <PaginationControls
        page={list.page}
        totalPages={list.totalPages(page.data?.total ?? 0)}
        onPageChange={list.setPage}
      />
      <ScenarioFormDialog
        editing={editing}
        pending={save.isPending}
        onClose={() => setEditing(null)}
        onSave={(body) => save.mutate(body)}
      />
    </div>
  );
}
