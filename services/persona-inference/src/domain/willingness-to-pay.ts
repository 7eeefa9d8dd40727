import type { PricePeriod, PriceRangeDraw, TypedAnswer } from '@chorus/contracts';
import type { BusinessContext, PersonaProfile } from '@chorus/proto/inference/v1/answers';
import { convertMoney, type Currency, currencyByCode, type Period, readIncome } from './money';
import { readPersona } from './persona-reading';
import { currencyOfPlace } from './places';
import { readPrices } from './price-reading';
import { hashUniform, normal, normalCdf, type Rng, round } from './typed-draws';

/**
 * A persona's willingness to pay for an offer, the model behind its price
 * ladder and price range answers. Its reference is what people usually pay
 * for the same need: the prices the business profile gives (its own pricing,
 * its competitors'), else a typical price for the industry. The persona's
 * willingness to pay is log-normal around that reference times its own
 * factor (its income where it lives, how it spends, how it leans on the
 * offer), with a spread of its own. It buys at a price when its willingness
 * to pay is at least that price, so the chance of buying never rises with the
 * price.
 */

const perYear: Record<Period, number> = {
  year: 1,
  month: 12,
  week: 52,
  day: 365,
  hour: 2_000,
  once: 1,
};

function asPeriod(period: PricePeriod): Period {
  return period === 'one-off' ? 'once' : period;
}

/** The profile fields that say what the offer, or its competitors, cost. */
const priceFields = [
  'pricingModels',
  'avgTransactionValue',
  'directCompetitors',
  'indirectCompetitors',
] as const;

/**
 * What a typical offer of an industry costs, in US dollars, when the profile
 * names no price: paid monthly for an ongoing service, or once for a
 * purchase. Rough on purpose: it only places the reference within tenfold.
 */
const industryPrices: Record<string, { month: number; once: number }> = {
  technology: { month: 20, once: 150 },
  healthcare: { month: 40, once: 120 },
  finance: { month: 15, once: 100 },
  'e-commerce': { month: 30, once: 60 },
  education: { month: 30, once: 200 },
  'real estate': { month: 150, once: 2_000 },
  manufacturing: { month: 100, once: 500 },
  consulting: { month: 150, once: 1_500 },
  retail: { month: 40, once: 60 },
  'food & beverage': { month: 60, once: 25 },
  entertainment: { month: 15, once: 30 },
  transportation: { month: 50, once: 40 },
  'non-profit': { month: 10, once: 30 },
};
const generalPrice = { month: 25, once: 80 };
const usd = currencyByCode('USD')!;

interface ReferencePrice {
  /** In the asked currency and period. */
  price: number;
  source: 'profile' | 'industry';
  /** The prices it came from, as the profile wrote them. */
  from: string[];
  /** The currency those prices were written in: the market whose incomes they suit. */
  market: Currency;
}

