// @vitest-environment jsdom
// The admin's scenario dialog sends the write request the contract accepts (questions one per
// line, blank criteria dropped) and refuses what the server would refuse with the same toast.
import { MAX_NAME_LENGTH } from '@shared/domain/limits';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const toasts = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('sonner', () => ({ toast: toasts }));

import { ScenarioFormDialog } from './scenario-form-dialog';

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('ScenarioFormDialog', () => {
  it('saves the new scenario as the write request, with the spec defaults', async () => {
    const onSave = vi.fn();
    render(<ScenarioFormDialog editing="new" pending={false} onClose={vi.fn()} onSave={onSave} />);
    const save = screen.getByRole('button', { name: 'Save Scenario' });
    expect(save).toHaveProperty('disabled', true);
    type('Name', '  Dana Ortiz ');
    type('Sample questions (one per line)', 'Why now?\n\n  What changed? ');
    fireEvent.click(save);
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0][0]).toMatchObject({
      name: 'Dana Ortiz',
      role: 'Product Manager',
      company: 'Tech Company',
      voiceId: 'michael',
      sampleQuestions: ['Why now?', 'What changed?'],
      rubricName: 'Default Rubric',
      rubricCriteria: [{ name: 'Communication' }, { name: 'Problem Solving' }],
    });
  });

  it('refuses a name the contract refuses, with the toast a refused save gets', async () => {
    const onSave = vi.fn();
    render(<ScenarioFormDialog editing="new" pending={false} onClose={vi.fn()} onSave={onSave} />);
    type('Name', 'x'.repeat(MAX_NAME_LENGTH + 1));
    fireEvent.click(screen.getByRole('button', { name: 'Save Scenario' }));
    await waitFor(() => expect(toasts.error).toHaveBeenCalledTimes(1));
    expect(toasts.error.mock.calls[0][0]).toBe('Failed to save scenario');
    expect(toasts.error.mock.calls[0][1].description).toMatch(/\S/);
    expect(onSave).not.toHaveBeenCalled();
  });
});
