import { type RoadmapItem, SHARE_DEFAULT_DAYS, shareMessages } from '@chorus/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { roadmapApi } from '../src/api';
import { NewLinkForm } from '../src/components/share-links/NewLinkForm';
import type { ShareTarget } from '../src/components/share-links/words';

jest.mock('../src/api', () => ({
  ...jest.requireActual<object>('../src/api'),
  usePersonas: () => ({ isPending: false, isError: false, data: [] }),
  roadmapApi: {
    createShareLink: jest.fn(() => Promise.resolve({ id: 'l1', feedbackType: 'thumbs' })),
    createComparisonLink: jest.fn(() => Promise.resolve({ id: 'l2', feedbackType: 'ranking' })),
  },
}));

const createShareLink = roadmapApi.createShareLink as jest.Mock;
const createComparisonLink = roadmapApi.createComparisonLink as jest.Mock;

function item(id: string, title: string): RoadmapItem {
  return {
    id,
    title,
    roadmapId: 'r1',
    description: null,
    priority: 'P2',
    status: 'planned',
    startDate: null,
    endDate: null,
    assignedTo: null,
    tags: [],
    targetPersonas: [],
    dependencies: [],
    position: 0,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
  };
}

function show(target: ShareTarget) {
  const onCreated = jest.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <NewLinkForm target={target} productId="p1" onCreated={onCreated} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return onCreated;
}

beforeEach(() => jest.clearAllMocks());

describe('NewLinkForm', () => {
  it('refuses an expiry out of range in words, then creates the link with the chosen settings', async () => {
    const onCreated = show({ kind: 'item', item: item('i1', 'Offline mode') });
    const days = screen.getByLabelText(/Expires after/);
    await userEvent.clear(days);
    await userEvent.type(days, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Create Link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(shareMessages.expiry);
    expect(createShareLink).not.toHaveBeenCalled();

    await userEvent.clear(days);
    await userEvent.type(days, '21');
    await userEvent.click(screen.getByLabelText('Thumbs up / down'));
    await userEvent.click(screen.getByLabelText('Allow comments'));
    await userEvent.click(screen.getByRole('button', { name: 'Create Link' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(createShareLink).toHaveBeenCalledWith(
      'i1',
      { feedbackType: 'thumbs', allowComments: false, expiresInDays: 21, personaIds: [] },
      expect.any(String),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks for at least two items to rank', async () => {
    show({
      kind: 'comparison',
      roadmapId: 'r1',
      items: [item('a', 'Weekly menus'), item('b', 'Gift cards')],
    });
    await userEvent.click(screen.getByLabelText('Gift cards'));
    await userEvent.click(screen.getByRole('button', { name: 'Create Link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(shareMessages.items);
    expect(createComparisonLink).not.toHaveBeenCalled();

    await userEvent.click(screen.getByLabelText('Gift cards'));
    await userEvent.click(screen.getByRole('button', { name: 'Create Link' }));
    await waitFor(() => expect(createComparisonLink).toHaveBeenCalled());
    expect(createComparisonLink).toHaveBeenCalledWith(
      'r1',
      {
        itemIds: ['a', 'b'],
        allowComments: true,
        expiresInDays: SHARE_DEFAULT_DAYS,
        personaIds: [],
      },
      expect.any(String),
    );
  });
});
