const dateFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

const seatWord = (count: number) => (count === 1 ? 'seat' : 'seats');

/** The invoice line of a period's seats: "Team seats × 3". */
export function seatLineDescription(seats: number): string {
  return `Team seats × ${seats}`;
}

interface SeatProration {
  /** Seats added (positive) or removed (negative). */
  change: number;
  /** How many seats the line is about. */
  quantity: number;
  /** A charge for added seats, a credit (negative) for removed ones. */
  amountCents: number;
  /** Where the prorated time starts: the change, kept within the period. */
  from: Date;
  description: string;
}

/**
 * What a seat change in the middle of a period costs, as Stripe prorates:
 * the remaining time of an added seat is charged, the unused time of a
 * removed seat credited, by seconds of the current period.
 */
export function seatProration(input: {
  from: number;
  to: number;
  /** One seat for one whole period. */
  unitAmountCents: number;
  periodStart: Date;
  periodEnd: Date;
  at: Date;
}): SeatProration {
  const start = Math.floor(input.periodStart.getTime() / 1000);
  const end = Math.floor(input.periodEnd.getTime() / 1000);
  const at = Math.min(Math.max(Math.floor(input.at.getTime() / 1000), start), end);
  const change = Math.max(0, Math.floor(input.to)) - Math.max(0, Math.floor(input.from));
  const quantity = Math.abs(change);
  const length = end - start;
  const amountCents =
    length > 0 ? Math.round((change * input.unitAmountCents * (end - at)) / length) : 0;
  const from = new Date(at * 1000);
  const period = `${dateFormat.format(from)} – ${dateFormat.format(input.periodEnd)}`;
  const description =
    change >= 0
      ? `Team seat proration: remaining time on ${quantity} added ${seatWord(quantity)}, ${period}`
      : `Team seat proration: unused time on ${quantity} removed ${seatWord(quantity)}, ${period}`;
  return { change, quantity, amountCents: amountCents === 0 ? 0 : amountCents, from, description };
}
