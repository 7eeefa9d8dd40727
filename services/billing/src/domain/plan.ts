import { extraPersonas, planFor } from '@chorus/contracts';

/** Personas billed beyond the plan's included ones: the subscription's extra quantity. */
export function extraPersonasFor(personaCount: number, isLegacyPricing: boolean): number {
  return extraPersonas(personaCount, planFor({ isLegacyPricing }));
}

/** The persona count a subscription with `extras` extra personas pays for. */
export function personaCountFor(extras: number, isLegacyPricing: boolean): number {
  return planFor({ isLegacyPricing }).includedPersonas + extras;
}
