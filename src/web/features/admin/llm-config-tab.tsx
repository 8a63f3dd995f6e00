// LLM configuration tab: edits the evaluation and generation models and temperatures, JSON output
// and the voice settings (stored in the database, applied without restart), and shows which
// providers are active plus whether the ElevenLabs voice agent is configured. Each provider can be
// tested: the server runs a small real operation with it and answers success or its error.
import { zodResolver } from '@hookform/resolvers/zod';
import type { ProviderName, ProvidersStatus } from '@shared/contracts/health';
import { type ModelSettings, modelSettings } from '@shared/contracts/settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, XCircle } from 'lucide-react';
import { Controller, type UseFormReturn, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PageSpinner, Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { api } from '@/lib/api-client';
import { firstMessage } from './admin-form';
import { ServerMemoryCard } from './server-memory-card';

const PROVIDER_LABELS: Record<ProviderName, string> = {
  llm: 'Language model',
  speechToText: 'Speech to text',
  textToSpeech: 'Text to speech',
  voiceAgent: 'Voice agent',
  payments: 'Payments',
  recordings: 'Recordings storage',
};

type TestOutcome = { ok: boolean; message: string; latencyMs?: number };

function TestResult({ outcome }: { outcome: TestOutcome }) {
  const tone = outcome.ok ? 'text-emerald-600 dark:text-emerald-400' : 'text-destructive';
  const Icon = outcome.ok ? CheckCircle2 : XCircle;
  return (
    <p className={`flex items-start gap-1.5 text-sm ${tone}`}>
      <Icon className="mt-0.5 size-4" aria-hidden />
      <span>
        {outcome.ok ? 'Connection works' : 'Test failed'}
        {outcome.latencyMs !== undefined && ` (${outcome.latencyMs} ms)`}: {outcome.message}
      </span>
    </p>
  );
}

/** One active provider with its "Test connection": the result stays under the row and in a toast. */
function ProviderRow({
  provider,
  status,
}: {
  provider: ProviderName;
  status: ProvidersStatus[ProviderName];
}) {
  const label = PROVIDER_LABELS[provider];
  const test = useMutation({
    mutationFn: () => api.post('/api/admin/providers/:provider/test', { params: { provider } }),
    onSuccess: (r) =>
      r.ok
        ? toast.success(`${label}: connection works`, { description: r.message })
        : toast.error(`${label}: test failed`, { description: r.message }),
    onError: (err: Error) => toast.error(`${label}: test failed`, { description: err.message }),
  });
  const outcome: TestOutcome | undefined = test.isPending
    ? undefined
    : (test.data ?? (test.error ? { ok: false, message: test.error.message } : undefined));
  return (
    <li className="space-y-2 py-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0 [overflow-wrap:anywhere]">
          <p className="font-medium">{label}</p>
          {status.detail && <p className="text-muted-foreground text-sm">{status.detail}</p>}
        </div>
        <div className="flex shrink-0 items-center gap-2">
          <Badge variant={status.configured ? 'default' : 'secondary'}>{status.kind}</Badge>
          <Button
            type="button"
            size="sm"
            variant="outline"
            aria-label={`Test connection for ${label}`}
            disabled={test.isPending}
            onClick={() => test.mutate()}
          >
            {test.isPending ? (
              <>
                <Spinner label={`Testing ${label}`} /> Testing…
              </>
            ) : (
              'Test connection'
            )}
          </Button>
        </div>
      </div>
      <div aria-live="polite" data-testid={`provider-test-${provider}`}>
        {outcome && <TestResult outcome={outcome} />}
      </div>
    </li>
  );
}

type SettingsForm = UseFormReturn<ModelSettings>;

/** Number inputs hold text; the settings hold numbers (a cleared field counts as 0, as it always has). */
const asNumber = { setValueAs: (v: unknown) => Number(v) };

function TaskFields({
  title,
  id,
  form,
}: {
  title: string;
  id: 'evaluation' | 'generation';
  form: SettingsForm;
}) {
  return (
    <fieldset className="space-y-3 rounded-md border p-4">
      <legend className="px-1 font-medium">{title}</legend>
      <div className="space-y-1">
        <Label htmlFor={`${id}-model`}>Model</Label>
        <Input id={`${id}-model`} {...form.register(`${id}.model`)} />
      </div>
      <div className="space-y-1">
        <Label htmlFor={`${id}-temperature`}>Temperature</Label>
        <Input
          id={`${id}-temperature`}
          type="number"
          step={0.1}
          min={0}
          max={2}
          {...form.register(`${id}.temperature`, asNumber)}
        />
      </div>
      <SwitchField form={form} name={`${id}.jsonOutput`} label="JSON output" />
    </fieldset>
  );
}

function SwitchField({
  form,
  name,
  label,
}: {
  form: SettingsForm;
  name: 'evaluation.jsonOutput' | 'generation.jsonOutput' | 'voice.streaming';
  label: string;
}) {
  return (
    <Label className="flex items-center gap-2">
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => <Switch checked={field.value} onCheckedChange={field.onChange} />}
      />
      {label}
    </Label>
  );
}

