import type { SeatChangeView } from '@chorus/contracts';
import { render, screen, within } from '@testing-library/react';
import { SeatChanges } from '../src/components/SeatChanges';

function change(overrides: Partial<SeatChangeView> & Pick<SeatChangeView, 'id'>): SeatChangeView {
  return {
    actionType: 'accepted',
    actor: { userId: 'u1', name: 'Dana Owner', email: 'dana@acme.test' },
    affectedEmail: 'sam@acme.test',
    previousState: { role: 'collaborator', status: 'pending' },
    newState: { role: 'collaborator', status: 'accepted' },
    billingImpact: 25,
    effectiveDate: '2026-11-20T09:30:00.000Z',
    productId: 'p1',
    productName: 'Acme Analytics',
    ...overrides,
  };
}

describe('SeatChanges', () => {
  it('lists each change as a row: product, action, member, who did it and the effect on the bill', () => {
    render(
      <SeatChanges
        changes={[
          change({ id: 'c1' }),
          change({
            id: 'c2',
            actionType: 'removed',
            affectedEmail: 'lee@acme.test',
            previousState: { role: 'collaborator', status: 'accepted' },
            newState: null,
            billingImpact: -25,
            productName: 'Meal Planner',
          }),
        ]}
      />,
    );

    const table = screen.getByRole('table', { name: 'Team seat changes' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Date', 'Product', 'Action', 'Member', 'By', 'Billing impact']);
    const [, added, removed] = within(table).getAllByRole('row');
    expect(within(added!).getByText('Acme Analytics')).toBeInTheDocument();
    expect(within(added!).getByText('Invitation accepted')).toBeInTheDocument();
    expect(
      within(added!).getByText('Collaborator, pending → Collaborator, accepted'),
    ).toBeInTheDocument();
    expect(within(added!).getByText('sam@acme.test')).toHaveAttribute('title', 'sam@acme.test');
    expect(within(added!).getByText('Dana Owner')).toBeInTheDocument();
    expect(within(added!).getByText('+$25.00/month')).toBeInTheDocument();
    expect(within(removed!).getByText('Removed from the product')).toBeInTheDocument();
    expect(within(removed!).getByText('-$25.00/month')).toBeInTheDocument();
    // The two cancel out.
    expect(screen.getByText('Net of the changes listed: $0.00/month.')).toBeInTheDocument();
  });

  it('says when nothing changed yet, and while it loads', () => {
    const { rerender } = render(<SeatChanges changes={undefined} />);
    expect(screen.getByText('Loading seat changes...')).toBeInTheDocument();

    rerender(<SeatChanges changes={[]} />);
    expect(screen.getByText('No team seats added or removed yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
