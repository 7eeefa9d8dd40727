import type { BusinessContext, PersonaProfile } from '@chorus/proto/inference/v1/inference';
import {
  consumeEvents,
  enqueueEvent,
  type EventBus,
  type Knex,
  type Logger,
  Topics,
} from '@chorus/service-kit';
import type { Products } from './products';
import type { Questions } from './questions';
import type { ProductRow } from './store/products';
import type { QuestionRow } from './store/questions';

// ---------------------------------------------------------------------------
// Consumed: billing's subscription changes (mirrored onto the product) and
// inference's progress and answers (stored on the question), each applied in
// the consumer's transaction, once per event.

export function consumeCatalogEvents(deps: {
  bus: EventBus;
  db: Knex;
  logger: Logger;
  products: Products;
  questions: Questions;
}): Promise<void> {
  const { products, questions } = deps;
  return consumeEvents({
    bus: deps.bus,
    db: deps.db,
    groupId: 'catalog',
    topics: [Topics.billing, Topics.inference],
    logger: deps.logger,
    handlers: {
      subscriptionChanged: (event, { trx, envelope }) =>
        products.applySubscriptionChanged(trx, event, envelope.occurredAt ?? new Date()),
      questionProcessing: (event, { trx }) => questions.markProcessing(trx, event),
      questionAnswered: (event, { trx }) => questions.storeAnswer(trx, event),
      questionFailed: (event, { trx }) => questions.markFailed(trx, event),
    },
  });
}

// ---------------------------------------------------------------------------
// Published on catalog.v1, keyed by product id so that one product's events
// stay in order.

export function productCreated(trx: Knex.Transaction, product: ProductRow) {
  return enqueueEvent(trx, product.id, {
    $case: 'productCreated',
    value: {
      productId: product.id,
      userId: product.user_id,
      name: product.name,
      industry: product.industry ?? '',
      billingCycle: product.billing_cycle,
      isLegacyPricing: product.is_legacy_pricing,
    },
  });
}

export function productDeleted(trx: Knex.Transaction, product: ProductRow) {
  return enqueueEvent(trx, product.id, {
    $case: 'productDeleted',
    value: { productId: product.id, userId: product.user_id },
  });
}

export function personasChanged(
  trx: Knex.Transaction,
  product: Pick<ProductRow, 'id' | 'user_id'>,
  personaCount: number,
) {
  return enqueueEvent(trx, product.id, {
    $case: 'personasChanged',
    value: { productId: product.id, userId: product.user_id, personaCount },
  });
}

// Question events are keyed by question id: one question's events stay in
// order, and a product's questions spread over the inference workers.

export function questionAsked(
  trx: Knex.Transaction,
  question: QuestionRow,
  personas: PersonaProfile[],
  business: BusinessContext,
) {
  return enqueueEvent(trx, question.id, {
    $case: 'questionAsked',
    value: {
      questionId: question.id,
      productId: question.product_id,
      userId: question.user_id,
      questionText: question.question_text,
      personas,
      business,
    },
  });
}

/** The question's new state is stored; gateways push it to the pages watching the product. */
export function questionUpdated(trx: Knex.Transaction, question: QuestionRow) {
  return enqueueEvent(trx, question.id, {
    $case: 'questionUpdated',
    value: {
      questionId: question.id,
      productId: question.product_id,
      userId: question.user_id,
      status: question.status,
    },
  });
}

export function questionDeleted(trx: Knex.Transaction, question: QuestionRow) {
  return enqueueEvent(trx, question.id, {
    $case: 'questionDeleted',
    value: {
      questionId: question.id,
      productId: question.product_id,
      userId: question.user_id,
    },
  });
}
