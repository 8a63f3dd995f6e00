// An account on a temporary password (created or reset by an admin) must choose its own before
// anything else: the server refuses every other request until then.
import { zodResolver } from '@hookform/resolvers/zod';
import { type ChangePasswordRequest, changePasswordRequest, type User } from '@shared/contracts/auth';
import { KeyRound } from 'lucide-react';
import { useId, useState } from 'react';
import { type FieldError, type UseFormRegisterReturn, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, apiPost } from '@/lib/api';
import { hardNavigate } from '@/lib/navigation';
import { useAuth } from './auth-provider';

function PasswordField({
  label,
  error,
  autoComplete,
  registration,
}: {
  label: string;
  error?: FieldError;
  autoComplete: string;
  registration: UseFormRegisterReturn;
}) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="password"
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...registration}
      />
      {error?.message && (
        <p id={`${id}-error`} className="text-destructive text-sm">
          {error.message}
        </p>
      )}
    </div>
  );
}

export function SetPasswordScreen() {
  const { user, logout, isLoggingOut } = useAuth();
  const [saving, setSaving] = useState(false);
  const form = useForm<ChangePasswordRequest>({
    resolver: zodResolver(changePasswordRequest),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const onSubmit = async (values: ChangePasswordRequest) => {
    setSaving(true);
    try {
      await apiPost<User>('/api/user/password', values);
      toast.success('Success', { description: 'Your new password is set.' });
      hardNavigate('/');
    } catch (err) {
      toast.error('Error', {
        description: err instanceof ApiError ? err.message : 'Failed to set your new password',
      });
      setSaving(false);
    }
  };

  return (
    <div className="container mx-auto flex justify-center px-4 py-12">
      <Card className="w-full max-w-md">
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-xl">
            <KeyRound className="text-primary size-5" aria-hidden />
            <h1>Set a new password</h1>
          </CardTitle>
          <CardDescription>
            {user?.name ? `${user.name}, your` : 'Your'} account has a temporary password. Choose your own to
            continue.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form noValidate className="grid gap-4" onSubmit={form.handleSubmit(onSubmit)}>
            <PasswordField
              label="Temporary password"
              autoComplete="current-password"
              error={errors.currentPassword}
              registration={form.register('currentPassword')}
            />
            <PasswordField
              label="New password"
              autoComplete="new-password"
              error={errors.newPassword}
              registration={form.register('newPassword')}
            />
            <PasswordField
              label="Confirm new password"
              autoComplete="new-password"
              error={errors.confirmPassword}
              registration={form.register('confirmPassword')}
            />
            <Button type="submit" disabled={saving}>
              {saving && <Spinner label="Saving" />}
              Set Password
            </Button>
            <Button type="button" variant="ghost" disabled={isLoggingOut} onClick={() => void logout()}>
              Sign out
            </Button>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
