import { type PublicShareView, shareMessages } from '@chorus/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SharePage } from '../src/SharePage';

const link: PublicShareView = {
  kind: 'item',
  feedbackType: 'rating',
  allowComments: true,
  productName: 'Acme Analytics',
  title: 'Weekly menus',
  description: 'Plan the week in one go.',
  items: [{ id: 'i1', title: 'Weekly menus', description: '' }],
  expiresAt: '2026-12-31T00:00:00.000Z',
  retentionDays: 90,
  myResponse: null,
};

// jsdom has no fetch: the page's requests are answered here, as the gateway would.
const json = (status: number, body: unknown) =>
  ({ ok: status < 400, status, json: () => Promise.resolve(body) }) as Response;

let fetchMock: jest.Mock<Promise<Response>, [string, RequestInit?]>;

beforeEach(() => {
  fetchMock = jest.fn((url: string, init?: RequestInit) =>
    Promise.resolve(init?.method === 'POST' ? json(201, { replaced: false }) : json(200, link)),
  );
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

describe('SharePage answer form', () => {
  it('asks for a rating before sending anything', async () => {
    render(<SharePage path="/share/tok-1" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Send my answer' }));

    expect(screen.getByRole('alert')).toHaveTextContent('Choose a rating from 1 to 5');
    expect(posts()).toHaveLength(0);
  });

  it('refuses an e-mail address that is not one, in plain words', async () => {
    render(<SharePage path="/share/tok-1" />);
    await userEvent.click(await screen.findByRole('radio', { name: /4\s*Very useful/ }));
    await userEvent.type(screen.getByLabelText('E-mail (optional)'), 'not-an-address');
    await userEvent.click(screen.getByRole('button', { name: 'Send my answer' }));

    expect(screen.getByRole('alert')).toHaveTextContent(shareMessages.email);
    expect(posts()).toHaveLength(0);
  });

  it('sends the rating and the comment, then thanks the respondent', async () => {
    render(<SharePage path="/share/tok-1" />);
    expect(await screen.findByRole('heading', { name: 'Weekly menus' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: /4\s*Very useful/ }));
    await userEvent.type(screen.getByLabelText(/^Comment \(optional\)/), 'Saves my Sundays');
    await userEvent.click(screen.getByRole('button', { name: 'Send my answer' }));

    expect(await screen.findByRole('heading', { name: 'Thank you!' })).toBeInTheDocument();
    expect(
      screen.getByText('Your answer was recorded. The team behind Acme Analytics will see it.'),
    ).toBeInTheDocument();
    const [[url, init]] = posts() as [[string, RequestInit]];
    expect(url).toBe('/api/public/share-links/tok-1/responses');
    expect(JSON.parse(init.body as string)).toEqual({
      answer: { type: 'rating', rating: 4 },
      comment: 'Saves my Sundays',
    });
  });

  it('keeps the answer filled in when the respondent chooses to change it', async () => {
    render(<SharePage path="/share/tok-1" />);
    await userEvent.click(await screen.findByRole('radio', { name: /2\s*Slightly useful/ }));
    await userEvent.type(screen.getByLabelText(/^Comment \(optional\)/), 'Maybe later');
    await userEvent.click(screen.getByRole('button', { name: 'Send my answer' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Change my answer' }));

    expect(screen.getByRole('radio', { name: /2\s*Slightly useful/ })).toBeChecked();
    expect(screen.getByLabelText(/^Comment \(optional\)/)).toHaveValue('Maybe later');
    expect(screen.getByText('11 / 2000')).toBeInTheDocument();
  });

  it('shows the server’s refusal under the form and lets the respondent try again', async () => {
    fetchMock.mockImplementation((url: string, init?: RequestInit) =>
      Promise.resolve(
        init?.method === 'POST' ? json(429, { message: shareMessages.tooMany }) : json(200, link),
      ),
    );
    render(<SharePage path="/share/tok-1" />);
    await userEvent.click(await screen.findByRole('radio', { name: /5\s*Essential/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Send my answer' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(shareMessages.tooMany);
    expect(screen.getByRole('button', { name: 'Send my answer' })).toBeEnabled();
  });

  it('says a link that is gone is not available', async () => {
    fetchMock.mockResolvedValueOnce(json(404, { message: 'This link has expired.' }));
    render(<SharePage path="/share/old" />);

    expect(
      await screen.findByRole('heading', { name: 'This link is not available' }),
    ).toBeInTheDocument();
    expect(screen.getByText('This link has expired.')).toBeInTheDocument();
  });
});
