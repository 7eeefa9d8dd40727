import { queryClient } from '@chorus/platform';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RoadmapItemPicker } from '../src/components/questions/typed/RoadmapItemPicker';

const reply = (body: unknown) =>
  ({
    ok: true,
    status: 200,
    statusText: '',
    json: () => Promise.resolve(body),
    text: () => Promise.resolve(JSON.stringify(body)),
  }) as Response;

const roadmap = (id: string, name: string, itemCount: number) => ({
  id,
  productId: 'prod-1',
  name,
  description: null,
  status: 'active',
  isTemplate: false,
  templateName: null,
  createdAt: '2026-11-01T00:00:00Z',
  updatedAt: '2026-11-01T00:00:00Z',
  itemCount,
  inProgressCount: 0,
  completedCount: 0,
  plannedCount: itemCount,
});

const item = (title: string, position: number) => ({
  id: `item-${position}`,
  roadmapId: 'r1',
  title,
  position,
  createdAt: '2026-11-01T00:00:00Z',
  updatedAt: '2026-11-01T00:00:00Z',
});

beforeEach(() => {
  queryClient.clear();
  globalThis.fetch = jest.fn((url: string) =>
    Promise.resolve(
      url.endsWith('/roadmaps')
        ? reply([roadmap('r0', 'Empty plan', 0), roadmap('r1', 'Launch plan', 3)])
        : reply({
            ...roadmap('r1', 'Launch plan', 3),
            items: [item('Dark mode', 2), item('AI assistant', 0), item('Lower price', 1)],
          }),
    ),
  ) as unknown as typeof fetch;
});

describe('taking a roadmap’s items to rank', () => {
  it('offers the roadmaps that have items and hands over their titles in order', async () => {
    const onPick = jest.fn();
    render(
      <QueryClientProvider client={queryClient}>
        <RoadmapItemPicker productId="prod-1" max={2} onPick={onPick} />
      </QueryClientProvider>,
    );
    const select = await screen.findByLabelText('Or take the items of a roadmap');
    expect(select).toHaveDisplayValue('Launch plan (3 items)');
    expect(screen.queryByText(/Empty plan/)).toBeNull();
    const use = await screen.findByRole('button', { name: 'Use its items (the first 2)' });
    await userEvent.click(use);
    expect(onPick).toHaveBeenCalledWith(['AI assistant', 'Lower price']);
  });
});
