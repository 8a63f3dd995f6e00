// /admin (administration §2 "Admin dashboard"): tabs chosen by ?tab=users|scenarios|tracks|llm-config
// (internal names interviewers and llm), default users; switching replaces the history entry.
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';

const UsersTab = lazy(() => import('./users-tab'));
const ScenariosTab = lazy(() => import('./scenarios-tab'));
const TracksTab = lazy(() => import('./tracks-tab'));
const LlmConfigTab = lazy(() => import('./llm-config-tab'));

type Internal = 'users' | 'interviewers' | 'tracks' | 'llm';
const FROM_QUERY: Record<string, Internal> = {
  users: 'users',
  scenarios: 'interviewers',
  interviewers: 'interviewers',
  tracks: 'tracks',
  'llm-config': 'llm',
  llm: 'llm',
};
const TO_QUERY: Record<Internal, string> = {
  users: 'users',
  interviewers: 'scenarios',
  tracks: 'tracks',
  llm: 'llm-config',
};

export default function AdminPage() {
  const [params, setParams] = useSearchParams();
  const tab = FROM_QUERY[params.get('tab') ?? ''] ?? 'users';
  return (
    <div className="container mx-auto max-w-6xl space-y-6 px-4 py-8">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Admin Dashboard</h1>
        <p className="text-muted-foreground">Manage users, scenarios, tracks and the model configuration.</p>
      </div>
      <Tabs value={tab} onValueChange={(v) => setParams({ tab: TO_QUERY[v as Internal] }, { replace: true })}>
        <TabsList>
          <TabsTrigger value="users">Users</TabsTrigger>
          <TabsTrigger value="interviewers">Scenarios</TabsTrigger>
          <TabsTrigger value="tracks">Tracks</TabsTrigger>
          <TabsTrigger value="llm">LLM Config</TabsTrigger>
        </TabsList>
        <Suspense fallback={<PageSpinner />}>
          <TabsContent value="users">{tab === 'users' && <UsersTab />}</TabsContent>
          <TabsContent value="interviewers">{tab === 'interviewers' && <ScenariosTab />}</TabsContent>
          <TabsContent value="tracks">{tab === 'tracks' && <TracksTab />}</TabsContent>
          <TabsContent value="llm">{tab === 'llm' && <LlmConfigTab />}</TabsContent>
        </Suspense>
      </Tabs>
    </div>
  );
}
