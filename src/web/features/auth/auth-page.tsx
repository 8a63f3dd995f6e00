// /auth: sign in and register (spec: core-experience "Authentication screen", §5 validation).
import { zodResolver } from '@hookform/resolvers/zod';
import {
  type LoginRequest,
  loginRequest,
  type RegisterRequest,
  registerRequest,
} from '@shared/contracts/auth';
import { MessageSquareText, Mic } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Navigate, useSearchParams } from 'react-router';
import { useAuth } from '@/components/auth/auth-provider';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { PRODUCT_NAME } from '@/lib/brand';
import { afterSignIn, NEXT_PARAM } from '@/lib/navigation';

/** The email field, the same on both tabs. */
const EMAIL = {
  label: 'Email',
  type: 'email',
  autoComplete: 'email',
  placeholder: 'Enter your email',
} as const;

/** Why the form's last attempt failed, beside the form (the toast that also says it goes away). */
function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="text-destructive text-sm" data-testid="form-alert">
      {message}
    </p>
  );
}

/** `next`: the page a visitor was on the way to, where signing in carries on to. */
function LoginForm({ next }: { next: string | null }) {
  const { login, isLoggingIn, loginError } = useAuth();
  const form = useForm<LoginRequest>({
    resolver: zodResolver(loginRequest),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;
  return (
    <form noValidate className="grid gap-4" onSubmit={form.handleSubmit((values) => login(values, next))}>
      <FormField {...EMAIL} error={errors.email} {...form.register('email')} />
      <FormField
        label="Password"
        type="password"
        autoComplete="current-password"
        placeholder="Enter your password"
        error={errors.password}
        {...form.register('password')}
      />
      <FormAlert message={isLoggingIn ? null : loginError} />
      <Button type="submit" className="w-full" disabled={isLoggingIn}>
        {isLoggingIn && <Spinner label="Signing in" />}
        Sign In
      </Button>
    </form>
  );
}

function RegisterForm({ next }: { next: string | null }) {
  const { register: registerUser, isRegistering, registerError } = useAuth();
  const form = useForm<RegisterRequest>({
    resolver: zodResolver(registerRequest),
    defaultValues: { name: '', email: '', password: '', passwordConfirm: '' },
  });
  const { errors } = form.formState;
  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={form.handleSubmit((values) => registerUser(values, next))}
    >
      <FormField
        label="Name"
        autoComplete="name"
        placeholder="Enter your name"
        error={errors.name}
        {...form.register('name')}
      />
      <FormField {...EMAIL} error={errors.email} {...form.register('email')} />
      <FormField
        label="Password"
        type="password"
        autoComplete="new-password"
        placeholder="Create a password"
        error={errors.password}
        {...form.register('password')}
      />
      <FormField
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        placeholder="Confirm your password"
        error={errors.passwordConfirm}
        {...form.register('passwordConfirm')}
      />
      <FormAlert message={isRegistering ? null : registerError} />
      <Button type="submit" className="w-full" disabled={isRegistering}>
        {isRegistering && <Spinner label="Creating account" />}
        Create Account
      </Button>
    </form>
  );
}

const features = [
  {
    Icon: MessageSquareText,
    title: 'Real-time Feedback',
    text: 'Get instant insights on your performance and clear areas for improvement after every call.',
  },
  {
    Icon: Mic,
    title: 'Natural Voice AI',
    text: 'Practice with realistic AI callers that listen, respond and follow up like a real person.',
  },
];

function MarketingPanel() {
  return (
    <section
      aria-labelledby="auth-marketing-title"
      className="from-primary/15 via-primary/5 flex flex-col justify-center gap-6 rounded-xl bg-gradient-to-br to-transparent p-8"
    >
      <h2 id="auth-marketing-title" className="text-3xl font-bold tracking-tight lg:text-4xl">
        Practice calls with <span className="text-primary">AI-Powered Feedback</span>
      </h2>
      <p className="text-muted-foreground">
        Rehearse interviews, sales calls and difficult conversations by voice, then get a scored, explained
        evaluation.
      </p>
      <div className="grid gap-4">
        {features.map(({ Icon, title, text }) => (
          <Card key={title} className="gap-3 py-5">
            <CardHeader className="flex flex-row items-center gap-3">
              <span className="bg-primary/10 text-primary flex size-9 items-center justify-center rounded-lg">
                <Icon className="size-5" aria-hidden />
              </span>
              <CardTitle>{title}</CardTitle>
            </CardHeader>
            <CardContent className="text-muted-foreground text-sm">{text}</CardContent>
          </Card>
        ))}
      </div>
    </section>
  );
}

export default function AuthPage() {
  const { user, isLoading } = useAuth();
  const [searchParams, setSearchParams] = useSearchParams();
  const next = searchParams.get(NEXT_PARAM);
  if (isLoading) return null;
  if (user) return <Navigate to={afterSignIn(next)} replace />;

  const tab = searchParams.get('tab') === 'signup' ? 'register' : 'login';
  // switching tabs keeps where the visitor was going
  const onTabChange = (value: string) =>
    setSearchParams(
      { ...(value === 'register' ? { tab: 'signup' } : {}), ...(next ? { [NEXT_PARAM]: next } : {}) },
      { replace: true },
    );

  return (
    <div className="container mx-auto grid gap-8 px-4 py-10 lg:grid-cols-2 lg:py-16">
      <Card className="w-full max-w-md self-start justify-self-center lg:justify-self-end">
        <CardHeader>
          <CardTitle>
            <h1 className="text-2xl font-bold">Welcome to {PRODUCT_NAME}</h1>
          </CardTitle>
          <CardDescription>Sign in to your account or create a new one to get started</CardDescription>
        </CardHeader>
        <CardContent>
          <Tabs value={tab} onValueChange={onTabChange}>
            <TabsList className="mb-4 grid w-full grid-cols-2">
              <TabsTrigger value="login">Login</TabsTrigger>
              <TabsTrigger value="register">Register</TabsTrigger>
            </TabsList>
            <TabsContent value="login">
              <LoginForm next={next} />
            </TabsContent>
            <TabsContent value="register">
              <RegisterForm next={next} />
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>
      <MarketingPanel />
    </div>
  );
}
