import { followUpMessages, MAX_FOLLOW_UP_LENGTH } from '@chorus/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type FollowUpController, FollowUpForm } from '../src/components/questions/FollowUps';

function controller(): FollowUpController & { send: jest.Mock } {
  return { live: [], sending: false, send: jest.fn(() => Promise.resolve()) };
}

describe('FollowUpForm', () => {
  it('says to write something first, and sends nothing', async () => {
    const asked = controller();
    render(<FollowUpForm controller={asked} personaId="p1" label="Ask Maya a follow-up" />);
    await userEvent.type(screen.getByLabelText('Ask Maya a follow-up'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(followUpMessages.empty);
    expect(screen.getByLabelText('Ask Maya a follow-up')).toHaveAttribute('aria-invalid', 'true');
    expect(asked.send).not.toHaveBeenCalled();
  });

  it('refuses a message over the limit with the limit in words', async () => {
    const asked = controller();
    render(<FollowUpForm controller={asked} label="Ask every persona a follow-up" />);
    const box = screen.getByLabelText('Ask every persona a follow-up');
    await userEvent.click(box);
    await userEvent.paste('x'.repeat(MAX_FOLLOW_UP_LENGTH + 1));
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(followUpMessages.tooLong);
    expect(asked.send).not.toHaveBeenCalled();
  });

  it('sends the trimmed message to the persona and empties the box', async () => {
    const asked = controller();
    render(<FollowUpForm controller={asked} personaId="p1" label="Ask Maya a follow-up" />);
    const box = screen.getByLabelText('Ask Maya a follow-up');
    await userEvent.type(box, '  Why not?  ');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(asked.send).toHaveBeenCalledWith({ message: 'Why not?', personaId: 'p1' });
    expect(box).toHaveValue('');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
