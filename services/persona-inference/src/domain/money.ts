/**
 * Reading money as people write it: a persona's income ("₹3,600,000 per
 * year", "$31,000 per year (pension and Social Security)") and a price in a
 * question ("$49 a month"). The figures below are rough on purpose: they
 * let the local engine tell a tight budget from a comfortable one, not
 * convert currencies to the cent.
 */

export interface Currency {
  code: string;
  /** How the currency is written before or after an amount, longest first. */
  marks: readonly string[];
  /** Rough US dollars per unit. */
  usd: number;
  /** A rough middle income per year in this currency, for "low" and "high". */
  typicalIncome: number;
}

const currencies: readonly Currency[] = [
  { code: 'CAD', marks: ['CA$', 'C$', 'CAD'], usd: 0.73, typicalIncome: 60_000 },
  { code: 'AUD', marks: ['A$', 'AU$', 'AUD'], usd: 0.66, typicalIncome: 70_000 },
  { code: 'NZD', marks: ['NZ$', 'NZD'], usd: 0.6, typicalIncome: 60_000 },
  { code: 'SGD', marks: ['S$', 'SGD'], usd: 0.75, typicalIncome: 70_000 },
  { code: 'HKD', marks: ['HK$', 'HKD'], usd: 0.13, typicalIncome: 240_000 },
  { code: 'MXN', marks: ['MX$', 'MXN'], usd: 0.055, typicalIncome: 160_000 },
  { code: 'BRL', marks: ['R$', 'BRL'], usd: 0.19, typicalIncome: 50_000 },
  { code: 'GHS', marks: ['GH₵', 'GHS', 'GH¢'], usd: 0.08, typicalIncome: 40_000 },
  {
    code: 'USD',
    marks: ['US$', 'USD', '$', 'dollars', 'dollar', 'bucks'],
    usd: 1,
    typicalIncome: 60_000,
  },
  { code: 'EUR', marks: ['€', 'EUR', 'euros', 'euro'], usd: 1.1, typicalIncome: 35_000 },
  { code: 'GBP', marks: ['£', 'GBP'], usd: 1.3, typicalIncome: 33_000 },
  { code: 'INR', marks: ['₹', 'INR', 'Rs.', 'Rs'], usd: 0.012, typicalIncome: 600_000 },
  { code: 'NGN', marks: ['₦', 'NGN'], usd: 0.00065, typicalIncome: 4_000_000 },
  { code: 'JPY', marks: ['¥', 'JPY', '円'], usd: 0.0068, typicalIncome: 4_500_000 },
  { code: 'CNY', marks: ['CN¥', 'RMB', 'CNY'], usd: 0.14, typicalIncome: 100_000 },
  { code: 'KRW', marks: ['₩', 'KRW'], usd: 0.00073, typicalIncome: 40_000_000 },
  { code: 'ILS', marks: ['₪', 'ILS', 'NIS'], usd: 0.27, typicalIncome: 150_000 },
  { code: 'CHF', marks: ['CHF'], usd: 1.15, typicalIncome: 85_000 },
  { code: 'NOK', marks: ['NOK'], usd: 0.095, typicalIncome: 600_000 },
  { code: 'SEK', marks: ['SEK'], usd: 0.095, typicalIncome: 450_000 },
  { code: 'DKK', marks: ['DKK'], usd: 0.15, typicalIncome: 400_000 },
  { code: 'PLN', marks: ['PLN', 'zł'], usd: 0.25, typicalIncome: 90_000 },
  { code: 'CZK', marks: ['CZK', 'Kč'], usd: 0.044, typicalIncome: 480_000 },
  { code: 'AED', marks: ['AED'], usd: 0.27, typicalIncome: 180_000 },
  { code: 'SAR', marks: ['SAR'], usd: 0.27, typicalIncome: 150_000 },
  { code: 'ARS', marks: ['ARS'], usd: 0.001, typicalIncome: 15_000_000 },
  { code: 'JOD', marks: ['JD', 'JOD'], usd: 1.41, typicalIncome: 8_000 },
  { code: 'EGP', marks: ['EGP', 'E£'], usd: 0.02, typicalIncome: 150_000 },
  { code: 'KES', marks: ['KES', 'KSh'], usd: 0.0077, typicalIncome: 600_000 },
  { code: 'TRY', marks: ['TRY', '₺'], usd: 0.03, typicalIncome: 500_000 },
  { code: 'PHP', marks: ['PHP', '₱'], usd: 0.017, typicalIncome: 300_000 },
  { code: 'IDR', marks: ['IDR', 'Rp'], usd: 0.000062, typicalIncome: 80_000_000 },
  // The rand's "R" only counts right before a digit (R540,000).
  { code: 'ZAR', marks: ['ZAR', 'R'], usd: 0.055, typicalIncome: 250_000 },
];

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** An amount with its currency mark before or after it: "$1,200", "1.200 €", "CHF 140,000", "$40k". */
const markPattern = currencies
  .flatMap((c) => c.marks)
  .sort((a, b) => b.length - a.length)
  .map(escape)
  .join('|');
