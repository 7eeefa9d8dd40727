// Asking a question: who answers it, storing it and handing it to inference,
// the budget check before, and the stored state announced after every change.
import { questionMessages, panelMessages } from '@chorus/contracts';
import {
  FailedPrecondition,
  InvalidArgument,
  type Knex,
  type Logger,
  type OutboxRelay,
} from '@chorus/service-kit';
import { refuseOverBudget } from './budgets';
import { questionAsked, questionUpdated } from './events/published';
import type { PanelQuestions } from './panel-questions';
import type { Panels } from './panels';
import type { PersonaContexts } from './persona-context';
import type { ProductRow } from './store/products';
import type { Products } from './products';
import type { QuestionRow, QuestionStore } from './store/questions';

/** Asked of a market panel (its parts and answers are PanelQuestions'). */
export const isPanelQuestion = (question: QuestionRow) => question.panel_version !== null;

/** What the question use cases work with. */
export interface QuestionDeps {
  store: QuestionStore;
  products: Products;
  personaContexts: PersonaContexts;
  panels: Panels;
  panelQuestions: PanelQuestions;
  relay: OutboxRelay;
  logger: Logger;
}

/**
 * Who answers a new question: the product's chosen personas, or a ready
 * market panel (its personas are asked in parts; see PanelQuestions).
 */
export async function answerers(
  deps: QuestionDeps,
  product: ProductRow,
  options: { panelId?: string | undefined; checkWording?: boolean | undefined },
) {
  const { personaContexts, panels, store } = deps;
  if (options.panelId) {
    if (options.checkWording) throw new InvalidArgument(panelMessages.noWordingCheck);
    const panel = await panels.ready(store.db, product.id, options.panelId);
    return { panel, personas: [], business: await personaContexts.businessOf(product) };
  }
  const { personas, business } = await personaContexts.of(product);
  if (personas.length === 0) throw new FailedPrecondition(questionMessages.noPersonas);
  return { panel: undefined, personas, business };
}

/** Stores a new question and hands it to inference: whole, or in parts for a panel. */
export async function insertAsked(
  deps: QuestionDeps,
  trx: Knex.Transaction,
  asked: Awaited<ReturnType<typeof answerers>>,
  question: Parameters<QuestionStore['insert']>[1],
): Promise<QuestionRow> {
  const { store, panelQuestions } = deps;
  const { panel, personas, business } = asked;
  const row = await store.insert(trx, {
    ...question,
    persona_ids: panel ? [] : personas.map((persona) => persona.personaId),
    progress_total: panel ? panel.size : personas.length,
    ...(panel ? panelQuestions.questionFields(panel) : {}),
  });
  if (panel) await panelQuestions.ask(trx, row, business);
  else await questionAsked(trx, row, personas, business);
  await questionUpdated(trx, row);
  return row;
}

/** Refuses a question that would take the product over its monthly budget. */
export function withinBudget(
  deps: QuestionDeps,
  productId: string,
  estimatedCostUsd: number,
): Promise<void> {
  return refuseOverBudget(deps.store, productId, estimatedCostUsd);
}

/** Announces the stored state, and publishes it as soon as the transaction commits. */
export async function changed(
  deps: QuestionDeps,
  trx: Knex.Transaction,
  question: QuestionRow,
): Promise<void> {
  await questionUpdated(trx, question);
  void trx.executionPromise.then(
    () => deps.relay.nudge(),
    () => undefined,
  );
}
