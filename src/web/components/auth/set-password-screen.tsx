// An account on a temporary password (created or reset by an admin) must choose its own before
// anything else: the server refuses every other request until then. The sign-in with the temporary
// password is the proof (the server remembers it on the session for a while), so the screen asks
// only for the new password, twice, with Sign out as the one other way out (issue 23 §4).
import { zodResolver } from '@hookform/resolvers/zod';
import { type ChooseNewPasswordForm, chooseNewPasswordForm } from '@shared/contracts/auth';
import { AlertCircle, KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { FormField } from '@/components/form-field';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { api } from '@/lib/api-client';
import { hardNavigate } from '@/lib/navigation';
import { useAuth } from './auth-provider';

export function SetPasswordScreen() {
  const { user, logout, isLoggingOut } = useAuth();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ChooseNewPasswordForm>({
    resolver: zodResolver(chooseNewPasswordForm),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const onSubmit = async (values: ChooseNewPasswordForm) => {
    setSaving(true);
    setFailure(null);
    try {
      await api.post('/api/user/password', { body: values });
      toast.success('Success', { description: 'Your new password is set.' });
      hardNavigate('/');
    } catch (err) {
      // shown on the form, where the user is looking (an expired sign-in leaves only Sign out)
      setFailure(err instanceof ApiError ? err.message : 'Failed to set your new password');
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
            {user?.name ? `${user.name}, you` : 'You'} signed in with a temporary password. Choose your own to
            continue.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form noValidate className="grid gap-4" onSubmit={form.handleSubmit(onSubmit)}>
            {/* for password managers: the account the new password belongs to */}
            <input
              type="text"
              name="username"
              autoComplete="username"
              value={user?.email ?? ''}
              readOnly
              hidden
            />
            <FormField
              label="New password"
              type="password"
              autoComplete="new-password"
              error={errors.newPassword}
              {...form.register('newPassword')}
            />
            <FormField
              label="Confirm new password"
              type="password"
              autoComplete="new-password"
              error={errors.confirmPassword}
              {...form.register('confirmPassword')}
            />
            {failure && (
              <Alert variant="destructive">
                <AlertCircle aria-hidden />
                <AlertDescription>{failure}</AlertDescription>
              </Alert>
            )}
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
