// @vitest-environment jsdom
// Edit and Delete appear on the user's own custom scenario in the new-call picker, never on a
// preset; Edit sends the form's fields, Delete asks first, naming the scenario.
import type { Interviewer } from '@shared/contracts/scenarios';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '@/components/auth/auth-provider';
import { editProblem, isOwnCustomScenario, toEditDraft, toPatchRequest } from './scenario-edit';

const toasts = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('sonner', () => ({ toast: toasts }));

import { fakeScenario } from '@/test-support/contract-replies';
import NewCallPage from '../calls/new-call-page';

const preset: Interviewer = fakeScenario({ rubricId: 1 });
const mine: Interviewer = {
  ...preset,
  id: 7,
  name: 'Marta Lindqvist',
  role: 'CTO',
  company: 'Fjordline Ferries',
  bio: 'A furious CTO the morning after our migration took the production database down.',
  callType: 'Custom Scenario',
  systemPrompt: 'You are Marta Lindqvist, CTO.\n\nTemperament: angry',
  welcomeMessage: "Marta here. We need to talk about your migration, and I haven't got long.",
  sampleQuestions: ['How did that happen?'],
  rubricName: 'Customer Escalation Rubric',
  rubricCriteria: [{ name: 'Ownership', description: 'Owns it.' }],
  isCustomScenario: true,
  addedBy: 42,
  userId: 42,
};
const user = { id: 42, name: 'Casey', email: 'c@example.com', credits: 3, role: 'user', isAdmin: false };
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderPicker(list: Interviewer[]) {
  const requests: { url: string; method: string; body: unknown }[] = [];
  let current = [...list];
  // the voice choice's radio group measures itself; jsdom has no ResizeObserver
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      requests.push({ url, method, body });
      if (url === '/api/user') return json(200, user);
      if (url === '/api/interviewers') return json(200, current);
      if (url === `/api/interviewers/${mine.id}` && method === 'PATCH') {
        current = current.map((i) => (i.id === mine.id ? { ...i, ...body } : i));
        return json(
          200,
          current.find((i) => i.id === mine.id),
        );
      }
      if (url === `/api/interviewers/${mine.id}` && method === 'DELETE') {
        current = current.filter((i) => i.id !== mine.id);
        return json(200, { id: mine.id, outcome: 'archived' });
      }
      throw new Error(`unexpected request ${method} ${url}`);
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/new-call']}>
        <AuthProvider>
          <Routes>
            <Route path="/new-call" element={<NewCallPage />} />
          </Routes>
        </AuthProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return requests;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('own custom scenario: Edit and Delete', () => {
  it('are offered on the owner’s custom scenario only, not on a preset or another user’s', async () => {
    renderPicker([preset, mine]);
    expect(await screen.findByRole('button', { name: 'Edit Marta Lindqvist' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete Marta Lindqvist' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit Sarah Chen' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Sarah Chen' })).toBeNull();
    expect(isOwnCustomScenario(mine, 42)).toBe(true);
    expect(isOwnCustomScenario({ ...mine, userId: 43 }, 42)).toBe(false);
    expect(isOwnCustomScenario(preset, 42)).toBe(false);
    expect(isOwnCustomScenario(mine, null)).toBe(false);
  });

  it('Edit opens a form with the scenario’s fields and saves the change', async () => {
    const requests = renderPicker([preset, mine]);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Marta Lindqvist' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Scenario' });
    const name = within(dialog).getByLabelText('Name') as HTMLInputElement;
    expect(name.value).toBe('Marta Lindqvist');
    expect((within(dialog).getByLabelText('Role') as HTMLInputElement).value).toBe('CTO');
    expect((within(dialog).getByLabelText('Opening line') as HTMLTextAreaElement).value).toContain(
      'your migration',
    );
    fireEvent.change(name, { target: { value: 'Marta (post-mortem)' } });
    fireEvent.change(within(dialog).getByLabelText('Sample Questions'), {
      target: { value: 'What did the post-mortem find?\n\nWho owns the fix?' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(toasts.success).toHaveBeenCalledWith('Scenario updated successfully', expect.anything()),
    );
    const patch = requests.find((r) => r.method === 'PATCH');
    expect(patch?.body).toMatchObject({
      name: 'Marta (post-mortem)',
      role: 'CTO',
      company: 'Fjordline Ferries',
      sampleQuestions: ['What did the post-mortem find?', 'Who owns the fix?'],
    });
    expect(Object.keys(patch?.body as object)).not.toContain('userId');
    expect(await screen.findByRole('button', { name: 'Edit Marta (post-mortem)' })).toBeTruthy();
  });

  it('Save refuses a draft without a name with the spec’s message and sends nothing', async () => {
    const requests = renderPicker([preset, mine]);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Marta Lindqvist' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Scenario' });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: '  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith('Name is required'));
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false);
  });

  it('Delete asks for confirmation naming the scenario, then removes it from the list', async () => {
    const requests = renderPicker([preset, mine]);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Marta Lindqvist' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText('Delete “Marta Lindqvist”?')).toBeTruthy();
    expect(confirm.textContent).toMatch(/past calls with it, their recordings and evaluations are kept/);
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete Scenario' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'DELETE')).toBe(true));
    await waitFor(() => expect(screen.queryByRole('button', { name: /Marta Lindqvist/ })).toBeNull());
    expect(toasts.success).toHaveBeenCalledWith('Scenario deleted successfully', {
      description: '“Marta Lindqvist” is gone from your list. Your past calls with it are kept.',
    });
  });

  it('checks the draft before saving with the spec’s wording', () => {
    const draft = toEditDraft(mine);
    expect(editProblem(draft)).toBeNull();
    expect(editProblem({ ...draft, name: ' ' })).toBe('Name is required');
    expect(editProblem({ ...draft, systemPrompt: '' })).toBe(
      'Please ensure both prompt and rubric are complete.',
    );
    expect(editProblem({ ...draft, criteria: [] })).toBe(
      'Please ensure both prompt and rubric are complete.',
    );
    expect(toPatchRequest(draft)).toEqual({
      name: mine.name,
      role: mine.role,
      company: mine.company,
      bio: mine.bio,
      voiceId: 'sarah',
      welcomeMessage: mine.welcomeMessage,
      systemPrompt: mine.systemPrompt,
      rubricName: mine.rubricName,
      rubricCriteria: mine.rubricCriteria,
      sampleQuestions: mine.sampleQuestions,
    });
  });
});
