import type { BusinessContext } from '@chorus/proto/inference/v1/answers';
import { convertMoney, formatMoney, type Income } from '../money';
import type { PersonaReading } from '../persona-reading';
import { buyingOf, priceIn, type PriceReading, priceText, readQuantities } from '../price-reading';
import { defined, fact, type Reason, type Situation, traitReason } from './reason';

function percent(share: number): string {
  const value = share * 100;
  if (value < 0.1) return 'under 0.1%';
  return value < 1 ? `${value.toFixed(1)}%` : `${Math.round(value)}%`;
}

/** An income to weigh a price against when the persona's names no amount: by its band, in US dollars. */
function yearlyIncomeUsd(income: Income): number {
  if (income.yearlyUsd) return income.yearlyUsd;
  return income.band === 'low' ? 20_000 : income.band === 'high' ? 150_000 : 45_000;
}

/**
 * How much a price weighs for a persona: continuous and falling in the share
 * of the persona's yearly income it takes, so a higher price never reads
 * better and every tenfold rise reads worse, whatever the income. A tiny
 * share leans slightly for (small money); a percent of income leans clearly
 * against; ten percent strongly.
 */
function affordabilityWeight(share: number): number {
  return 0.25 - 0.6 * Math.log(1 + share / 0.004);
}

/** The price the persona weighs: the question's, else the business profile's, with its quantities. */
function priceToWeigh(question: Situation['question'], business: BusinessContext) {
  const profileText = [fact(business, 'pricingModels'), fact(business, 'avgTransactionValue')]
    .filter(Boolean)
    .join('. ');
  const fromProfile = profileText ? priceIn(profileText) : undefined;
  return {
    price: question.priceReading ?? fromProfile,
    context: profileText ? readQuantities(profileText) : {},
    fromProfile: !question.priceReading && fromProfile !== undefined,
  };
}

/** What the price comes to for this persona in a year, in their own currency when it differs. */
function costFor(price: PriceReading, p: PersonaReading, context = {}) {
  const buying = buyingOf(price, p.household, context);
  const yearly = price.money.value * buying.units * buying.timesAYear;
  const yearlyUsd = yearly * price.money.currency.usd;
  const own = p.income.currency;
  const foreign = own && own.code !== price.money.currency.code ? own : undefined;
  const said = priceText(price);
  const converted = foreign
    ? ` (about ${formatMoney(convertMoney(price.money.value, price.money.currency, foreign), foreign)})`
    : '';
  const currency = foreign ?? price.money.currency;
  const yearlyText = formatMoney(convertMoney(yearly, price.money.currency, currency), currency);
  const repeated = buying.timesAYear > 1 || buying.units > 1;
  return {
    share: yearlyUsd / yearlyIncomeUsd(p.income),
    /** "$12 per serving (about £9.23)" */
    said: `${said}${converted}`,
    /** "comes to about £2,880 a year at 6 servings a week", or nothing for a one-off */
    comesTo: repeated
      ? `comes to about ${yearlyText} a year${buying.basis ? ` ${buying.basis}` : ''}`
      : undefined,
  };
}

/** How the price, and a change to it, weighs against the persona's income and economic safety. */
export function priceReasons({ persona: p, question: q, business }: Situation): Reason[] {
  const direction = q.priceDirection ?? 'ask';
  const up = direction === 'up';
  const down = direction === 'down';
  const econ = p.safety.economic;
  const income = p.income;
  const reasons: Reason[] = [];

  if (up) {
    reasons.push({
      weight: -0.35,
      attributes: [],
      voice: 'paying more for the same thing is never welcome',
      because: 'a price rise on its own gives nothing back',
    });
  }

  let affordabilityNamed = false;
  const { price, context, fromProfile } = priceToWeigh(q, business);
  // A cut is weighed at the price the question names (its new price), never at the profile's old one.
  if (price && !(down && fromProfile)) {
    affordabilityNamed = true;
    const cost = costFor(price, p, context);
    const weight = Math.round(affordabilityWeight(cost.share) * 1000) / 1000;
    const ofIncome = `about ${percent(cost.share)} of ${p.firstName}'s income (${income.text})`;
    // "$12 per serving (about £9.23) comes to about £1,440 a year at 3 servings a week, …"
    const amount = cost.comesTo ? `${cost.said} ${cost.comesTo},` : `${cost.said} is`;
    const voice =
      cost.share >= 0.03
        ? `${amount} a real share of what I earn`
        : cost.share >= 0.01
          ? `${amount} a noticeable amount on my budget`
          : cost.share >= 0.003
            ? `${amount} an amount I would notice, though not a big one`
            : `${amount} small money for me`;
    reasons.push({
      weight,
      attributes: ['income'],
      ...(fromProfile ? { profileFields: ['pricingModels' as const] } : {}),
      voice,
      because: `${amount} ${ofIncome}`,
    });
  }

  if (econ <= 4) {
    reasons.push({
      weight: down ? 0.9 : up ? -1.0 : -0.7,
      attributes: ['safetyScores.economic'],
      safety: true,
      voice: down
        ? 'money is tight for me, so every saving counts'
        : 'money is tight for me right now, so any extra cost lands hard',
      because: down
        ? `low economic safety (${econ}/10) makes any saving welcome`
        : `low economic safety (${econ}/10) makes every extra cost hurt`,
    });
  } else if (econ >= 8) {
    reasons.push({
      weight: down ? 0.1 : up ? 0.15 : 0.3,
      attributes: ['safetyScores.economic'],
      safety: true,
      voice: "I'm financially secure, so the price alone won't decide it for me",
      because: `high economic safety (${econ}/10) means the price alone won't decide it`,
    });
  }

  if (!affordabilityNamed && income.band === 'low') {
    reasons.push({
      weight: down ? 0.6 : up ? -0.7 : -0.5,
      attributes: ['income'],
      voice: down
        ? `on ${income.text} I welcome anything that costs less`
        : `on ${income.text} I notice every extra charge`,
      because: down
        ? `on an income of ${income.text}, every saving counts`
        : `an income of ${income.text} leaves little room for extra spending`,
    });
  } else if (!affordabilityNamed && income.band === 'high') {
    reasons.push({
      weight: down ? 0.05 : up ? 0.15 : 0.3,
      attributes: ['income'],
      voice: `on ${income.text} the cost itself doesn't worry me`,
      because: `an income of ${income.text} makes the cost itself a minor point`,
    });
  }

  if (income.kind === 'pension') {
    reasons.push({
      weight: down ? 0.4 : -0.4,
      attributes: ['income'],
      voice: 'I live on a fixed pension and budget carefully',
      because: `a fixed pension income (${income.text}) means careful budgeting`,
    });
  } else if (income.kind === 'irregular') {
    reasons.push({
      weight: down ? 0.3 : -0.35,
      attributes: ['income'],
      voice: 'my income goes up and down, so I am careful with regular costs',
      because: `an irregular income (${income.text}) makes regular costs risky`,
    });
  }

  reasons.push(
    ...defined([
      traitReason(
        p,
        'priceConscious',
        down ? 0.6 : up ? -0.6 : -0.45,
        down ? 'I always look for the better deal' : 'I watch every cost closely',
        `${p.firstName} is careful with money`,
      ),
      down &&
        traitReason(
          p,
          'qualitySeeker',
          -0.35,
          'a lower price often means corners get cut',
          `${p.firstName} suspects a lower price means lower quality`,
        ),
      down &&
        traitReason(
          p,
          'statusMinded',
          -0.2,
          'cheaper can look cheap',
          `${p.firstName} cares how things look and feel`,
        ),
    ]),
  );
  return reasons;
}
