import { budgetRefusal, type BudgetView } from '@chorus/contracts';
import { DomainError } from '@chorus/service-kit';
import { status as grpcStatus } from '@grpc/grpc-js';
import type { QuestionStore } from './store/questions';

/** A budget refusal: the product's monthly budget for questions is spent. */
export class BudgetReached extends DomainError {
  constructor(message: string) {
    super(grpcStatus.RESOURCE_EXHAUSTED, message);
  }
}

/** The product's monthly budget and what its questions and follow-ups cost this month. */
export async function budgetOf(store: QuestionStore, productId: string): Promise<BudgetView> {
  const row = await store.budget(productId);
  return {
    monthlyBudgetUsd: row.monthly_budget_usd,
    spentThisMonthUsd: row.spent_this_month_usd,
    questionsThisMonth: row.questions_this_month,
  };
}

/** Refuses work the month's budget cannot pay for (RESOURCE_EXHAUSTED, 429). */
export async function refuseOverBudget(
  store: QuestionStore,
  productId: string,
  estimatedCostUsd: number,
): Promise<void> {
  const refusal = budgetRefusal(await budgetOf(store, productId), Math.max(estimatedCostUsd, 0));
  if (refusal) throw new BudgetReached(refusal);
}
