import { householdOf } from '../panel';
import type { PopulationFrame } from './frame';

/**
 * Where a persona not drawn from a frame (a template, a customer's own
 * persona) stands on the frame's traits, read from what it says of itself:
 * its age in the frame's age bands, its gender as the frame's sex, its
 * yearly income in the frame's bands when it is stated in the frame's
 * currency, its region when its place names one of the frame's regions, and
 * its household from its own words. A trait it does not state is left out,
 * and raking weighs it by the others.
 */

interface PersonaSelf {
  age: number;
  gender: string;
  income: string;
  location: string;
  lifestyle: string;
  motivations: string;
  personality: string;
}

const currencySigns: Record<string, RegExp> = {
  USD: /\$|\bUSD\b|\bdollars?\b/i,
  GBP: /£|\bGBP\b|\bpounds?\b/i,
  EUR: /€|\bEUR\b|\beuros?\b/i,
  INR: /₹|\bINR\b|\brupees?\b|\bRs\.?/i,
};

/** A yearly amount from words such as "£32,000 a year", "$85k per year", "€3,000 a month", "₹6 lakh". */
export function yearlyAmount(text: string, currency: string): number | undefined {
  const sign = currencySigns[currency];
  if (!sign?.test(text)) return undefined;
  const match = /(\d[\d,]*(?:\.\d+)?)\s*(k|thousand|lakh|lakhs|crore|m|million)?/i.exec(text);
  if (!match) return undefined;
  let amount = Number(match[1]!.replace(/,/g, ''));
  const unit = (match[2] ?? '').toLowerCase();
  if (unit === 'k' || unit === 'thousand') amount *= 1_000;
  else if (unit === 'lakh' || unit === 'lakhs') amount *= 100_000;
  else if (unit === 'crore') amount *= 10_000_000;
  else if (unit === 'm' || unit === 'million') amount *= 1_000_000;
  if (/\b(a|per|each|every|\/)\s*month|monthly\b/i.test(text)) amount *= 12;
  return Number.isFinite(amount) && amount > 0 ? amount : undefined;
}

/** The age band of a level id such as "18-29" or "75+". */
function inBand(age: number, id: string): boolean {
  const open = /^(\d+)\+$/.exec(id);
  if (open) return age >= Number(open[1]);
  const closed = /^(\d+)-(\d+)$/.exec(id);
  return closed ? age >= Number(closed[1]) && age <= Number(closed[2]) : false;
}

const sexOf = (gender: string): string | undefined => {
  const g = gender.trim().toLowerCase();
  if (/^(f|female|woman|women)$/.test(g)) return 'female';
  if (/^(m|male|man|men)$/.test(g)) return 'male';
  return undefined;
};

const households: Record<string, string> = {
  alone: 'alone',
  couple: 'couple',
  children: 'children',
  parents: 'other',
  shared: 'other',
};

export function personaFrameTraits(
  persona: PersonaSelf,
  frame: PopulationFrame,
): Record<string, string> {
  const traits: Record<string, string> = {};
  const has = (id: string) => frame.traits.find((trait) => trait.id === id);
  const age = has('age');
  const band = age?.levels.find((level) => persona.age > 0 && inBand(persona.age, level.id));
  if (band) traits.age = band.id;
  const sex = has('sex') && sexOf(persona.gender);
  if (sex && has('sex')!.levels.some((level) => level.id === sex)) traits.sex = sex;
  const income = has('income');
  const amount = income && yearlyAmount(persona.income, frame.currency);
  if (income && amount !== undefined) {
    const level = income.levels.find(
      (l) => amount >= (l.min ?? 0) && (l.max === undefined || l.max === null || amount < l.max),
    );
    if (level) traits.income = level.id;
  }
  const region = has('region')?.levels.find((level) =>
    new RegExp(`\\b${level.label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i').test(
      persona.location,
    ),
  );
  if (region) traits.region = region.id;
  const household = householdOf(
    [persona.lifestyle, persona.motivations, persona.personality].join('. '),
  );
  const level = household && households[household];
  if (level && has('household')?.levels.some((l) => l.id === level)) traits.household = level;
  return traits;
}
