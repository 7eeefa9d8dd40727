import { type Money, yearlyUsd } from '../money';
import { defined, type Reason, type Situation, traitReason } from './reason';

function percent(share: number): string {
  const value = share * 100;
  if (value < 0.1) return 'under 0.1%';
  return value < 1 ? `${value.toFixed(1)}%` : `${Math.round(value)}%`;
}

function perPeriod(money: Money): string {
  return money.period === 'once' ? '' : ` a ${money.period}`;
}

/** How the price, and a change to it, weighs against the persona's income and economic safety. */
export function priceReasons({ persona: p, question: q }: Situation): Reason[] {
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
  if (q.price && income.yearlyUsd && !down) {
    const share = yearlyUsd(q.price) / income.yearlyUsd;
    const amount = `${q.price.text}${perPeriod(q.price)}`;
    if (share >= 0.03) {
      affordabilityNamed = true;
      reasons.push({
        weight: -1.1,
        attributes: ['income'],
        voice: `${amount} would be a real share of what I earn`,
        because: `${amount} is about ${percent(share)} of ${p.firstName}'s income (${income.text})`,
      });
    } else if (share >= 0.01) {
      affordabilityNamed = true;
      reasons.push({
        weight: -0.5,
        attributes: ['income'],
        voice: `${amount} is a noticeable amount on my budget`,
        because: `${amount} is about ${percent(share)} of ${p.firstName}'s income (${income.text})`,
      });
    } else if (share < 0.002) {
      affordabilityNamed = true;
      reasons.push({
        weight: up ? 0.15 : 0.3,
        attributes: ['income'],
        voice: `${amount} is small money for me`,
        because: `${amount} is a tiny share (${percent(share)}) of ${p.firstName}'s income (${income.text})`,
      });
    }
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
