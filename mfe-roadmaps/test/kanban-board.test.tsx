import type { RoadmapItem } from '@chorus/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { KanbanBoard } from '../src/components/KanbanBoard';
import { RoadmapRightsProvider, viewOnlyRoadmap } from '../src/rights';

function item(overrides: Partial<RoadmapItem> & Pick<RoadmapItem, 'id' | 'title'>): RoadmapItem {
  return {
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
    ...overrides,
  };
}

const items = [
  item({ id: 'a', title: 'Weekly menus', status: 'in_progress', priority: 'P1', position: 1 }),
  item({ id: 'b', title: 'Gift cards', status: 'planned', position: 2, assignedTo: 'Ana' }),
  item({ id: 'c', title: 'Meal kits', status: 'planned', position: 1 }),
];

function titlesIn(column: string): string[] {
  const section = screen.getByRole('region', { name: column });
  return within(section)
    .queryAllByRole('article')
    .map((card) => card.getAttribute('aria-label') ?? '');
}

describe('KanbanBoard', () => {
  it('shows a column per status in workflow order, each with its items in position order and count', () => {
    render(<KanbanBoard items={items} onMove={jest.fn()} onOpenItem={jest.fn()} />);

    expect(screen.getAllByRole('heading', { level: 4 }).map((h) => h.textContent)).toEqual([
      'Unplanned',
      'Planned',
      'In Progress',
      'Completed',
      'Cancelled',
    ]);
    expect(titlesIn('Planned')).toEqual(['Meal kits', 'Gift cards']);
    expect(titlesIn('In Progress')).toEqual(['Weekly menus']);
    expect(screen.getByLabelText('2 items')).toHaveTextContent('2');
    const completed = screen.getByRole('region', { name: 'Completed' });
    expect(within(completed).getByText('Drop items here')).toBeInTheDocument();

    const weekly = screen.getByRole('article', { name: 'Weekly menus' });
    expect(within(weekly).getByText('P1 High')).toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Gift cards' })).getByText('Ana'),
    ).toBeInTheDocument();
  });

  it('opens an item when its title is clicked', async () => {
    const onOpenItem = jest.fn();
    render(<KanbanBoard items={items} onMove={jest.fn()} onOpenItem={onOpenItem} />);

    await userEvent.click(screen.getByRole('button', { name: 'Gift cards' }));

    expect(onOpenItem).toHaveBeenCalledWith(expect.objectContaining({ id: 'b' }));
  });

  it('disables every change for a reader, saying why', () => {
    render(
      <RoadmapRightsProvider value={{ canEdit: false, refusal: viewOnlyRoadmap, canShare: false }}>
        <KanbanBoard items={items} onMove={jest.fn()} onOpenItem={jest.fn()} />
      </RoadmapRightsProvider>,
    );

    const move = screen.getByRole('button', { name: 'Move Weekly menus' });
    expect(move).toBeDisabled();
    expect(move).toHaveAttribute('title', viewOnlyRoadmap);
    expect(screen.getByRole('article', { name: 'Weekly menus' })).toHaveAttribute(
      'draggable',
      'false',
    );
  });
});