const numberPattern = String.raw`\d[\d,.']*\d|\d`;
const scalePattern = String.raw`(?:\s?(?:k|m|million|thousand)\b)?`;
const moneyPattern = new RegExp(
  String.raw`(?:(?<![\p{L}])(?<before>${markPattern})\s?(?<amount1>${numberPattern})(?<scale1>${scalePattern}))|(?:(?<amount2>${numberPattern})(?<scale2>${scalePattern})\s?(?<after>${markPattern}))`,
  'giu',
);

function currencyOf(mark: string): Currency | undefined {
  return currencies.find((c) => c.marks.some((m) => m.toLowerCase() === mark.toLowerCase()));
}

/** "9,600,000" -> 9600000; "1.234.567" -> 1234567; "12.50" -> 12.5 */
function parseNumber(text: string): number {
  const compact = text.replace(/[\s']/g, '');
  if (/^\d{1,3}(\.\d{3})+$/.test(compact)) return Number(compact.replace(/\./g, ''));
  return Number(compact.replace(/,/g, ''));
}

function applyScale(value: number, scale: string | undefined): number {
  const s = (scale ?? '').trim().toLowerCase();
  if (s === 'k' || s === 'thousand') return value * 1_000;
  if (s === 'm' || s === 'million') return value * 1_000_000;
  return value;
}

export type Period = 'year' | 'month' | 'week' | 'day' | 'hour' | 'once';

/** How often an amount is paid, from the words after it. */
function periodOf(text: string, fallback: Period): Period {
  const t = text.toLowerCase();
  if (/\b(per|a|an|each|every|\/)\s?(month|mo)\b|\bmonthly\b|\/month/.test(t)) return 'month';
  if (
    /\b(per|a|an|each|every|\/)\s?(year|yr|annum)\b|\b(annually|yearly|annual)\b|\/year/.test(t)
  ) {
    return 'year';
  }
  if (/\b(per|a|an|each|every|\/)\s?week\b|\bweekly\b/.test(t)) return 'week';
  if (/\b(per|an|a|\/)\s?(hour|hr)\b|\bhourly\b/.test(t)) return 'hour';
  return fallback;
}

const perYear: Record<Period, number> = {
  year: 1,
  month: 12,
  week: 52,
  day: 365,
  hour: 2_000,
  once: 1,
};

export interface Money {
  /** As written, e.g. "$49". */
  text: string;
  currency: Currency;
  value: number;
  period: Period;
  /** Where the amount ends in the text it was read from. */
  end: number;
}

/** Every amount in a text with its currency and how often it is paid. */
export function findMoney(text: string, defaultPeriod: Period): Money[] {
  const found: Money[] = [];
  for (const match of text.matchAll(moneyPattern)) {
    const groups = match.groups ?? {};
    const mark = groups.before ?? groups.after ?? '';
    // A bare "R" is only the rand when it stands right before the digits.
    if (mark.toUpperCase() === 'R' && (groups.after !== undefined || /R\s/.test(match[0]))) {
      continue;
    }
    const currency = currencyOf(mark);
    const amount = groups.amount1 ?? groups.amount2;
    if (!currency || !amount) continue;
    const value = applyScale(parseNumber(amount), groups.scale1 ?? groups.scale2);
    if (!Number.isFinite(value) || value <= 0) continue;
    const end = (match.index ?? 0) + match[0].length;
    const after = text.slice(end, end + 24);
    found.push({
      text: match[0].trim(),
      currency,
      value,
      period: periodOf(after, defaultPeriod),
      end,
    });
  }
  return found;
}

export function yearlyUsd(money: Pick<Money, 'currency' | 'value' | 'period'>): number {
  return money.value * perYear[money.period] * money.currency.usd;
}

type IncomeBand = 'low' | 'middle' | 'high';
type IncomeKind = 'salary' | 'pension' | 'irregular' | 'limited';

export interface Income {
  /** Rough yearly income in US dollars, when the text names an amount. */
  yearlyUsd?: number;
  /** Income against a middle income in the same currency: low, middle or high. */
  band?: IncomeBand;
  kind: IncomeKind;
  /** The income as the persona wrote it, without the note in brackets. */
  text: string;
  /** The currency the income is written in, when it names an amount. */
  currency?: Currency;
  /** The yearly amount in that currency. */
  yearly?: number;
}

/** An amount of a currency as people write it: "$3,744", "£2,880", "CHF 1,250", "₹31,000". */
export function formatMoney(amount: number, currency: Currency): string {
  const rounded = amount >= 100 ? Math.round(amount / 10) * 10 : Math.round(amount * 100) / 100;
  try {
    return new Intl.NumberFormat('en', {
      style: 'currency',
      currency: currency.code,
      maximumFractionDigits: Number.isInteger(rounded) ? 0 : 2,
    }).format(rounded);
  } catch {
    return `${currency.code} ${rounded.toLocaleString('en')}`;
  }
}

/** An amount of one currency in another, at the rough rates above. */
export function convertMoney(amount: number, from: Currency, to: Currency): number {
  return from.code === to.code ? amount : (amount * from.usd) / to.usd;
}

/** The currency of a code ("GBP"), when known. */
export function currencyByCode(code: string): Currency | undefined {
  return currencies.find((c) => c.code === code.toUpperCase());
}

const kindHints: readonly [IncomeKind, RegExp][] = [
  ['pension', /pension|retire|superannuation|social security/i],
  ['limited', /part-time|stipend|allowance|family support|benefits/i],
  ['irregular', /irregular|variable|varies|seasonal|commission|freelance|inflation/i],
];

/**
 * A persona's income: the amount (a range counts as its middle), how it
 * compares with a middle income in that currency, and what kind of income it
 * is (a pension is fixed, a commission irregular).
 */
export function readIncome(text: string): Income {
  const kind = kindHints.find(([, pattern]) => pattern.test(text))?.[0] ?? 'salary';
  const plain = text.replace(/\s*\(.*?\)\s*/g, ' ').trim();
  const amounts = findMoney(text, 'year');
  // "$40k-$60k" or "$40,000 - 60,000": a bare second number shares the first one's currency.
  const range = text.match(/(\d[\d,.]*)\s?(k)?\s?(?:-|–|to)\s?\D{0,4}?(\d[\d,.]*)\s?(k)?/i);
  const first = amounts[0];
  if (!first) {
    const band: IncomeBand | undefined =
      kind === 'limited' ? 'low' : /\b(low|modest|minimum wage)\b/i.test(text) ? 'low' : undefined;
    return { band, kind, text: plain };
  }
  let value = first.value;
  if (range) {
    const low = applyScale(parseNumber(range[1]!), range[2]);
    const high = applyScale(parseNumber(range[3]!), range[4] ?? range[2]);
    if (Number.isFinite(low) && Number.isFinite(high) && high > low) value = (low + high) / 2;
  }
  const yearly = value * perYear[first.period];
  const relative = yearly / first.currency.typicalIncome;
  const band: IncomeBand = relative < 0.75 ? 'low' : relative > 2 ? 'high' : 'middle';
  return {
    yearlyUsd: yearly * first.currency.usd,
    band,
    kind,
    text: plain,
    currency: first.currency,
    yearly,
  };
}
