import { findMoney, type Money, type Period } from './money';

/**
 * Reading a price as people write it, with what it is charged for: "$12 per
 * serving", "€8 per person", "$15 per user per month", "£49 a year", and the
 * quantities that say how many of those a customer buys ("three meals a week
 * for two people", "a team of 25", "4 servings a week"). What the engine says
 * back is the same amount in the same unit; a yearly cost is worked out only
 * to weigh it against the persona's income.
 */

/** What one price buys: a serving (a meal), a person, a user or seat, or the whole thing. */
type PriceUnit = 'serving' | 'person' | 'seat' | 'item';

interface Quantities {
  /** Servings or meals a week. */
  servingsPerWeek?: number;
  /** The count is of meals (recipes, boxes), each served to every person, not of single servings. */
  mealsForEveryone?: boolean;
  /** People the purchase is for (a household, guests). */
  people?: number;
  /** Users or seats. */
  seats?: number;
}

export interface PriceReading {
  money: Money;
  /** What the amount is charged for. */
  unit: PriceUnit;
  /** How often it is charged: per week, month or year; once for a one-off or per-use price. */
  period: Period;
  /** The unit as the text names it ("serving", "meal", "seat", "user"), to say it back the same way. */
  unitWord?: string;
  quantities: Quantities;
}

const numberWords: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  single: 1,
  two: 2,
  couple: 2,
  pair: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
  fifty: 50,
  hundred: 100,
};
// A count is not an amount of money ("$8 per seat" is no count of 8 seats).
const countPattern = String.raw`(?<![$£€¥₹\d.,])(\d[\d,]*|${Object.keys(numberWords).join('|')})(?![.,]?\d)`;
/** A count of two or more, for "for 4" with nothing after it ("for a class" is no count). */
const manyPattern = String.raw`(?<![$£€¥₹\d.,])(\d[\d,]*|two|three|four|five|six|seven|eight|nine|ten|twelve)(?![.,]?\d)`;
/** A word between a count and what it counts ("25 active users"), but not "per" or "a". */
const between = String.raw`(?:(?!per\b|a\b|an\b|each\b)\w+\s+)?`;

function countOf(word: string): number | undefined {
  const lower = word.toLowerCase().replace(/,/g, '');
  const value = /^\d+$/.test(lower) ? Number(lower) : numberWords[lower];
  return value !== undefined && value > 0 && value < 1_000_000 ? value : undefined;
}

const servingWords = String.raw`(?:servings?|meals?|portions?|recipes?|dinners?|lunches|lunch|breakfasts?|boxes|box|kits?|plates?)`;
const personWords = String.raw`(?:people|persons?|adults?|guests?|diners?|eaters?)`;
const seatWords = String.raw`(?:users?|seats?|licen[cs]es?|employees?|members?|agents?|editors?)`;

/** A period may come between the amount and its unit: "€9.99 per month per seat". */
const periodFirst = String.raw`(?:(?:\/\s*|(?:per|a|an|each|every)\s+)(?:month|mo|year|yr|week|wk|day)\s*)?`;
const perUnit: readonly [PriceUnit, RegExp][] = [
  [
    'serving',
    new RegExp(
      String.raw`^\s*${periodFirst}(?:\/\s*|(?:per|a|an|each|for each|every)\s+)${servingWords}\b`,
      'i',
    ),
  ],
  [
    'person',
    new RegExp(
      String.raw`^\s*${periodFirst}(?:\/\s*|(?:per|a|each|for each)\s+)(?:person|head|adult|guest|diner|child)\b|^\s*pp\b`,
      'i',
    ),
  ],
  [
    'seat',
    new RegExp(
      String.raw`^\s*${periodFirst}(?:\/\s*|(?:per|a|each|for each)\s+)(?:active\s+)?(?:user|seat|licen[cs]e|employee|member|agent|editor)\b`,
      'i',
    ),
  ],
];

/**
 * How often an amount is charged, from the words right after it and its unit
 * ("per user per month", "/user/month", "per month per seat"); a price
 * without a unit may name it a few words on ("$49 for the app, billed monthly").
 */
function periodAfter(after: string, unit: PriceUnit): Period | undefined {
  const unitMatch = perUnit.find(([u]) => u === unit)?.[1].exec(after);
  const t = (unitMatch ? after.slice(0, unitMatch[0].length + 14) : after).toLowerCase();
  const within = (words: string) => new RegExp(String.raw`^[^.;!?]{0,30}?(?:${words})`).test(t);
  if (within(String.raw`\b(?:per|a|an|each|every)\s+month\b|\/\s?mo(?:nth)?\b|\bmonthly\b`))
    return 'month';
  if (
    within(
      String.raw`\b(?:per|a|an|each|every)\s+(?:year|annum)\b|\/\s?(?:yr|year)\b|\b(?:yearly|annually|annual)\b`,
    )
  ) {
    return 'year';
  }
  if (within(String.raw`\b(?:per|a|an|each|every)\s+week\b|\/\s?(?:wk|week)\b|\bweekly\b`))
    return 'week';
  if (within(String.raw`\b(?:per|a|an|each|every)\s+day\b|\/\s?day\b|\bdaily\b`)) return 'day';
  return undefined;
}

