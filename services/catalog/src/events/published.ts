import type { BusinessContext, PersonaProfile } from '@chorus/proto/inference/v1/answers';
import { enqueueEvent, type Knex } from '@chorus/service-kit';
import type { PanelMember } from '@chorus/research';
import { frameToMessage, specToMessage } from '@chorus/service-kit/wire';
import type { CollaboratorRow } from '../store/collaborators';
import type { PanelRow } from '../store/panels';
import type { ProductRow } from '../store/products';
import type { QuestionRow } from '../store/questions';

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
      seed: question.seed,
      checkWording: question.check_wording,
      spec: specToMessage(question.spec),
    },
  });
}

/**
 * One part of a market panel's question: a few hundred of its personas,
 * keyed by question and part so the parts spread over the inference workers.
 */
export function questionAskedPart(
  trx: Knex.Transaction,
  question: QuestionRow,
  personas: PersonaProfile[],
  business: BusinessContext,
  part: { index: number; count: number; total: number },
) {
  return enqueueEvent(trx, `${question.id}:${part.index}`, {
    $case: 'questionAsked',
    value: {
      questionId: question.id,
      productId: question.product_id,
      userId: question.user_id,
      questionText: question.question_text,
      personas,
      business,
      seed: question.seed,
      checkWording: false,
      spec: specToMessage(question.spec),
      part,
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

// Membership changes, keyed by product id like the product's other events.
// billable_seats is the product's count after the change: billing sets the
// subscription's seat quantity to it, so a replay changes nothing.

interface MembershipChange {
  product: Pick<ProductRow, 'id' | 'user_id'>;
  member: CollaboratorRow;
  billableSeats: number;
  at: Date;
}

/** What every membership event says: whose product, which member, the seats after, when. */
function membershipFields({ product, member, billableSeats, at }: MembershipChange) {
  return {
    productId: product.id,
    userId: product.user_id,
    collaboratorId: member.id,
    memberUserId: member.collaborator_user_id ?? '',
    billableSeats,
    effectiveAt: at,
  };
}

export function collaboratorJoined(trx: Knex.Transaction, change: MembershipChange) {
  const { member } = change;
  return enqueueEvent(trx, change.product.id, {
    $case: 'collaboratorJoined',
    value: {
      ...membershipFields(change),
      role: member.role,
      isBillable: member.is_billable,
      roadmapId: member.permissions?.roadmapId ?? '',
      roadmapPermission: member.permissions?.permission ?? '',
      invitedByUserId: member.inviter_user_id,
    },
  });
}

export function collaboratorRoleChanged(
  trx: Knex.Transaction,
  change: MembershipChange & { previousRole: string },
) {
  const { member } = change;
  return enqueueEvent(trx, change.product.id, {
    $case: 'collaboratorRoleChanged',
    value: {
      ...membershipFields(change),
      previousRole: change.previousRole,
      role: member.role,
      isBillable: member.is_billable,
    },
  });
}

/** `member` as it was before it ended (its role and whether it was billed). */
export function collaboratorLeft(trx: Knex.Transaction, change: MembershipChange) {
  const { member } = change;
  return enqueueEvent(trx, change.product.id, {
    $case: 'collaboratorLeft',
    value: {
      ...membershipFields(change),
      role: member.role,
      wasBillable: member.is_billable,
      roadmapId: member.permissions?.roadmapId ?? '',
    },
  });
}

// Market panels: each batch of members to build is an event of its own,
// keyed by panel, version and batch, so the batches spread over the workers.

export function panelBuildRequested(
  trx: Knex.Transaction,
  panel: PanelRow,
  batch: number,
  members: readonly PanelMember[],
) {
  return enqueueEvent(trx, `${panel.id}:${panel.version}:${batch}`, {
    $case: 'panelBuildRequested',
    value: {
      panelId: panel.id,
      productId: panel.product_id,
      userId: panel.user_id,
      version: panel.version,
      seed: panel.seed,
      frame: frameToMessage(panel.frame),
      members: members.map((member) => ({ index: member.index, traits: member.traits })),
      batch,
    },
  });
}