export default function LlmConfigTab() {
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey: ['/api/settings/models'],
    queryFn: () => api.get('/api/settings/models'),
  });
  const health = useQuery({
    queryKey: ['/api/health'],
    queryFn: () => api.get('/api/health'),
  });
  const elevenlabs = useQuery({
    queryKey: ['/api/check-elevenlabs-key'],
    queryFn: () => api.get('/api/check-elevenlabs-key'),
  });
  // the stored settings fill the form, again whenever they change (after a save)
  const form = useForm<ModelSettings>({
    resolver: zodResolver(modelSettings),
    values: settings.data?.settings,
  });
  const save = useMutation({
    mutationFn: (body: ModelSettings) => api.patch('/api/settings/models', { body }),
    onSuccess: (data) => {
      queryClient.setQueryData(['/api/settings/models'], data);
      toast.success('Success', { description: 'Model settings saved. They apply to the next evaluation.' });
    },
    onError: (err: Error) => toast.error('Failed to save settings', { description: err.message }),
  });

  if (settings.isLoading || !settings.data) return <PageSpinner />;
  // an admin's health answer names the providers; a visitor's has only the status
  const providers = health.data && 'providers' in health.data ? health.data.providers : undefined;
  const memory = health.data && 'memory' in health.data ? health.data.memory : undefined;
  const active = settings.data?.active;
  return (
    // min-w-0: a grid item is otherwise as wide as its widest content (the provider rows), and on a
    // 390 px phone the page then scrolled sideways (issue 23 §3)
    <div className="grid grid-cols-1 gap-6 pt-4 lg:grid-cols-2 [&>*]:min-w-0">
      <Card>
        <CardHeader>
          <CardTitle>Model settings</CardTitle>
          <CardDescription>
            Evaluator: {active?.evaluator} · Generator: {active?.generator}
            {active?.llmEndpoint ? ` · Endpoint ${active.llmEndpoint}` : ' · No model endpoint configured'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form
            className="space-y-4"
            onSubmit={form.handleSubmit(
              (body) => save.mutate(body),
              (errors) =>
                // the same toast a refused save gets from the server, with the same wording
                toast.error('Failed to save settings', { description: firstMessage(errors) }),
            )}
          >
            <TaskFields id="evaluation" title="Evaluation" form={form} />
            <TaskFields id="generation" title="Custom scenario generation" form={form} />
            <fieldset className="space-y-3 rounded-md border p-4">
              <legend className="px-1 font-medium">Voice</legend>
              <p className="text-muted-foreground text-sm" data-testid="voice-settings-scope">
                Applied from the next call on to ElevenLabs voices: the ElevenLabs agent (stability and
                similarity boost; it always streams) and ElevenLabs speech on the built-in gateway (all
                three). OpenAI-compatible speech uses only streaming; the built-in offline voice uses none of
                them.
              </p>
              <div className="grid grid-cols-2 gap-3">
                <div className="space-y-1">
                  <Label htmlFor="voice-stability">Stability (0–1)</Label>
                  <Input
                    id="voice-stability"
                    type="number"
                    step={0.05}
                    min={0}
                    max={1}
                    {...form.register('voice.stability', asNumber)}
                  />
                </div>
                <div className="space-y-1">
                  <Label htmlFor="voice-similarity">Similarity boost (0–1)</Label>
                  <Input
                    id="voice-similarity"
                    type="number"
                    step={0.05}
                    min={0}
                    max={1}
                    {...form.register('voice.similarityBoost', asNumber)}
                  />
                </div>
              </div>
              <SwitchField
                form={form}
                name="voice.streaming"
                label="Streaming (speech is played as it arrives)"
              />
            </fieldset>
            <div className="flex gap-2">
              <Button type="submit" disabled={save.isPending}>
                Save settings
              </Button>
              <Button
                type="button"
                variant="outline"
                onClick={() => settings.data && form.reset(settings.data.defaults)}
              >
                Restore defaults
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Active providers</CardTitle>
          <CardDescription>
            Set keys in the server's environment to switch from the built-in ones.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="divide-y">
            {providers &&
              (Object.keys(PROVIDER_LABELS) as ProviderName[]).map((key) => (
                <ProviderRow key={key} provider={key} status={providers[key]} />
              ))}
            <li className="flex items-center justify-between gap-3 py-3">
              <p className="font-medium">ElevenLabs key</p>
              <Badge variant={elevenlabs.data?.available ? 'default' : 'secondary'}>
                {elevenlabs.data?.available ? 'available' : 'not configured'}
              </Badge>
            </li>
          </ul>
        </CardContent>
      </Card>
      <ServerMemoryCard
        memory={memory}
        onRefresh={() => void health.refetch()}
        refreshing={health.isFetching}
      />
    </div>
  );
}
