import { type PublicQuestionLinkView, questionLinkMessages } from '@chorus/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SurveyPage, surveyTokenOf } from '../src/SurveyPage';
import {
  answerFetch,
  type FetchMock,
  fillAll,
  group,
  json,
  posts,
  priceLabels,
  surveyLink,
} from './survey-fixture';

// A whole page of every question type filled in click by click takes jsdom a
// few seconds, more on a busy machine.
jest.setTimeout(30_000);

let fetchMock: FetchMock;

beforeEach(() => {
  fetchMock = answerFetch();
});

const sendButton = () => screen.getByRole('button', { name: 'Send my answers' });

describe('SurveyPage', () => {
  it('reads the token from /survey/{token} only', () => {
    expect(surveyTokenOf('/survey/tok%201')).toBe('tok 1');
    expect(surveyTokenOf('/survey/tok-1/')).toBe('tok-1');
    expect(surveyTokenOf('/share/tok-1')).toBeNull();
  });

  it('asks every question as its type asks it', async () => {
    render(<SurveyPage path="/survey/tok-1" />);

    expect(
      await screen.findByRole('heading', { name: 'Pricing for Chorus Pro' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Acme Analytics')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/public/question-links/tok-1');

    const scale = group(/How satisfied/);
    expect(scale.getAllByRole('radio')).toHaveLength(5);
    expect(scale.getByRole('radio', { name: '1 — Very unhappy' })).toBeInTheDocument();
    expect(scale.getByRole('radio', { name: '5 — Very happy' })).toBeInTheDocument();

    const nps = group(/recommend Chorus/);
    expect(nps.getAllByRole('radio')).toHaveLength(11);
    expect(nps.getByRole('radio', { name: '0 — Not at all likely' })).toBeInTheDocument();
    expect(nps.getByRole('radio', { name: '10 — Extremely likely' })).toBeInTheDocument();

    const single = group(/channel/);
    expect(single.getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual([
      'Email',
      'Chat',
      'Phone',
      'None of these',
    ]);
    expect(group(/features/).getAllByRole('checkbox')).toHaveLength(4);

    const amount = screen.getByLabelText('Your answer, in dollars a month');
    expect(amount).toHaveAttribute('type', 'number');
    expect(amount).toHaveAttribute('min', '0');
    expect(amount).toHaveAttribute('max', '500');

    const ranking = group(/Rank what matters/);
    expect(ranking.getAllByRole('listitem').map((li) => li.getAttribute('aria-label'))).toEqual([
      '1. Speed',
      '2. Price',
      '3. Support',
    ]);
    expect(ranking.getByRole('button', { name: 'Move Speed up' })).toBeDisabled();

    const maxdiff = group(/matter to you in a planner/);
    expect(maxdiff.getAllByRole('group', { name: /^Set \d of 3/ })).toHaveLength(3);
    const second = group(/^Set 2 of 3/);
    expect(second.getAllByRole('radio', { name: /^Most important: / })).toHaveLength(4);
    expect(second.getByRole('radio', { name: 'Least important: Dark theme' })).toBeInTheDocument();

    for (const price of ['$10', '$20', '$30', '$40']) {
      const rung = group(`Would you buy Chorus Pro at ${price} a month?`);
      expect(rung.getByRole('radio', { name: 'Yes' })).toBeInTheDocument();
      expect(rung.getByRole('radio', { name: 'No' })).toBeInTheDocument();
    }

    for (const label of Object.values(priceLabels)) {
      expect(screen.getByLabelText(label)).toHaveAttribute('type', 'number');
    }
    expect(
      screen.getByRole('group', {
        name: 'How likely would you be to buy it at your bargain price?',
      }),
    ).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(priceLabels.bargain), '15');
    expect(
      screen.getByRole('group', { name: 'How likely would you be to buy it at $15 a month?' }),
    ).toBeInTheDocument();
  });

  it('asks a scale with a word for every point one point a line', async () => {
    const worded: PublicQuestionLinkView = {
      ...surveyLink,
      questions: [
        {
          id: 'q-agree',
          questionText: 'Planning my week takes too long',
          spec: {
            type: 'scale',
            points: 5,
            lowLabel: 'Strongly disagree',
            highLabel: 'Strongly agree',
            pointLabels: ['Strongly disagree', 'Disagree', 'Neither', 'Agree', 'Strongly agree'],
            ratingMethod: 'direct',
          },
          maxDiffSets: [],
        },
      ],
    };
    fetchMock = answerFetch(worded);
    render(<SurveyPage path="/survey/tok-1" />);

    expect(await screen.findByRole('radio', { name: '4 Agree' })).toBeInTheDocument();
    expect(screen.getAllByRole('radio')).toHaveLength(5);
  });

  it('sends every answer in the contract’s shape, then thanks the respondent', async () => {
    render(<SurveyPage path="/survey/tok-1" />);
    await screen.findByRole('heading', { name: 'Pricing for Chorus Pro' });
    const user = await fillAll();
    await user.click(sendButton());

    expect(await screen.findByRole('heading', { name: 'Thank you!' })).toBeInTheDocument();
    expect(
      screen.getByText('Your answers were recorded. The team behind Acme Analytics will see them.'),
    ).toBeInTheDocument();
    const [[url, init]] = posts(fetchMock) as [[string, RequestInit]];
    expect(url).toBe('/api/public/question-links/tok-1/responses');
    expect(init.credentials).toBe('same-origin');
    expect(JSON.parse(init.body as string)).toEqual({
      answers: [
        { questionId: 'q-scale', answer: { type: 'scale', value: 4 } },
        { questionId: 'q-nps', answer: { type: 'nps', value: 9 } },
        { questionId: 'q-single', answer: { type: 'single_choice', option: 1 } },
        { questionId: 'q-multi', answer: { type: 'multiple_choice', options: [0, 2] } },
        { questionId: 'q-number', answer: { type: 'number', value: 25 } },
        { questionId: 'q-rank', answer: { type: 'ranking', order: [2, 0, 1] } },
        {
          questionId: 'q-maxdiff',
          answer: {
            type: 'maxdiff',
            tasks: [
              { shown: [0, 1, 2, 3], best: 0, worst: 3 },
              { shown: [4, 0, 1, 2], best: 4, worst: 1 },
              { shown: [3, 4, 0, 1], best: 0, worst: 4 },
            ],
          },
        },
        // No at $30: $40 was set to no with it.
        {
          questionId: 'q-ladder',
          answer: { type: 'price_ladder', wouldBuy: [true, true, false, false] },
        },
        {
          questionId: 'q-range',
          answer: {
            type: 'price_range',
            tooCheap: 5,
            bargain: 15,
            expensive: 30,
            tooExpensive: 60,
            buyAtBargain: 8,
            buyAtExpensive: 3,
          },
        },
      ],
    });
  });

  it('says when the answers replaced earlier ones, and keeps them to change', async () => {
    fetchMock = answerFetch(surveyLink, json(200, { replaced: true }));
    render(<SurveyPage path="/survey/tok-1" />);
    await screen.findByRole('heading', { name: 'Pricing for Chorus Pro' });
    const user = await fillAll();
    await user.click(sendButton());

    expect(await screen.findByText(/^Your answers were updated\./)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Change my answers' }));
    expect(group(/channel/).getByRole('radio', { name: 'Chat' })).toBeChecked();
    expect(screen.getByLabelText(priceLabels.tooExpensive)).toHaveValue(60);
    expect(
      screen.getByText('You answered this before; sending again replaces your answer.'),
    ).toBeInTheDocument();
  });

  it('fills in this browser’s earlier answers', async () => {
    fetchMock = answerFetch({
      ...surveyLink,
      myAnswers: [
        { questionId: 'q-scale', answer: { type: 'scale', value: 2 } },
        { questionId: 'q-multi', answer: { type: 'multiple_choice', options: [3] } },
        { questionId: 'q-rank', answer: { type: 'ranking', order: [1, 2, 0] } },
        {
          questionId: 'q-maxdiff',
          answer: {
            type: 'maxdiff',
            tasks: [{ shown: [3, 2, 1, 0], best: 2, worst: 1 }],
          },
        },
        {
          questionId: 'q-range',
          answer: {
            type: 'price_range',
            tooCheap: 4,
            bargain: 9.5,
            expensive: 20,
            tooExpensive: 45,
            buyAtBargain: 7,
            buyAtExpensive: 2,
          },
        },
      ],
    });
    render(<SurveyPage path="/survey/tok-1" />);

    expect(
      await screen.findByText('You answered this before; sending again replaces your answer.'),
    ).toBeInTheDocument();
    expect(group(/How satisfied/).getByRole('radio', { name: '2' })).toBeChecked();
    expect(group(/features/).getByRole('checkbox', { name: 'None of these' })).toBeChecked();
    expect(
      group(/Rank what matters/)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label')),
    ).toEqual(['1. Price', '2. Support', '3. Speed']);
    const first = group(/^Set 1 of 3/);
    expect(first.getByRole('radio', { name: 'Most important: Reminders' })).toBeChecked();
    expect(first.getByRole('radio', { name: 'Least important: Shared lists' })).toBeChecked();
    expect(group(/^Set 2 of 3/).queryAllByRole('radio', { checked: true })).toHaveLength(0);
    expect(screen.getByLabelText(priceLabels.bargain)).toHaveValue(9.5);
    expect(
      group('How likely would you be to buy it at $9.50 a month?').getByRole('radio', {
        name: '7',
      }),
    ).toBeChecked();
  });

  it('shows the server’s refusal and lets the respondent try again', async () => {
    fetchMock = answerFetch(surveyLink, json(429, { error: questionLinkMessages.tooMany }));
    render(<SurveyPage path="/survey/tok-1" />);
    await screen.findByRole('heading', { name: 'Pricing for Chorus Pro' });
    const user = await fillAll();
    await user.click(sendButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(questionLinkMessages.tooMany);
    expect(sendButton()).toBeEnabled();
  });

  it('shows the server’s plain message when it refuses the answers', async () => {
    fetchMock = answerFetch(surveyLink, json(400, { error: questionLinkMessages.unknownQuestion }));
    render(<SurveyPage path="/survey/tok-1" />);
    await screen.findByRole('heading', { name: 'Pricing for Chorus Pro' });
    const user = await fillAll();
    await user.click(sendButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(
      questionLinkMessages.unknownQuestion,
    );
    expect(posts(fetchMock)).toHaveLength(1);
  });

  it('says a link that is gone is not available', async () => {
    fetchMock.mockResolvedValueOnce(json(404, { error: questionLinkMessages.unavailable }));
    render(<SurveyPage path="/survey/old" />);

    expect(
      await screen.findByRole('heading', { name: 'This link is not available' }),
    ).toBeInTheDocument();
    expect(screen.getByText(questionLinkMessages.unavailable)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send my answers' })).not.toBeInTheDocument();
  });

  it('says the link is gone when it closes before the answers are sent', async () => {
    fetchMock = answerFetch(surveyLink, json(404, { error: questionLinkMessages.unavailable }));
    render(<SurveyPage path="/survey/tok-1" />);
    await screen.findByRole('heading', { name: 'Pricing for Chorus Pro' });
    const user = await fillAll();
    await user.click(sendButton());

    expect(
      await screen.findByRole('heading', { name: 'This link is not available' }),
    ).toBeInTheDocument();
    expect(within(document.body).getByText(questionLinkMessages.unavailable)).toBeInTheDocument();
  });
});
