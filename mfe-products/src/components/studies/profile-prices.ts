import {
  type BusinessProfileView,
  type PricePeriod,
  type ProfileTextField,
  profileFieldLabel,
} from '@chorus/contracts';

// The prices a business profile states, read out of its free text ("Pro $29
// a month", "Asana: US$10.99/user/month"), so a pricing study can start from
// a ladder around them. Only amounts written with a currency count: a bare
// number in a profile is as often a head count as a price.

/** The usual ladder when the profile states no price. */
export const DEFAULT_LADDER = [5, 10, 15, 20, 30, 40] as const;
/** A stated price times these: from half to twice the price. */
const LADDER_STEPS = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;

/** The product's own pricing first; the competitors' only when it states none. */
const ownFields: readonly ProfileTextField[] = ['pricingModels', 'avgTransactionValue'];
const competitorFields: readonly ProfileTextField[] = [
  'directCompetitors',
  'indirectCompetitors',
  'marketPositioning',
];

const signs: Record<string, string> = {
  $: 'USD',
  US$: 'USD',
  C$: 'CAD',
  CA$: 'CAD',
  A$: 'AUD',
  AU$: 'AUD',
  NZ$: 'NZD',
  '€': 'EUR',
  '£': 'GBP',
  '¥': 'JPY',
  '₹': 'INR',
};
const words: Record<string, string> = {
  dollar: 'USD',
  dollars: 'USD',
  euro: 'EUR',
  euros: 'EUR',
  pound: 'GBP',
  pounds: 'GBP',
};
const codes = 'USD|EUR|GBP|CAD|AUD|NZD|CHF|JPY|INR|SEK|NOK|DKK|SGD|HKD|ZAR|BRL|MXN|PLN';
const sign = '(?:US|CA?|AU?|NZ)?\\$|€|£|¥|₹';
const number = '\\d{1,3}(?:,\\d{3})+(?:\\.\\d+)?|\\d+(?:\\.\\d+)?';

const pricePattern = new RegExp(
  `(?<sign>${sign})\\s?(?<a>${number})(?<ka>k\\b)?` +
    `|\\b(?<code>${codes})\\s?(?<b>${number})(?<kb>k\\b)?` +
    `|(?<c>${number})(?<kc>k\\b)?\\s?(?:(?<after>€|£)|(?<code2>${codes})\\b|(?<word>dollars?|euros?|pounds?)\\b)`,
  'giu',
);

interface StatedPrice {
  amount: number;
  currency: string;
  period: PricePeriod | null;
}

/** The period written just after an amount: "/month", "per user per year", "a week". */
function periodAfter(text: string): PricePeriod | null {
  const after = text.slice(0, 32).toLowerCase();
  const lead = String.raw`^\s*(?:\/|per|a|an|each|every)?\s*(?:(?:user|seat|member|person|licen[cs]e)\s*(?:\/|per|a)?\s*)?`;
  if (new RegExp(`${lead}(?:week|wk)\\b`).test(after)) return 'week';
  if (new RegExp(`${lead}(?:month|mo)\\b`).test(after) || /^\s*monthly\b/.test(after))
    return 'month';
  if (new RegExp(`${lead}(?:year|yr|annum)\\b`).test(after) || /^\s*(?:yearly|annual)/.test(after))
    return 'year';
  if (/^\s*(?:one[- ]?(?:off|time)|once)\b/.test(after)) return 'one-off';
  return null;
}

/** Every amount written with a currency in a text, with the period written after it. */
export function pricesIn(text: string): StatedPrice[] {
  const found: StatedPrice[] = [];
  for (const match of text.matchAll(pricePattern)) {
    const g = match.groups ?? {};
    const digits = g.a ?? g.b ?? g.c;
    if (!digits) continue;
    const thousands = (g.ka ?? g.kb ?? g.kc) ? 1000 : 1;
    const amount = Number(digits.replace(/,/g, '')) * thousands;
    if (!Number.isFinite(amount) || amount <= 0) continue;
    const currency =
      (g.sign ? signs[g.sign.toUpperCase()] : undefined) ??
      (g.after ? signs[g.after] : undefined) ??
      (g.code ?? g.code2)?.toUpperCase() ??
      (g.word ? words[g.word.toLowerCase()] : undefined) ??
      'USD';
    const end = (match.index ?? 0) + match[0].length;
    found.push({ amount, currency, period: periodAfter(text.slice(end)) });
  }
  return found;
}

/** A period named anywhere in a text ("billed monthly"), when no amount says its own. */
function periodNamed(text: string): PricePeriod | null {
  const lower = text.toLowerCase();
  if (/\b(?:monthly|per month|a month|\/month|\/mo)\b/.test(lower)) return 'month';
  if (/\b(?:annual|yearly|per year|a year|\/year|\/yr)\b/.test(lower)) return 'year';
  if (/\b(?:weekly|per week|a week)\b/.test(lower)) return 'week';
  if (/\b(?:one[- ]?(?:off|time)|lifetime)\b/.test(lower)) return 'one-off';
  return null;
}

const mostCommon = <T>(values: readonly T[]): T | undefined => {
  const counts = new Map<T, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
};

interface ProfilePricing {
  /** The price the ladder is built around: the middle of the prices stated. */
  anchor: number;
  currency: string;
  period: PricePeriod | null;
  /** Where it was read, in the profile's own labels ("Pricing Models"). */
  fields: string[];
  /** Whether the prices are the competitors' (the product states none of its own). */
  competitors: boolean;
}

/** The prices the profile states, own pricing first, or null when it states none. */
export function profilePricing(profile: BusinessProfileView | null): ProfilePricing | null {
  if (!profile) return null;
  for (const fields of [ownFields, competitorFields]) {
    const read = fields.flatMap((name) => {
      const text = profile[name];
      return text ? pricesIn(text).map((price) => ({ ...price, name, text })) : [];
    });
    if (read.length === 0) continue;
    const currency = mostCommon(read.map((price) => price.currency)) ?? 'USD';
    const same = read.filter((price) => price.currency === currency);
    const amounts = same.map((price) => price.amount).sort((a, b) => a - b);
    const anchor = amounts[Math.floor((amounts.length - 1) / 2)] ?? amounts[0] ?? 0;
    const period =
      mostCommon(same.flatMap((price) => (price.period ? [price.period] : []))) ??
      mostCommon(same.flatMap((price) => periodNamed(price.text) ?? [])) ??
      null;
    return {
      anchor,
      currency,
      period,
      fields: [...new Set(same.map((price) => profileFieldLabel(price.name)))],
      competitors: fields === competitorFields,
    };
  }
  return null;
}

/** How finely a ladder around a price is rounded: cents near a dollar, whole tens near a thousand. */
function stepFor(anchor: number): number {
  if (anchor < 2) return 0.1;
  if (anchor < 10) return 0.5;
  if (anchor < 100) return 1;
  if (anchor < 1000) return 5;
  return 10;
}

/** Half to twice a price, rounded to prices people quote, each higher than the one before. */
export function ladderAround(anchor: number): number[] {
  const step = stepFor(anchor);
  const prices = LADDER_STEPS.map((times) =>
    Number((Math.round((anchor * times) / step) * step).toFixed(2)),
  ).filter((price) => price > 0);
  return prices.filter((price, index) => index === 0 || price > prices[index - 1]!);
}
