// @vitest-environment jsdom
// Issue 23 §2: the one confirmation dialog. Cancel does nothing; the action runs once, and a slow
// action keeps the dialog open (buttons disabled) until it is done.
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';

afterEach(cleanup);

function renderDialog(onConfirm: () => unknown) {
  render(
    <ConfirmDialog
      trigger={<button type="button">Reset Progress</button>}
      title="Reset your progress?"
      description="This cannot be undone."
      confirmLabel="Reset"
      destructive
      onConfirm={onConfirm}
    />,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Reset Progress' }));
  return screen.getByRole('alertdialog', { name: 'Reset your progress?' });
}

describe('ConfirmDialog', () => {
  it('asks first: Cancel closes it without acting', () => {
    const onConfirm = vi.fn();
    const dialog = renderDialog(onConfirm);
    expect(dialog.textContent).toContain('This cannot be undone.');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('stays open while a slow action runs, then closes', async () => {
    let finish = () => {};
    const onConfirm = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    renderDialog(onConfirm);
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    expect((screen.getByRole('button', { name: /Reset$/ }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => finish());
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('closes after a failed action too (the caller reports the failure)', async () => {
    renderDialog(() => Promise.reject(new Error('nope')));
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('controlled: answers through onOpenChange', () => {
    const onOpenChange = vi.fn();
    const onConfirm = vi.fn();
    render(
      <ConfirmDialog
        open
        onOpenChange={onOpenChange}
        title="Leave the call?"
        description="Your call will end and be evaluated."
        cancelLabel="Stay"
        confirmLabel="Leave"
        onConfirm={onConfirm}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Leave' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
