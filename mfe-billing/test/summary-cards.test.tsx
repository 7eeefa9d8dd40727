import { render, screen, within } from '@testing-library/react';
import { SummaryCards } from '../src/components/SummaryCards';

function card(title: string): HTMLElement {
  return screen.getByRole('group', { name: title });
}

describe('SummaryCards', () => {
  it('shows the monthly spend as a price, the products, the personas and the next charge', () => {
    render(
      <SummaryCards
        summary={{
          monthlySpend: 1234.5,
          activeProducts: 2,
          totalProducts: 3,
          totalPersonas: 14,
          nextBillingDate: '2027-03-03T00:00:00.000Z',
        }}
      />,
    );

    expect(within(card('Monthly Spend')).getByText('$1,234.50')).toBeInTheDocument();
    expect(card('Active Products')).toHaveTextContent('2');
    expect(within(card('Active Products')).getByText('of 3 products')).toBeInTheDocument();
    expect(card('Total Personas')).toHaveTextContent('14');
    expect(within(card('Next Billing')).getByText('March 3, 2027')).toBeInTheDocument();
    expect(
      within(card('Next Billing')).getByText('Your next scheduled charge'),
    ).toBeInTheDocument();
  });

  it('says one product in the singular, and that a charge without a date is an estimate', () => {
    render(
      <SummaryCards
        summary={{
          monthlySpend: 0,
          activeProducts: 0,
          totalProducts: 1,
          totalPersonas: 0,
          nextBillingDate: null,
        }}
      />,
    );

    expect(within(card('Monthly Spend')).getByText('$0.00')).toBeInTheDocument();
    expect(within(card('Active Products')).getByText('of 1 product')).toBeInTheDocument();
    expect(
      within(card('Next Billing')).getByText('Estimated, 30 days from today'),
    ).toBeInTheDocument();
  });

  it('shows no figure while the summary loads', () => {
    render(<SummaryCards summary={undefined} />);

    expect(card('Monthly Spend')).not.toHaveTextContent('$');
    expect(
      within(card('Active Products')).getByText('Products with a running subscription'),
    ).toBeInTheDocument();
  });
});
