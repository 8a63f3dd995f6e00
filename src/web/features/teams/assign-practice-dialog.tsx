// Owners and admins assign a scenario or a track to the whole team or one member, with an optional
// due date and target score (issue 11).
import type { TeamMemberResponse } from '@shared/contracts/teams';
import { ClipboardList } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useAssignableScenarios, useAssignableTracks, useCreateAssignment } from './teams-api';

const WHOLE_TEAM = 'team';

export function AssignPracticeDialog({ teamId, members }: { teamId: number; members: TeamMemberResponse[] }) {
  const [open, setOpen] = useState(false);
  const [target, setTarget] = useState('');
  const [assignee, setAssignee] = useState(WHOLE_TEAM);
  const [dueDate, setDueDate] = useState('');
  const [targetScore, setTargetScore] = useState('');
  const [error, setError] = useState<string | null>(null);
  const scenarios = useAssignableScenarios(open);
  const tracks = useAssignableTracks(open);
  const create = useCreateAssignment(teamId);
  const presets = (scenarios.data ?? []).filter((s) => !s.isCustomScenario);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setError(null);
    const [kind, id] = target.split(':');
    try {
      await create.mutateAsync({
        ...(kind === 'track' ? { trackId: Number(id) } : { interviewerId: Number(id) }),
        ...(assignee === WHOLE_TEAM ? {} : { assigneeId: Number(assignee) }),
        ...(dueDate ? { dueDate: new Date(`${dueDate}T23:59:59`).toISOString() } : {}),
        ...(targetScore ? { targetScore: Number(targetScore) } : {}),
      });
      setTarget('');
      setAssignee(WHOLE_TEAM);
      setDueDate('');
      setTargetScore('');
      setOpen(false);
    } catch (err) {
      setError((err as Error).message);
    }
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm">
          <ClipboardList aria-hidden /> Assign Practice
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={submit} className="space-y-4">
          <DialogHeader>
            <DialogTitle>Assign Practice</DialogTitle>
            <DialogDescription>
              A call at or above the target score (out of 10) marks the assignment passed.
            </DialogDescription>
          </DialogHeader>
          <div className="space-y-2">
            <Label htmlFor="assign-target">Scenario or track</Label>
            <Select value={target} onValueChange={setTarget}>
              <SelectTrigger id="assign-target" className="w-full">
                <SelectValue placeholder="Choose what to practise" />
              </SelectTrigger>
              <SelectContent>
                {presets.map((s) => (
                  <SelectItem key={`s${s.id}`} value={`scenario:${s.id}`}>
                    {s.name} — {s.callType}
                  </SelectItem>
                ))}
                {(tracks.data ?? []).map((t) => (
                  <SelectItem key={`t${t.id}`} value={`track:${t.id}`}>
                    Track: {t.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="space-y-2">
            <Label htmlFor="assign-who">Assign to</Label>
            <Select value={assignee} onValueChange={setAssignee}>
              <SelectTrigger id="assign-who" className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={WHOLE_TEAM}>Whole team</SelectItem>
                {members.map((m) => (
                  <SelectItem key={m.userId} value={String(m.userId)}>
                    {m.name} ({m.email})
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="grid grid-cols-2 gap-4">
            <div className="space-y-2">
              <Label htmlFor="assign-due">Due date (optional)</Label>
              <Input
                id="assign-due"
                type="date"
                value={dueDate}
                onChange={(e) => setDueDate(e.target.value)}
              />
            </div>
            <div className="space-y-2">
              <Label htmlFor="assign-score">Target score (optional)</Label>
              <Input
                id="assign-score"
                type="number"
                min={0}
                max={10}
                step={1}
                value={targetScore}
                onChange={(e) => setTargetScore(e.target.value)}
              />
            </div>
          </div>
          {error && (
            <p role="alert" className="text-destructive text-sm">
              {error}
            </p>
          )}
          <DialogFooter>
            <Button type="submit" disabled={create.isPending || target === ''}>
              Assign
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
