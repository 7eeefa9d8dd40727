import { formatDate } from '@chorus/contracts';
import { render, screen, within } from '@testing-library/react';
import { PersonaCostDialog } from '../src/components/PersonaCostDialog';

const terms = {
  personaCount: 10,
  billingCycle: 'monthly' as const,
  isLegacyPricing: false,
  seats: 0,
};

function costRows() {
  const cost = within(screen.getByRole('alertdialog')).getByLabelText('Cost of the change');
  return within(cost)
    .getAllByRole('definition')
    .map((cell) => cell.textContent?.replace(/\s+/g, ' '));
}

describe('PersonaCostDialog', () => {
  it('prices the extra persona with a running promo code, and says until when', () => {
    const startedAt = new Date(Date.now() - 24 * 3600_000);
    const promo = { discountPercent: 20, durationMonths: 3, startedAt };
    render(
      <PersonaCostDialog
        personaName="Diego"
        plan={{ ...terms, promo }}
        onConfirm={() => undefined}
        onCancel={() => undefined}
      />,
    );
    const ends = new Date(startedAt);
    ends.setUTCMonth(ends.getUTCMonth() + 3);
    expect(costRows()).toEqual([
      '10 11',
      '$2.00/month',
      '+$1.60',
      '$20.00$21.60/month',
      `20% off until ${formatDate(ends)}`,
    ]);
  });

  it('prices it in full once the promo has run out', () => {
    const promo = { discountPercent: 20, durationMonths: 1, startedAt: new Date('2020-01-01') };
    render(
      <PersonaCostDialog
        personaName="Diego"
        plan={{ ...terms, promo }}
        onConfirm={() => undefined}
        onCancel={() => undefined}
      />,
    );
    expect(costRows()).toEqual(['10 11', '$2.00/month', '+$2.00', '$25.00$27.00/month']);
  });
});
