import { questionLinkMessages } from '@chorus/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SurveyPage } from '../src/SurveyPage';
import { answerFetch, type FetchMock, fillAll, group, posts, priceLabels } from './survey-fixture';

// A whole page of every question type filled in click by click takes jsdom a
// few seconds, more on a busy machine.
jest.setTimeout(30_000);

let fetchMock: FetchMock;

beforeEach(() => {
  fetchMock = answerFetch();
});

const open = async () => {
  render(<SurveyPage path="/survey/tok-1" />);
  await screen.findByRole('heading', { name: 'Pricing for Chorus Pro' });
};
const send = () => userEvent.click(screen.getByRole('button', { name: 'Send my answers' }));

describe('SurveyPage checks before sending', () => {
  it('refuses four prices out of order with the contract’s message and sends nothing', async () => {
    await open();
    await fillAll(['30', '15', '5', '60']);
    await send();

    const range = group(/What would you pay/);
    expect(range.getByText(questionLinkMessages.priceOrder)).toBeInTheDocument();
    expect(screen.getByRole('group', { name: /What would you pay/ })).toHaveAccessibleDescription(
      questionLinkMessages.priceOrder,
    );
    expect(screen.getByLabelText(priceLabels.tooCheap)).toHaveFocus();
    expect(screen.getByRole('alert')).not.toHaveTextContent(
      questionLinkMessages.answerEveryQuestion,
    );
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it('asks for every question and focuses the first one left out', async () => {
    await open();
    await send();

    expect(screen.getByRole('alert')).toHaveTextContent(questionLinkMessages.answerEveryQuestion);
    expect(group(/How satisfied/).getByText('Answer this question')).toBeInTheDocument();
    expect(group(/How satisfied/).getByRole('radio', { name: '1 — Very unhappy' })).toHaveFocus();
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it('takes a question’s message away once it is answered', async () => {
    await open();
    await send();
    await userEvent.click(group(/How satisfied/).getByRole('radio', { name: '3' }));

    expect(group(/How satisfied/).queryByText('Answer this question')).not.toBeInTheDocument();
    expect(group(/recommend Chorus/).getByText('Answer this question')).toBeInTheDocument();
  });

  it('refuses a number outside the question’s range', async () => {
    await open();
    await fillAll();
    const amount = screen.getByLabelText('Your answer, in dollars a month');
    await userEvent.clear(amount);
    await userEvent.type(amount, '900');
    await send();

    expect(
      group(/planning tools/).getByText(questionLinkMessages.number(0, 500, 'dollars a month')),
    ).toBeInTheDocument();
    expect(amount).toHaveFocus();
    expect(posts(fetchMock)).toHaveLength(0);
  });

  it('lets "None of these" stand alone among the multiple choices', async () => {
    await open();
    const features = group(/features/);
    await userEvent.click(features.getByRole('checkbox', { name: 'Reports' }));
    await userEvent.click(features.getByRole('checkbox', { name: 'Alerts' }));
    await userEvent.click(features.getByRole('checkbox', { name: 'None of these' }));

    expect(features.getByRole('checkbox', { name: 'None of these' })).toBeChecked();
    expect(features.getByRole('checkbox', { name: 'Reports' })).not.toBeChecked();
    expect(features.getByRole('checkbox', { name: 'Alerts' })).not.toBeChecked();

    await userEvent.click(features.getByRole('checkbox', { name: 'Exports' }));
    expect(features.getByRole('checkbox', { name: 'None of these' })).not.toBeChecked();
    expect(features.getByRole('checkbox', { name: 'Exports' })).toBeChecked();
  });

  it('sets higher prices of the ladder to no after a no, and leaves them to change', async () => {
    await open();
    const at = (price: string) => group(`Would you buy Chorus Pro at ${price} a month?`);
    await userEvent.click(at('$40').getByRole('radio', { name: 'Yes' }));
    await userEvent.click(at('$20').getByRole('radio', { name: 'No' }));

    expect(at('$10').getByRole('radio', { name: 'Yes' })).not.toBeChecked();
    expect(at('$10').getByRole('radio', { name: 'No' })).not.toBeChecked();
    expect(at('$30').getByRole('radio', { name: 'No' })).toBeChecked();
    // An answer already given is the person's own.
    expect(at('$40').getByRole('radio', { name: 'Yes' })).toBeChecked();

    await userEvent.click(at('$30').getByRole('radio', { name: 'Yes' }));
    expect(at('$30').getByRole('radio', { name: 'Yes' })).toBeChecked();
  });

  it('never takes one item as both most and least important in a set', async () => {
    await open();
    const set = group(/^Set 1 of 3/);
    await userEvent.click(set.getByRole('radio', { name: 'Least important: Reminders' }));
    await userEvent.click(set.getByRole('radio', { name: 'Most important: Reminders' }));

    expect(set.getByRole('radio', { name: 'Most important: Reminders' })).toBeChecked();
    expect(set.getByRole('radio', { name: 'Least important: Reminders' })).not.toBeChecked();
  });

  it('moves a ranked item with the arrow keys', async () => {
    await open();
    const ranking = group(/Rank what matters/);
    const price = ranking.getByRole('listitem', { name: '2. Price' });
    price.focus();
    await userEvent.keyboard('{ArrowUp}');

    expect(ranking.getAllByRole('listitem').map((li) => li.getAttribute('aria-label'))).toEqual([
      '1. Price',
      '2. Speed',
      '3. Support',
    ]);
  });
});
