// Users tab: search by name or email, admins-only filter, 5 per page, one row in edit mode at a
// time (id -1 = new). New users and password resets get a random temporary password, shown once
// in the toast; the user must replace it at first sign-in. Saving checks the row against the
// server's own schema first and shows each problem under its field (issue 23 §5); Reset Password
// asks first, since it invalidates the current password at once (§2).
import { zodResolver } from '@hookform/resolvers/zod';
import { type CreateUserRequest, createUserRequest } from '@shared/contracts/users';
import { ADMIN_FORM_DEFAULT_CREDITS } from '@shared/domain/limits';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound, Pencil } from 'lucide-react';
import { type ComponentProps, useId, useState } from 'react';
import { Controller, type UseFormReturn, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PaginationControls } from '@/components/ui/pagination-controls';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { ApiError } from '@/lib/api';
import { api, pageForm } from '@/lib/api-client';
import { useAdminListState } from './admin-list-state';
import { AdminToolbar } from './admin-toolbar';
import { AuditLog } from './audit-log';

type Draft = { name: string; email: string; credits: string; isAdmin: boolean };
type DraftField = 'name' | 'email' | 'credits';
type DraftForm = UseFormReturn<Draft, unknown, CreateUserRequest>;
const NEW_ID = -1;
const FIELDS: DraftField[] = ['name', 'email', 'credits'];

/**
 * The row as typed, checked as the request it becomes: credits typed as text become a number
 * (blank is not zero), then the create request's rules — the same ones an edit's full row meets
 * under the update request, since every field is present — give each field its message.
 */
const userDraft = z
  .custom<Draft>()
  .transform(
    (d): z.input<typeof createUserRequest> => ({
      name: d.name,
      email: d.email,
      credits: d.credits.trim() === '' ? Number.NaN : Number(d.credits),
      isAdmin: d.isAdmin,
    }),
  )
  .pipe(createUserRequest);

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
  form,
  onSave,
  onCancel,
  pending,
}: {
  form: DraftForm;
  onSave: () => void;
  onCancel: () => void;
  pending: boolean;
}) {
  const { errors } = form.formState;
  // correcting a field clears its own message only (the row is checked again on Save)
  const field = (name: DraftField) => form.register(name, { onChange: () => form.clearErrors(name) });
  return (
    <TableRow className="align-top">
      <TableCell>
        <FieldInput
          label="Name"
          placeholder="Full name"
          autoComplete="off"
          error={errors.name?.message}
          {...field('name')}
        />
      </TableCell>
      <TableCell>
        <FieldInput
          label="Email"
          type="email"
          placeholder="name@example.com"
          autoComplete="off"
          error={errors.email?.message}
          {...field('email')}
        />
      </TableCell>
      <TableCell>
        <FieldInput
          label="Credits"
          type="number"
          min={0}
          placeholder="0"
          className="w-24"
          error={errors.credits?.message}
          {...field('credits')}
        />
      </TableCell>
      <TableCell>
        <Label className="flex h-9 items-center gap-2">
          <Controller
            control={form.control}
            name="isAdmin"
            render={({ field: box }) => (
              <Checkbox checked={box.value} onCheckedChange={(v) => box.onChange(v === true)} />
            )}
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
  const form: DraftForm = useForm<Draft, unknown, CreateUserRequest>({
    resolver: zodResolver(userDraft),
    defaultValues: { name: '', email: '', credits: '', isAdmin: false },
    reValidateMode: 'onSubmit',
  });
  const users = useQuery({
    queryKey: ['/api/users', list.page, list.search, list.filters.adminsOnly],
    queryFn: async () =>
      pageForm(
        await api.get('/api/users', {
          query: {
            page: list.page,
            pageSize: list.pageSize,
            search: list.search.trim(),
            adminsOnly: list.filters.adminsOnly ? 'true' : undefined,
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['/api/users'] });
  const refreshAudit = () => queryClient.invalidateQueries({ queryKey: ['/api/audit-log'] });

  const save = useMutation({
    mutationFn: async (body: CreateUserRequest) => {
      if (editingId === NEW_ID) return api.post('/api/users', { body });
      return api.patch('/api/users/:id', { params: { id: editingId ?? NEW_ID }, body });
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
      // The server's field messages (and a taken email) go under their fields as well; the first
      // one takes the focus.
      if (err instanceof ApiError) {
        const found: Partial<Record<DraftField, string>> = {};
        for (const f of FIELDS) if (err.errors?.[f]) found[f] = err.errors[f];
        if (err.status === 409) found.email = err.message;
        const first = FIELDS.find((f) => found[f]);
        for (const f of FIELDS) {
          const message = found[f];
          if (message) form.setError(f, { message }, { shouldFocus: f === first });
        }
      }
      toast.error(editingId === NEW_ID ? 'Failed to create user' : 'Failed to update user', {
        description: err.message,
      });
    },
  });

  const reset = useMutation({
    mutationFn: (id: number) => api.patch('/api/users/:id/resetPassword', { params: { id } }),
    onSuccess: (r) => {
      toast.success('Success', {
        description: `User password has been reset. Temporary password: ${r.temporaryPassword}`,
        duration: 30_000,
      });
      refreshAudit();
    },
    onError: (err: Error) => toast.error('Failed to reset password', { description: err.message }),
  });

  const startEdit = (
    u: { id: number; name: string; email: string; credits: number; isAdmin: boolean } | null,
  ) => {
    setEditingId(u ? u.id : NEW_ID);
    form.reset(
      u
        ? { name: u.name, email: u.email, credits: String(u.credits), isAdmin: u.isAdmin }
        : { name: '', email: '', credits: String(ADMIN_FORM_DEFAULT_CREDITS), isAdmin: false },
    );
  };
  const editRow = (key?: number) => (
    <UserEditRow
      key={key}
      form={form}
      onSave={form.handleSubmit((body) => save.mutate(body))}
      onCancel={() => setEditingId(null)}
      pending={save.isPending}
    />
  );

  return (
    <div className="space-y-6 pt-4">
      <AdminToolbar
        search={list.search}
        onSearch={list.setSearch}
        searchLabel="Search users"
        searchPlaceholder="Search by name or email"
        toggle={{
          label: 'Admins only',
          checked: list.filters.adminsOnly,
          onChange: (on) => list.setFilters({ adminsOnly: on }),
        }}
        createLabel="Create User"
        onCreate={() => startEdit(null)}
        createDisabled={editingId !== null}
      />
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
          {editingId === NEW_ID && editRow()}
          {users.isLoading && (
            <TableRow>
              <TableCell colSpan={5}>
                <Spinner />
              </TableCell>
            </TableRow>
          )}
          {users.data?.items.map((u) =>
            editingId === u.id ? (
              editRow(u.id)
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
      <PaginationControls {...list.pager(users.data?.total)} />
      <AuditLog />
    </div>
  );
}
