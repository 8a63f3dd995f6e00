// Users tab: search by name or email, admins-only filter, 5 per page, one row in edit mode at a
// time (id -1 = new). New users and password resets get a random temporary password, shown once
// in the toast; the user must replace it at first sign-in.
import type { User } from '@shared/contracts/auth';
import { ADMIN_FORM_DEFAULT_CREDITS } from '@shared/domain/limits';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound, Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PaginationControls } from '@/components/ui/pagination-controls';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { apiGet, apiPatch, apiPost, qs } from '@/lib/api';
import { useAdminListState } from './admin-list-state';
import { AuditLog } from './audit-log';

type Draft = { name: string; email: string; credits: string; isAdmin: boolean };
const NEW_ID = -1;

function UserEditRow({
  draft,
  onChange,
  onSave,
  onCancel,
  pending,
}: {
  draft: Draft;
  onChange: (d: Draft) => void;
  onSave: () => void;
  onCancel: () => void;
  pending: boolean;
}) {
  return (
    <TableRow>
      <TableCell>
        <Input
          aria-label="Name"
          value={draft.name}
          onChange={(e) => onChange({ ...draft, name: e.target.value })}
        />
      </TableCell>
      <TableCell>
        <Input
          aria-label="Email"
          type="email"
          value={draft.email}
          onChange={(e) => onChange({ ...draft, email: e.target.value })}
        />
      </TableCell>
      <TableCell>
        <Input
          aria-label="Credits"
          type="number"
          min={0}
          className="w-24"
          value={draft.credits}
          onChange={(e) => onChange({ ...draft, credits: e.target.value })}
        />
      </TableCell>
      <TableCell>
        <Label className="flex items-center gap-2">
          <Checkbox
            checked={draft.isAdmin}
            onCheckedChange={(v) => onChange({ ...draft, isAdmin: v === true })}
          />
          Admin
        </Label>
      </TableCell>
      <TableCell className="space-x-2 text-right">
        <Button size="sm" onClick={onSave} disabled={pending}>
          Save
        </Button>
        <Button size="sm" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </TableCell>
    </TableRow>
  );
}

export default function UsersTab() {
  const queryClient = useQueryClient();
  const list = useAdminListState({ adminsOnly: false });
  const [editingId, setEditingId] = useState<number | null>(null);
  const [draft, setDraft] = useState<Draft>({ name: '', email: '', credits: '', isAdmin: false });
  const users = useQuery({
    queryKey: ['/api/users', list.page, list.search, list.filters.adminsOnly],
    queryFn: () =>
      apiGet<{ items: User[]; total: number }>(
        `/api/users${qs({ page: list.page, pageSize: list.pageSize, search: list.search.trim(), adminsOnly: list.filters.adminsOnly ? 'true' : undefined })}`,
      ),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['/api/users'] });
  const refreshAudit = () => queryClient.invalidateQueries({ queryKey: ['/api/audit-log'] });

  const save = useMutation({
    mutationFn: async () => {
      const body = {
        name: draft.name.trim(),
        email: draft.email.trim(),
        credits: Number(draft.credits),
        isAdmin: draft.isAdmin,
      };
      if (editingId === NEW_ID) return apiPost<User & { temporaryPassword: string }>('/api/users', body);
      return apiPatch<User>(`/api/users/${editingId}`, body);
    },
    onSuccess: (user) => {
      if ('temporaryPassword' in user) {
        toast.success('Success', {
          description: `User created successfully with password: ${user.temporaryPassword}`,
          duration: 30_000,
        });
      } else {
        toast.success('Success', { description: 'User updated successfully' });
      }
      setEditingId(null);
      refresh();
      refreshAudit();
    },
    onError: (err: Error) =>
      toast.error(editingId === NEW_ID ? 'Failed to create user' : 'Failed to update user', {
        description: err.message,
      }),
  });

  const reset = useMutation({
    mutationFn: (id: number) =>
      apiPatch<{ message: string; temporaryPassword: string }>(`/api/users/${id}/resetPassword`),
    onSuccess: (r) => {
      toast.success('Success', {
        description: `User password has been reset. Temporary password: ${r.temporaryPassword}`,
        duration: 30_000,
      });
      refreshAudit();
    },
    onError: (err: Error) => toast.error('Failed to reset password', { description: err.message }),
  });

  const startEdit = (u: User | null) => {
    setEditingId(u ? u.id : NEW_ID);
    setDraft(
      u
        ? { name: u.name, email: u.email, credits: String(u.credits), isAdmin: u.isAdmin }
        : { name: '', email: '', credits: String(ADMIN_FORM_DEFAULT_CREDITS), isAdmin: false },
    );
  };
  const editRow = (
    <UserEditRow
      draft={draft}
      onChange={setDraft}
      onSave={() => save.mutate()}
      onCancel={() => setEditingId(null)}
      pending={save.isPending}
    />
  );

  return (
    <div className="space-y-6 pt-4">
      <div className="flex flex-wrap items-center gap-3">
        <Input
          aria-label="Search users"
          placeholder="Search by name or email"
          value={list.search}
          onChange={(e) => list.setSearch(e.target.value)}
          className="max-w-xs"
        />
        <Label className="flex items-center gap-2">
          <Checkbox
            checked={list.filters.adminsOnly}
            onCheckedChange={(v) => list.setFilters({ adminsOnly: v === true })}
          />
          Admins only
        </Label>
        <Button className="ml-auto" onClick={() => startEdit(null)} disabled={editingId !== null}>
          <Plus aria-hidden /> Create User
        </Button>
      </div>
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Name</TableHead>
            <TableHead>Email</TableHead>
            <TableHead>Credits</TableHead>
            <TableHead>Role</TableHead>
            <TableHead className="text-right">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {editingId === NEW_ID && editRow}
          {users.isLoading && (
            <TableRow>
              <TableCell colSpan={5}>
                <Spinner />
              </TableCell>
            </TableRow>
          )}
          {users.data?.items.map((u) =>
            editingId === u.id ? (
              <UserEditRow
                key={u.id}
                draft={draft}
                onChange={setDraft}
                onSave={() => save.mutate()}
                onCancel={() => setEditingId(null)}
                pending={save.isPending}
              />
            ) : (
              <TableRow key={u.id}>
                <TableCell className="font-medium">{u.name}</TableCell>
                <TableCell>{u.email}</TableCell>
                <TableCell>{u.credits}</TableCell>
                <TableCell>
                  {u.isAdmin ? <Badge>Admin</Badge> : <Badge variant="secondary">User</Badge>}
                </TableCell>
                <TableCell className="space-x-2 text-right">
                  <Button
                    size="sm"
                    variant="outline"
                    aria-label={`Edit ${u.email}`}
                    disabled={editingId !== null}
                    onClick={() => startEdit(u)}
                  >
                    <Pencil aria-hidden /> Edit
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    aria-label={`Reset password of ${u.email}`}
                    onClick={() => reset.mutate(u.id)}
                  >
                    <KeyRound aria-hidden /> Reset Password
                  </Button>
                </TableCell>
              </TableRow>
            ),
          )}
          {users.data?.items.length === 0 && (
            <TableRow>
              <TableCell colSpan={5} className="text-muted-foreground">
                No users found.
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
      <PaginationControls
        page={list.page}
        totalPages={list.totalPages(users.data?.total ?? 0)}
        onPageChange={list.setPage}
      />
      <AuditLog />
    </div>
  );
}