/** The quantities a text states: servings a week, people, seats. */
export function readQuantities(text: string): Quantities {
  const q: Quantities = {};
  const servings =
    new RegExp(
      String.raw`\b${countPattern}\s+${between}${servingWords}\s+(?:for\s+\w+\s+${personWords}\s+)?(?:a|per|each|every)\s+week\b`,
      'i',
    ).exec(text) ??
    new RegExp(String.raw`\b${servingWords}\s+${countPattern}\s+times\s+a\s+week\b`, 'i').exec(
      text,
    );
  if (servings) {
    q.servingsPerWeek = countOf(servings[1]!);
    if (!/\b(?:servings?|portions?|plates?)\b/i.test(servings[0])) q.mealsForEveryone = true;
  }
  const people =
    new RegExp(String.raw`\bfor\s+${countPattern}\s+${personWords}\b`, 'i').exec(text) ??
    new RegExp(String.raw`\b(?:family|household)\s+of\s+${countPattern}\b`, 'i').exec(text) ??
    new RegExp(
      String.raw`\b${countPattern}[- ](?:person|people)\s+(?:household|family|home)\b`,
      'i',
    ).exec(text) ??
    new RegExp(
      String.raw`\bfor\s+${manyPattern}\b(?!\s*(?:${servingWords}|${seatWords}|weeks?|months?|years?|days?|%))`,
      'i',
    ).exec(text);
  if (people) q.people = countOf(people[1]!);
  const seats =
    new RegExp(String.raw`\b${countPattern}\s+${between}${seatWords}\b`, 'i').exec(text) ??
    new RegExp(String.raw`\bteam\s+of\s+${countPattern}\b`, 'i').exec(text);
  if (seats) q.seats = countOf(seats[1]!);
  return q;
}

/**
 * Every price in a text, each with its unit and period (an amount followed
 * by "per serving", "per user per month", "a week"), and the quantities the
 * text states. A period named elsewhere in the text ("the monthly price from
 * $29 to $49") applies to an amount that names none.
 */
export function readPrices(text: string): PriceReading[] {
  const quantities = readQuantities(text);
  const textPeriod: Period = /\bmonthly\b|\bmonth\b|\/mo\b/i.test(text)
    ? 'month'
    : /\byearly\b|\bannual|\bper year\b|\ba year\b/i.test(text)
      ? 'year'
      : /\bweekly\b|\ba week\b|\bper week\b/i.test(text) && !quantities.servingsPerWeek
        ? 'week'
        : 'once';
  return findMoney(text, 'once').map((money) => {
    const after = text.slice(money.end, money.end + 40);
    const found = perUnit.find(([, pattern]) => pattern.test(after));
    const unit = found?.[0] ?? 'item';
    const unitWord = found
      ? /([a-z]+)\s*$/i.exec(found[1].exec(after)![0])?.[1]?.toLowerCase().replace(/s$/, '')
      : undefined;
    const stated = periodAfter(after, unit);
    const period = stated ?? (unit === 'serving' || unit === 'person' ? 'once' : textPeriod);
    return { money: { ...money, period }, unit, period, quantities, unitWord };
  });
}

/** The price a question names (the last, so a change "from $29 to $49" is read at its new price). */
export function priceIn(text: string): PriceReading | undefined {
  const prices = readPrices(text);
  return prices[prices.length - 1];
}

const unitWords: Record<PriceUnit, string> = {
  serving: 'per serving',
  person: 'per person',
  seat: 'per user',
  item: '',
};
const periodWords: Record<Period, string> = {
  year: 'a year',
  month: 'a month',
  week: 'a week',
  day: 'a day',
  hour: 'an hour',
  once: '',
};

/** The price said back as it was asked: "$12 per serving", "$15 per user a month", "$49 a month". */
export function priceText(price: PriceReading): string {
  const unit =
    price.unitWord && price.unitWord !== 'pp' ? `per ${price.unitWord}` : unitWords[price.unit];
  return [price.money.text, unit, periodWords[price.period]].filter(Boolean).join(' ');
}

/** What a persona's household buys, from the price's own quantities or else the persona's. */
interface Buying {
  /** The number of units bought each time (servings, people or seats). */
  units: number;
  /** How many times a year it is paid. */
  timesAYear: number;
  /** In words: "at 6 servings a week", "for 4 people, every week". */
  basis: string;
}

/** Typical meals a week a household buys from a meal service when nothing says. */
const DEFAULT_MEALS_A_WEEK = 3;

const perYear: Record<Period, number> = {
  year: 1,
  month: 12,
  week: 52,
  day: 365,
  hour: 2_000,
  once: 1,
};

/**
 * How many of the priced units the persona buys and how often: a per-serving
 * price is paid for each serving (the servings a week stated, or three meals
 * a week for each person in the household); a per-person price for each
 * person; a per-user price for each seat (one, for a person buying for
 * themself). A price with neither period nor unit is a one-off.
 */
export function buyingOf(price: PriceReading, household: number, context: Quantities = {}): Buying {
  const q = { ...context, ...price.quantities };
  const people = q.people ?? household;
  switch (price.unit) {
    case 'serving': {
      const servings =
        q.servingsPerWeek === undefined
          ? DEFAULT_MEALS_A_WEEK * people
          : q.servingsPerWeek * (q.mealsForEveryone ? people : 1);
      const weekly = price.period === 'once' || price.period === 'week';
      return {
        units: servings,
        timesAYear: weekly ? 52 : perYear[price.period],
        basis: `at ${servings} serving${servings === 1 ? '' : 's'} a week`,
      };
    }
    case 'person':
      return {
        units: people,
        timesAYear: price.period === 'once' ? (q.servingsPerWeek ? 52 : 1) : perYear[price.period],
        basis: `for ${people} ${people === 1 ? 'person' : 'people'}`,
      };
    case 'seat': {
      const seats = q.seats ?? 1;
      return {
        units: seats,
        timesAYear: price.period === 'once' ? 12 : perYear[price.period],
        basis: `for ${seats} user${seats === 1 ? '' : 's'}`,
      };
    }
    case 'item':
      return { units: 1, timesAYear: perYear[price.period], basis: '' };
  }
}
