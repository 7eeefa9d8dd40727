import type { WordingCheck } from '@chorus/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WordingFindings } from '../src/components/questions/WordingFindings';

const finding = {
  kind: 'social-proof' as const,
  phrase: 'Thousands of sailors already rent our dinghies.',
  why: '"Thousands of sailors already rent our dinghies." tells people what others do.',
};

const ready: WordingCheck = {
  leading: true,
  findings: [finding],
  neutral: 'Would you rent our dinghies?',
  rewording: 'ready',
  edits: [],
  reversed: 'Would you decide against renting our dinghies?',
  reversedReady: true,
};

const editYourself: WordingCheck = {
  leading: true,
  findings: [finding],
  neutral: 'Thousands of sailors already rent our dinghies. Would you try one?',
  rewording: 'edit-yourself',
  edits: [
    {
      phrase: 'Thousands of sailors already rent our dinghies.',
      change: 'remove',
      why: 'It tells people what others do. Remove what others do or think.',
    },
    {
      phrase: 'one',
      change: 'replace',
      suggestion: 'a dinghy',
      why: 'Once those words go, "one" no longer says what it stands for: name it instead.',
    },
  ],
  reversed: 'Thousands of sailors already rent our dinghies. Would you try one?',
  reversedReady: false,
};

describe('the wording check before asking', () => {
  it('offers a neutral wording in one click when it is ready', async () => {
    const onUse = jest.fn();
    render(<WordingFindings wording={ready} onUse={onUse} />);
    const note = screen.getByRole('note', { name: 'Wording check' });
    expect(within(note).getByTestId('neutral-wording')).toHaveTextContent(
      'Would you rent our dinghies?',
    );
    expect(within(note).queryByTestId('wording-edits')).toBeNull();
    await userEvent.click(within(note).getByRole('button', { name: 'Use neutral wording' }));
    expect(onUse).toHaveBeenCalledWith('Would you rent our dinghies?');
  });

  it('says which words to remove or change, in plain words, when no rewording is safe', () => {
    render(<WordingFindings wording={editYourself} onUse={jest.fn()} />);
    const note = screen.getByRole('note', { name: 'Wording check' });
    expect(within(note).queryByRole('button', { name: 'Use neutral wording' })).toBeNull();
    expect(within(note).queryByTestId('neutral-wording')).toBeNull();
    const edits = within(note).getByTestId('wording-edits');
    expect(edits).toHaveTextContent('We could not reword this safely');
    const lines = within(edits).getAllByTestId('wording-edit');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toHaveTextContent('Remove Thousands of sailors already rent our dinghies.');
    expect(lines[1]).toHaveTextContent('Change one to “a dinghy”');
    expect(lines[1]).toHaveTextContent('name it instead');
  });

  it('shows nothing for a question that does not lead', () => {
    const { container } = render(
      <WordingFindings wording={{ ...ready, leading: false, findings: [] }} onUse={jest.fn()} />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
