// Create and edit a track (defaults New Track, 2-3 hours) with its scenarios: add through a
// paginated dialog (archived scenarios are not offered), remove, and move up or down.
import { zodResolver } from '@hookform/resolvers/zod';
import { type Track, type TrackWriteRequest, trackWriteRequest } from '@shared/contracts/tracks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PaginationControls } from '@/components/ui/pagination-controls';
import { Textarea } from '@/components/ui/textarea';
import { api, pageForm } from '@/lib/api-client';
import { CancelSaveFooter, firstMessage } from './admin-form';

type ScenarioRef = { interviewerId: number; name: string };
type Draft = { name: string; description: string; estimatedCompletionTime: string; scenarios: ScenarioRef[] };
const NEW_TRACK: Draft = {
  name: 'New Track',
  description: '',
  estimatedCompletionTime: '2-3 hours',
  scenarios: [],
};
const PICKER_PAGE_SIZE = 5;

function AddScenarioDialog({
  open,
  onClose,
  onPick,
  exclude,
}: {
  open: boolean;
  onClose: () => void;
  onPick: (s: ScenarioRef) => void;
  exclude: number[];
}) {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const scenarios = useQuery({
    queryKey: ['/api/interviewers', 'track-picker', page, search],
    queryFn: async () =>
      pageForm(
        await api.get('/api/interviewers', {
          query: { page, pageSize: PICKER_PAGE_SIZE, search: search.trim() },
        }),
      ),
    enabled: open,
    placeholderData: keepPreviousData,
  });
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add Scenario</DialogTitle>
        </DialogHeader>
        <Input
          aria-label="Search scenarios to add"
          placeholder="Search scenarios"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
        />
        <ul className="divide-y">
          {scenarios.data?.items
            // archived ones cannot be added, nor a user's own (private to its author: the server refuses it)
            .filter((s) => !s.isArchived && !s.isCustomScenario)
            .map((s) => (
              <li key={s.id} className="flex items-center justify-between gap-2 py-2">
                <div>
                  <p className="font-medium">{s.name}</p>
                  <p className="text-muted-foreground text-sm">{s.callType}</p>
                </div>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={exclude.includes(s.id)}
                  onClick={() => onPick({ interviewerId: s.id, name: s.name })}
                >
                  Add
                </Button>
              </li>
            ))}
        </ul>
        <PaginationControls
          page={page}
          totalPages={Math.ceil((scenarios.data?.total ?? 0) / PICKER_PAGE_SIZE)}
          onPageChange={setPage}
        />
      </DialogContent>
    </Dialog>
  );
}

type Props = {
  editing: Track | 'new' | null;
  pending: boolean;
  onClose: () => void;
  onSave: (body: TrackWriteRequest) => void;
};

/** The dialog's draft, checked as the write request it becomes (scenarios numbered in order). */
const trackDraft = z
  .custom<Draft>()
  .transform(
    (d): z.input<typeof trackWriteRequest> => ({
      name: d.name,
      description: d.description,
      estimatedCompletionTime: d.estimatedCompletionTime,
      scenarios: d.scenarios.map((s, i) => ({ interviewerId: s.interviewerId, sequenceOrder: i + 1 })),
    }),
  )
  .pipe(trackWriteRequest);

export function TrackFormDialog({ editing, pending, onClose, onSave }: Props) {
  const form = useForm<Draft, unknown, TrackWriteRequest>({
    resolver: zodResolver(trackDraft),
    defaultValues: NEW_TRACK,
  });
  const scenarios = useFieldArray({ control: form.control, name: 'scenarios' });
  const [picking, setPicking] = useState(false);
  useEffect(() => {
    if (!editing) return;
    form.reset(
      editing === 'new'
        ? NEW_TRACK
        : {
            name: editing.name,
            description: editing.description,
            estimatedCompletionTime: editing.estimatedCompletionTime,
            scenarios: editing.scenarios.map((s) => ({
              interviewerId: s.interviewerId,
              name: s.interviewerName ?? 'Unknown Interviewer',
            })),
          },
    );
  }, [editing, form]);
  return (
    <Dialog open={editing !== null} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-xl">
        <form
          className="space-y-4"
          onSubmit={form.handleSubmit(onSave, (errors) =>
            // the same toast a refused save gets from the server
            toast.error('Failed to save track', { description: firstMessage(errors) }),
          )}
        >
          <DialogHeader>
            <DialogTitle>{editing === 'new' ? 'Create Track' : 'Edit Track'}</DialogTitle>
          </DialogHeader>
          <div className="space-y-1">
            <Label htmlFor="track-name">Name</Label>
            <Input id="track-name" {...form.register('name')} />
          </div>
          <div className="space-y-1">
            <Label htmlFor="track-description">Description</Label>
            <Textarea id="track-description" {...form.register('description')} />
          </div>
          <div className="space-y-1">
            <Label htmlFor="track-time">Estimated completion time</Label>
            <Input id="track-time" {...form.register('estimatedCompletionTime')} />
          </div>
          <div className="space-y-2">
            <div className="flex items-center justify-between">
              <Label>Scenarios</Label>
              <Button type="button" size="sm" variant="outline" onClick={() => setPicking(true)}>
                <Plus aria-hidden /> Add Scenario
              </Button>
            </div>
            <ol className="space-y-2">
              {scenarios.fields.map((s, i) => (
                <li key={s.id} className="flex items-center gap-2 rounded-md border p-2">
                  <span className="w-6 text-center font-semibold">{i + 1}</span>
                  <span className="flex-1">{s.name}</span>
                  <Button
                    type="button"
                    size="icon"
                    variant="ghost"
                    aria-label={`Move ${s.name} up`}
                    disabled={i === 0}
                    onClick={() => scenarios.swap(i, i - 1)}
                  >
                    <ArrowUp aria-hidden />
                  </Button>
                  <Button
                    type="button"
                    size="icon"
                    variant="ghost"
                    aria-label={`Move ${s.name} down`}
                    disabled={i === scenarios.fields.length - 1}
                    onClick={() => scenarios.swap(i, i + 1)}
                  >
                    <ArrowDown aria-hidden />
                  </Button>
                  <Button
                    type="button"
                    size="icon"
                    variant="ghost"
                    aria-label={`Remove ${s.name}`}
                    onClick={() => scenarios.remove(i)}
                  >
                    <Trash2 aria-hidden />
                  </Button>
                </li>
              ))}
              {scenarios.fields.length === 0 && (
                <p className="text-muted-foreground text-sm">No scenarios yet.</p>
              )}
            </ol>
          </div>
          <CancelSaveFooter
            onCancel={onClose}
            saveLabel="Save Track"
            saveDisabled={pending || !form.watch('name').trim()}
          />
        </form>
        <AddScenarioDialog
          open={picking}
          onClose={() => setPicking(false)}
          exclude={scenarios.fields.map((s) => s.interviewerId)}
          onPick={(s) => {
            scenarios.append(s);
            setPicking(false);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
