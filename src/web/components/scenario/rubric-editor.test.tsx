// @vitest-environment jsdom
// The keyboard after adding or removing a criterion: on the new criterion's name, or on the one
// before the removed criterion, not lost to the page.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { type RubricCriterionDraft, RubricEditor } from './rubric-editor';

afterEach(cleanup);

function Editor({ initial }: { initial: RubricCriterionDraft[] }) {
  const [criteria, setCriteria] = useState(initial);
  return (
    <RubricEditor name="Rubric" criteria={criteria} onNameChange={() => {}} onCriteriaChange={setCriteria} />
  );
}

const two = [
  { name: 'Clarity', description: 'Speaks plainly.' },
  { name: 'Ownership', description: 'Owns the problem.' },
];

describe('RubricEditor focus', () => {
  it('moves to the new criterion’s name after Add Criterion', () => {
    render(<Editor initial={two} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add Criterion' }));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Criterion 3 name' }));
  });

  it('moves to the criterion before a removed one, and to Add Criterion when none is left', () => {
    render(<Editor initial={two} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove criterion 2' }));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Criterion 1 name' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove criterion 1' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add Criterion' }));
  });

  it('leaves the focus alone while a criterion is typed in', () => {
    render(<Editor initial={two} />);
    const description = screen.getByRole('textbox', { name: 'Criterion 2 description' });
    description.focus();
    fireEvent.change(description, { target: { value: 'Owns the problem and the fix.' } });
    expect(document.activeElement).toBe(description);
  });
});
