import { questionLinkMessages, type QuestionLinkView } from '@chorus/contracts';
import { IDEMPOTENCY_HEADER, queryClient } from '@chorus/platform';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { QuestionLinksList } from '../src/components/share/QuestionLinksList';
import { ShareWithPeople } from '../src/components/share/ShareWithPeople';

const DAY = 24 * 3600_000;

const link = (fields: Partial<QuestionLinkView>): QuestionLinkView => ({
  id: 'l1',
  productId: 'prod-1',
  studyId: null,
  questionIds: ['q1'],
  title: 'Would you buy Chorus Pro at this price?',
  isActive: true,
  createdAt: new Date(Date.now() - DAY).toISOString(),
  expiresAt: new Date(Date.now() + 29 * DAY).toISOString(),
  responseCount: 0,
  url: null,
  ...fields,
});

const reply = (status: number, body: unknown) =>
  ({
    ok: status < 400,
    status,
    statusText: '',
    json: () => Promise.resolve(body),
    text: () => Promise.resolve(JSON.stringify(body)),
  }) as Response;

let fetchMock: jest.Mock<Promise<Response>, [string, RequestInit?]>;
let listed: QuestionLinkView[];

beforeEach(() => {
  queryClient.clear();
  listed = [];
  fetchMock = jest.fn((url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    if (method === 'POST' && url === '/api/products/prod-1/questions/q1/share-links') {
      const made = link({ id: 'l9', url: 'https://chorus.example/survey/tok123' });
      listed = [{ ...made, url: null }, ...listed];
      return Promise.resolve(reply(201, made));
    }
    if (method === 'GET' && url === '/api/products/prod-1/question-links') {
      return Promise.resolve(reply(200, listed));
    }
    if (method === 'PATCH' && url.startsWith('/api/products/prod-1/question-links/')) {
      const { isActive } = JSON.parse(init?.body as string) as { isActive: boolean };
      const id = url.split('/').pop();
      const changed = listed.find((l) => l.id === id);
      return Promise.resolve(reply(200, { ...changed, isActive }));
    }
    return Promise.resolve(reply(404, { message: 'Not found' }));
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

const calls = (method: string) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === method);

function renderShare() {
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <ShareWithPeople productId="prod-1" target={{ questionId: 'q1' }} what="this question" />
        <QuestionLinksList productId="prod-1" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('Share with people', () => {
  it('confirms the expiry, shows the address once with Copy, and lists the new link', async () => {
    renderShare();
    expect(await screen.findByText(/No links yet/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Share with people' }));
    const dialog = screen.getByRole('dialog', { name: 'Share with people' });
    const days = within(dialog).getByLabelText('Open to answers for (days)');
    expect(days).toHaveValue(30);

    // Out of range: the contract's words, and nothing is made.
    await userEvent.clear(days);
    await userEvent.type(days, '120');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Link' }));
    expect(within(dialog).getByText(questionLinkMessages.expiry)).toBeInTheDocument();
    expect(calls('POST')).toHaveLength(0);

    await userEvent.clear(days);
    await userEvent.type(days, '14');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Link' }));

    const created = await screen.findByRole('dialog', { name: 'Link created' });
    expect(within(created).getByLabelText('Link for people')).toHaveValue(
      'https://chorus.example/survey/tok123',
    );
    expect(within(created).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(created).toHaveTextContent('this address will not be shown again');

    expect(calls('POST')).toHaveLength(1);
    const [, init] = calls('POST')[0]!;
    expect(JSON.parse(init?.body as string)).toEqual({ expiresInDays: 14 });
    expect((init?.headers as Record<string, string>)[IDEMPOTENCY_HEADER]).toMatch(/\S+/);

    // Once closed, the address is gone: sharing again starts a new link.
    await userEvent.click(within(created).getByRole('button', { name: 'Done' }));
    expect(screen.queryByLabelText('Link for people')).not.toBeInTheDocument();
    expect(screen.queryByText('https://chorus.example/survey/tok123')).not.toBeInTheDocument();
    // The list, read again, shows the link without its address.
    const row = await screen.findByRole('listitem', {
      name: 'Would you buy Chorus Pro at this price?',
    });
    expect(row).toHaveTextContent('No responses yet');
    expect(row).toHaveTextContent('Open to answers');
    expect(row).toHaveTextContent(/Expires /);
    expect(within(row).getByRole('link', { name: 'Compare with people' })).toHaveAttribute(
      'href',
      '/products/prod-1/question-links/l9',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Share with people' }));
    expect(screen.getByRole('dialog', { name: 'Share with people' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Link for people')).not.toBeInTheDocument();
  });

  it('lists each link with its responses and expiry, and switches one off', async () => {
    listed = [
      link({ id: 'l1', title: 'Pricing of Chorus', studyId: 'st1', responseCount: 12 }),
      link({
        id: 'l2',
        title: 'How likely are you to recommend it?',
        responseCount: 1,
        expiresAt: new Date(Date.now() - DAY).toISOString(),
      }),
    ];
    renderShare();
    const pricing = await screen.findByRole('listitem', { name: 'Pricing of Chorus' });
    expect(pricing).toHaveTextContent('12 responses');
    expect(pricing).toHaveTextContent('Open to answers');
    const expired = screen.getByRole('listitem', { name: 'How likely are you to recommend it?' });
    expect(expired).toHaveTextContent('1 response');
    expect(expired).toHaveTextContent(/Expired /);

    const toggle = within(pricing).getByRole('switch', {
      name: 'Open to answers: Pricing of Chorus',
    });
    expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    expect(calls('PATCH')).toHaveLength(1);
    expect(calls('PATCH')[0]![0]).toBe('/api/products/prod-1/question-links/l1');
    expect(JSON.parse(calls('PATCH')[0]![1]?.body as string)).toEqual({ isActive: false });
    expect(await within(pricing).findByText('Switched off')).toBeInTheDocument();
    expect(toggle).not.toBeChecked();
  });
});