/** An amount per one period as an amount per another (a one-off stays a one-off). */
export function perPeriod(amount: number, from: Period, to: PricePeriod): number {
  return (amount * perYear[from]) / perYear[asPeriod(to)];
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * What people usually pay for the need the offer meets, in the asked
 * currency and period: the middle of the prices the profile names for the
 * same kind of payment (recurring for a subscription, once for a one-off),
 * else the industry's typical price.
 */
export function referencePrice(
  business: BusinessContext,
  currency: Currency,
  period: PricePeriod,
): ReferencePrice {
  const oneOff = period === 'one-off';
  const found: { value: number; text: string; currency: Currency }[] = [];
  for (const fact of business.facts) {
    if (!(priceFields as readonly string[]).includes(fact.field)) continue;
    for (const reading of readPrices(fact.value)) {
      // An hourly rate is labour, not what the offer costs.
      if (reading.period === 'hour' || (reading.period === 'once') !== oneOff) continue;
      const value = convertMoney(reading.money.value, reading.money.currency, currency);
      found.push({
        value: perPeriod(value, reading.period, period),
        text: reading.money.text,
        currency: reading.money.currency,
      });
    }
  }
  if (found.length > 0) {
    return {
      price: median(found.map((f) => f.value)),
      source: 'profile',
      from: found.map((f) => f.text),
      market: found[0]!.currency,
    };
  }
  const typical = industryPrices[business.industry.trim().toLowerCase()] ?? generalPrice;
  const price = oneOff
    ? convertMoney(typical.once, usd, currency)
    : perPeriod(convertMoney(typical.month, usd, currency), 'month', period);
  return { price, source: 'industry', from: [], market: usd };
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}

/** Income without an amount, against a middle income where the persona lives. */
const bandStanding = { low: 0.55, middle: 1, high: 2.2 } as const;

/**
 * The persona's income against a typical income where it lives (1: typical),
 * and the currency it lives in. An income paid in another currency is
 * converted first.
 */
function incomeStanding(persona: PersonaProfile): { standing: number; place: Currency } {
  const income = readIncome(persona.income);
  const place = currencyOfPlace(persona.location) ?? income.currency ?? usd;
  if (income.yearly !== undefined && income.currency) {
    const yearly = convertMoney(income.yearly, income.currency, place);
    return { standing: yearly / place.typicalIncome, place };
  }
  return { standing: income.band ? bandStanding[income.band] : 1, place };
}

const affluentWords =
  /\b(?:affluent|wealthy|well[- ]off|splurges?|spares no expense|money is no object|pays? for the premium|treats? (?:him|her|them)sel(?:f|ves))\b/i;

interface SpendingFactors {
  /** Income against a typical one where the persona lives, softened. */
  income: number;
  /** Typical incomes where the persona lives against those of the price's currency. */
  place: number;
  /** Spending habits: careful with money, or paying for quality. */
  habits: number;
}

/**
 * How much more or less than people usually pay in a market (the currency
 * its prices are written in) the persona would spend: its income where it
 * lives (a tenfold income doubles it, at most), where it lives against that
 * market (a typical income in pesos buys less than a typical income in
 * dollars, whatever currency the price is then written in), and its habits.
 */
export function spendingFactors(persona: PersonaProfile, market: Currency): SpendingFactors {
  const { standing, place } = incomeStanding(persona);
  const reading = readPersona(persona);
  const placeRatio = (place.typicalIncome * place.usd) / (market.typicalIncome * market.usd);
  let habits = 1;
  if (reading.traits.has('priceConscious')) habits *= 0.82;
  if (reading.traits.has('qualitySeeker')) habits *= 1.12;
  if (reading.traits.has('statusMinded')) habits *= 1.12;
  if (affluentWords.test(`${persona.lifestyle} ${persona.personality} ${persona.motivations}`)) {
    habits *= 1.15;
  }
  if (reading.safety.economic <= 3) habits *= 0.92;
  else if (reading.safety.economic >= 8) habits *= 1.05;
  return {
    income: clamp(standing ** 0.3, 0.55, 1.9),
    place: clamp(placeRatio ** 0.35, 0.35, 1.5),
    habits: clamp(habits, 0.6, 1.45),
  };
}

interface WillingnessToPay {
  reference: ReferencePrice;
  /** The persona's typical willingness to pay, in the asked currency and period. */
  median: number;
  /** Spread of its logarithm: how unsure the persona is what it would pay. */
  sigma: number;
  factors: SpendingFactors & { leaning: number };
  /** The same in the persona's own currency, when it lives with another one. */
  own?: { currency: Currency; median: number };
}

interface PriceOffer {
  currency: string;
  period: PricePeriod;
}

/**
 * A persona's willingness to pay for an offer. `leaning` is its
 * P(positive) − P(negative) on the question: one certain it wants the offer
 * pays about 40 % more, one certain it does not about 30 % less.
 */
export function willingnessToPay(
  persona: PersonaProfile,
  business: BusinessContext,
  offer: PriceOffer,
  leaning: number,
): WillingnessToPay {
  const currency = currencyByCode(offer.currency) ?? usd;
  const reference = referencePrice(business, currency, offer.period);
  const factors = {
    ...spendingFactors(persona, reference.market),
    leaning: Math.exp(0.35 * clamp(leaning, -1, 1)),
  };
  const typical =
    reference.price * factors.income * factors.place * factors.habits * factors.leaning;
  const sigma = 0.35 + 0.2 * hashUniform('wtp-spread', persona.personaId);
  const ownCurrency = readIncome(persona.income).currency ?? currencyOfPlace(persona.location);
  return {
    reference,
    median: typical,
    sigma,
    factors,
    ...(ownCurrency && ownCurrency.code !== currency.code
      ? { own: { currency: ownCurrency, median: convertMoney(typical, currency, ownCurrency) } }
      : {}),
  };
}

/** P(buy at the price) = 1 − Φ((ln price − ln WTP) / σ): never rising as the price rises. */
export function buyProbability(
  wtp: Pick<WillingnessToPay, 'median' | 'sigma'>,
  price: number,
): number {
  if (price <= 0) return 1;
  return 1 - normalCdf((Math.log(price) - Math.log(wtp.median)) / wtp.sigma);
}

/** One draw's willingness to pay: the same generator call per draw for the ladder and the range. */
function drawWtp(wtp: Pick<WillingnessToPay, 'median' | 'sigma'>, rng: Rng): number {
  return wtp.median * Math.exp(wtp.sigma * normal(rng));
}

/**
 * A price ladder (Gabor–Granger): the probability of buying at each price,
 * and per draw how many prices, from the lowest, are at or below the
 * willingness to pay drawn for it.
 */
export function ladderAnswer(
  wtp: WillingnessToPay,
  prices: readonly number[],
  rng: Rng,
  draws: number,
): Extract<TypedAnswer, { type: 'price_ladder' }> {
  return {
    type: 'price_ladder',
    buyProbability: prices.map((p) => round(buyProbability(wtp, p))),
    draws: Array.from({ length: draws }, () => {
      const willing = drawWtp(wtp, rng);
      return prices.filter((p) => p <= willing).length;
    }),
    noAnswer: 0,
  };
}

/**
 * Where the four Van Westendorp prices sit against a draw's willingness to
 * pay, in spreads (σ) of the persona: too cheap well below it, a bargain
 * below, expensive above, too expensive well above.
 */
const rangeSpreads = { tooCheap: -2, bargain: -0.75, expensive: 0.6, tooExpensive: 1.5 } as const;

/** A price as a persona says it: cents below 100, whole units above. */
function said(price: number): number {
  return price >= 100 ? Math.round(price) : Math.round(price * 100) / 100;
}

/**
 * A price range (Van Westendorp, with Newton–Miller–Smith's likelihoods when
 * asked): the four prices of each draw from the same willingness to pay as
 * the ladder's draw of the same number, ascending, so a persona never calls
 * a price it would not pay a bargain.
 */
export function rangeAnswer(
  wtp: WillingnessToPay,
  likelihood: boolean,
  rng: Rng,
  draws: number,
): Extract<TypedAnswer, { type: 'price_range' }> {
  return {
    type: 'price_range',
    draws: Array.from({ length: draws }, (): PriceRangeDraw => {
      const willing = drawWtp(wtp, rng);
      const at = (spreads: number) => said(willing * Math.exp(spreads * wtp.sigma));
      // Rounding must never make two prices equal: each is at least a step above the last.
      const above = (price: number, spreads: number) =>
        Math.max(at(spreads), said(price + (price >= 100 ? 1 : 0.01)));
      const tooCheap = Math.max(0.01, at(rangeSpreads.tooCheap));
      const bargain = above(tooCheap, rangeSpreads.bargain);
      const expensive = above(bargain, rangeSpreads.expensive);
      const tooExpensive = above(expensive, rangeSpreads.tooExpensive);
      return {
        tooCheap,
        bargain,
        expensive,
        tooExpensive,
        buyAtBargain: likelihood ? round(buyProbability(wtp, bargain)) : 0,
        buyAtExpensive: likelihood ? round(buyProbability(wtp, expensive)) : 0,
      };
    }),
    outOfOrder: 0,
    noAnswer: 0,
  };
}
