// Users tab: search by name or email, admins-only filter, 5 per page, one row in edit mode at a
// time (id -1 = new). New users and password resets get a random temporary password, shown once
// in the toast; the user must replace it at first sign-in. Saving checks the row against the
// server's own schema first and shows each problem under its field (issue 23 §5); Reset Password
// asks first, since it invalidates the current password at once (§2).
import type { User } from '@shared/contracts/auth';
import { createUserRequest, updateUserRequest } from '@shared/contracts/users';
import { ADMIN_FORM_DEFAULT_CREDITS } from '@shared/domain/limits';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound, Pencil, Plus } from 'lucide-react';
import { type ComponentProps, type RefObject, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PaginationControls } from '@/components/ui/pagination-controls';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { ApiError, apiGet, apiPatch, apiPost, qs } from '@/lib/api';
import { useAdminListState } from './admin-list-state';
import { AuditLog } from './audit-log';

type Draft = { name: string; email: string; credits: string; isAdmin: boolean };
type DraftField = 'name' | 'email' | 'credits';
type FieldErrors = Partial<Record<DraftField, string>>;
const NEW_ID = -1;
const CREDITS_MESSAGE = 'Credits must be a whole number from 0 to 1,000,000';
const FIELDS: DraftField[] = ['name', 'email', 'credits'];

/** The request body for the draft, or the message for each field the server would refuse. */
function checkDraft(
  draft: Draft,
  isNew: boolean,
): { body: { name: string; email: string; credits: number; isAdmin: boolean } } | { errors: FieldErrors } {
  const credits = draft.credits.trim() === '' ? Number.NaN : Number(draft.credits);
  const body = { name: draft.name, email: draft.email, credits, isAdmin: draft.isAdmin };
  const parsed = (isNew ? createUserRequest : updateUserRequest).safeParse(body);
  if (parsed.success) {
    const { name = '', email = '' } = parsed.data;
    return { body: { name, email, credits, isAdmin: draft.isAdmin } };
  }
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as DraftField;
    if (FIELDS.includes(field)) errors[field] ??= field === 'credits' ? CREDITS_MESSAGE : issue.message;
  }
  return { errors };
}

function FieldInput({
  label,
  error,
  ...props
}: { label: string; error?: string } & ComponentProps<typeof Input>) {
  const errorId = useId();
  return (
    <div className="grid gap-1">
      <Input
        aria-label={label}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...props}
      />
      {error && (
        <p id={errorId} className="text-destructive text-xs whitespace-normal">
          {error}
        </p>
      )}
    </div>
  );
}

function UserEditRow({
  draft,
  errors,
  onChange,
  onSave,
  onCancel,
  pending,
  inputs,
}: {
  draft: Draft;
  errors: FieldErrors;
  onChange: (d: Draft, field?: DraftField) => void;
  onSave: () => void;
  onCancel: () => void;
  pending: boolean;
  inputs: RefObject<Partial<Record<DraftField, HTMLInputElement | null>>>;
}) {
  return (
    <TableRow className="align-top">
      <TableCell>
        <FieldInput
          label="Name"
          placeholder="Full name"
          autoComplete="off"
          ref={(el) => {
            inputs.current.name = el;
          }}
          error={errors.name}
          value={draft.name}
          onChange={(e) => onChange({ ...draft, name: e.target.value }, 'name')}
        />
      </TableCell>
      <TableCell>
        <FieldInput
          label="Email"
          type="email"
          placeholder="name@example.com"
          autoComplete="off"
          ref={(el) => {
            inputs.current.email = el;
          }}
          error={errors.email}
          value={draft.email}
          onChange={(e) => onChange({ ...draft, email: e.target.value }, 'email')}
        />
      </TableCell>
      <TableCell>
        <FieldInput
          label="Credits"
          type="number"
          min={0}
          placeholder="0"
          className="w-24"
          ref={(el) => {
            inputs.current.credits = el;
          }}
          error={errors.credits}
          value={draft.credits}
          onChange={(e) => onChange({ ...draft, credits: e.target.value }, 'credits')}
        />
      </TableCell>
      <TableCell>
        <Label className="flex h-9 items-center gap-2">
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
  const [errors, setErrors] = useState<FieldErrors>({});
  const inputs = useRef<Partial<Record<DraftField, HTMLInputElement | null>>>({});
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

  const showErrors = (found: FieldErrors) => {
    setErrors(found);
    const first = FIELDS.find((f) => found[f]);
    if (first) inputs.current[first]?.focus();
  };

  const save = useMutation({
    mutationFn: async (body: { name: string; email: string; credits: number; isAdmin: boolean }) => {
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
    onError: (err: Error) => {
      // The server's field messages (and a taken email) go under their fields as well.
      const found: FieldErrors = {};
      if (err instanceof ApiError) {
        for (const f of FIELDS) if (err.errors?.[f]) found[f] = err.errors[f];
        if (err.status === 409) found.email = err.message;
      }
      if (Object.keys(found).length) showErrors(found);
      toast.error(editingId === NEW_ID ? 'Failed to create user' : 'Failed to update user', {
        description: err.message,
      });
    },
  });

  const submit = () => {
    const checked = checkDraft(draft, editingId === NEW_ID);
    if ('errors' in checked) showErrors(checked.errors);
    else {
      setErrors({});
      save.mutate(checked.body);
    }
  };
  const change = (next: Draft, field?: DraftField) => {
    setDraft(next);
    // correcting a field clears its own message only
    if (field && errors[field]) setErrors(({ [field]: _, ...rest }) => rest);
  };

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
    setErrors({});
    setDraft(
      u
        ? { name: u.name, email: u.email, credits: String(u.credits), isAdmin: u.isAdmin }
        : { name: '', email: '', credits: String(ADMIN_FORM_DEFAULT_CREDITS), isAdmin: false },
    );
  };
  const editRow = (
    <UserEditRow
      draft={draft}
      errors={errors}
      onChange={change}
      onSave={submit}
      onCancel={() => setEditingId(null)}
      pending={save.isPending}
      inputs={inputs}
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
      {/* on a phone each user is a card with every column in view (globals.css) */}
      <Table data-cards-on-phone="">
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
                errors={errors}
                onChange={change}
                onSave={submit}
                onCancel={() => setEditingId(null)}
                pending={save.isPending}
                inputs={inputs}
              />
            ) : (
              <TableRow key={u.id}>
                <TableCell className="font-medium">{u.name}</TableCell>
                <TableCell>{u.email}</TableCell>
                <TableCell data-label="Credits">{u.credits}</TableCell>
                <TableCell data-label="Role">
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
                  <ConfirmDialog
                    trigger={
                      <Button size="sm" variant="outline" aria-label={`Reset password of ${u.email}`}>
                        <KeyRound aria-hidden /> Reset Password
                      </Button>
                    }
                    title="Reset this password?"
                    description={`${u.email}'s password stops working at once and they are signed out everywhere. You will see a temporary password to pass on; they must choose their own when they next sign in.`}
                    confirmLabel="Reset Password"
                    destructive
                    onConfirm={() => reset.mutateAsync(u.id)}
                  />
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
