import {
  annualSavingsCents,
  type BillingCycle,
  billingMessages,
  CURRENT_PLAN,
} from '@chorus/contracts';
import { InvalidArgument } from '@chorus/service-kit';
import { resolveBillingCycle } from './domain/billing-cycle';
import type { PaymentProvider } from './providers/provider';

/** The plan's prices at the provider, and the billing cycles a request may name. */
export class Prices {
  constructor(private readonly deps: { provider: PaymentProvider }) {}

  async prices() {
    const catalog = await this.deps.provider.catalog();
    return {
      catalog,
      plan: CURRENT_PLAN,
      annualSavingsCents: annualSavingsCents(CURRENT_PLAN),
    };
  }

  paymentConfig() {
    const { provider } = this.deps;
    return { provider: provider.name, publishableKey: provider.publishableKey ?? '' };
  }

  /** `value` as a billing cycle: a word or one of the plan's price ids; empty keeps `fallback`. */
  async billingCycleOf(value: string | undefined, fallback: BillingCycle): Promise<BillingCycle> {
    if (!value?.trim()) return fallback;
    const catalog = await this.deps.provider.catalog();
    const ids = (cycle: BillingCycle) => [
      catalog.current[cycle].base.id,
      catalog.legacy[cycle].base.id,
    ];
    const cycle = resolveBillingCycle(value, { monthly: ids('monthly'), annual: ids('annual') });
    if (!cycle) throw new InvalidArgument(billingMessages.selectBillingPlan);
    return cycle;
  }
}
