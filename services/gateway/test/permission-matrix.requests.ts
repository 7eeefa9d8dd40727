// What to send for one cell of the permission matrix: a harmless body per
// route, the id each path parameter stands for, the person's token, and
// throwaway resources where an expected success would destroy shared ones.
import type { MemberView } from '@chorus/contracts';
import { randomUUID } from 'node:crypto';
import type { Cell, Person } from './permission-matrix.table';
import { join } from './teams-fixtures';
import {
  templateBody,
  QUESTION_TEXT,
  studyBody,
  panelBody,
  world,
  calibrationCsv,
  P,
  type Request,
  fill,
  owner,
  ok,
  readyPanel,
  completeQuestion,
  sharePool,
  pendingPool,
  chorus,
  freshInvitation,
  throwawayProduct,
  type Answer,
} from './permission-matrix.world';

/** Harmless bodies, by route. */
function bodyFor(route: string): unknown {
  const bodies: Record<string, unknown> = {
    'POST /api/products': { name: 'Side project', industry: 'technology' },
    'POST /api/products/{id}/business-profile': { companyName: 'Matrix Co' },
    'PUT /api/products/{id}/business-profile': { companyName: 'Matrix Co' },
    'POST /api/products/{id}/personas': templateBody(),
    'POST /api/products/{id}/custom-personas': { description: 'A 40-year-old nurse in Leeds' },
    'POST /api/products/{id}/custom-personas/import': {
      fileName: 'customers.csv',
      csv: 'Name,Age,Occupation\nAnna,31,Baker\n',
    },
    'PATCH /api/products/{id}/custom-personas/{personaId}': { name: 'Renamed customer' },
    'POST /api/products/{id}/questions': { questionText: QUESTION_TEXT },
    'POST /api/products/{id}/questions/estimate': { questionText: QUESTION_TEXT },
    'POST /api/products/{id}/studies': studyBody,
    'POST /api/products/{id}/panels': panelBody,
    'POST /api/products/{id}/panels/estimate': panelBody,
    'POST /api/products/{id}/questions/{questionId}/share-links': {},
    'POST /api/products/{id}/studies/{studyId}/share-links': {},
    'PATCH /api/products/{id}/question-links/{linkId}': { isActive: true },
    'POST /api/public/question-links/{token}/responses': {
      answers: [{ questionId: world.typedQuestionId, answer: { type: 'nps', value: 8 } }],
    },
    'PUT /api/products/{id}/question-budget': { monthlyBudgetUsd: null },
    'POST /api/products/{id}/questions/{questionId}/follow-ups': {
      message: 'Why do you say that?',
    },
    'POST /api/products/{id}/questions/{questionId}/calibration': calibrationCsv,
    'POST /api/products/{productId}/roadmaps': { name: 'Another plan' },
    'PUT /api/roadmaps/{id}': { name: 'Plan' },
    'POST /api/roadmaps/{id}/items': { title: 'Another step' },
    'PUT /api/roadmap-items/{id}': { title: 'First step' },
    'POST /api/roadmaps/{id}/import-yaml': { yamlContent: 'roadmap_items: [{title: Imported}]' },
    'POST /api/roadmap-items/{id}/feedback': { personaIds: [world.personaId] },
    'POST /api/roadmaps/{id}/comparisons': {
      itemIds: world.itemIds,
      personaIds: [world.personaId],
    },
    'POST /api/roadmap-items/{id}/share-links': { feedbackType: 'rating' },
    'POST /api/roadmaps/{id}/comparison-links': { itemIds: world.itemIds },
    'PATCH /api/share-links/{id}': { isActive: true },
    'POST /api/public/share-links/{token}/responses': { answer: { type: 'rating', rating: 4 } },
    'POST /api/roadmaps/{id}/collaborators': {
      email: `shared-${randomUUID()}@example.com`,
      permission: 'view',
    },
    'POST /api/products/{id}/team/invitations': {
      email: `invited-${randomUUID()}@example.com`,
      role: 'viewer',
    },
    // Those who may not try to make the target an admin: nothing changes.
    'PATCH /api/products/{id}/team/members/{memberId}': { role: 'admin' },
    'POST /api/auth/forgot-password': { email: world.stranger.email },
    'POST /api/auth/reset-password': { token: 'x'.repeat(43), password: 'another-pass' },
    'POST /api/auth/login': { email: world.stranger.email, password: 'secret-pass' },
    'POST /api/admin/login': { email: 'nobody@chorus.test', password: 'wrong-password' },
    'POST /api/payment-methods': { productId: P(), stripePaymentMethodId: 'pm_card_visa' },
    'POST /api/stripe/create-checkout-session': {
      productId: P(),
      billingCycle: 'monthly',
      successUrl: 'http://localhost:8080/billing?paid=1',
      cancelUrl: 'http://localhost:8080/billing',
    },
    'POST /api/billing/customer-portal': {},
    'POST /api/products/{id}/setup-payment': {},
    'POST /api/admin/promo-codes': {},
    'POST /api/admin/persona-templates': {},
  };
  return bodies[route];
}

export const tokenOf = (person: Person): string | undefined =>
  person === 'signedOut'
    ? undefined
    : person === 'owner'
      ? world.owner.token
      : person === 'stranger'
        ? world.stranger.token
        : world.members[person].token;

const emailOf = (person: Person): string | undefined =>
  person === 'signedOut'
    ? undefined
    : person === 'owner'
      ? world.owner.email
      : person === 'stranger'
        ? world.stranger.email
        : world.members[person].email;

/** What to send for one cell; an expected success gets throwaway resources where it destroys. */
export async function requestFor(route: string, person: Person, expected: Cell): Promise<Request> {
  const success = expected === '2xx';
  const body = bodyFor(route);
  const base: Request = { path: fill(route), body };
  const asOwner = owner().token;
  switch (route) {
    case 'POST /api/auth/register':
      return {
        path: base.path,
        body: {
          email: `signup-${randomUUID()}@example.com`,
          password: 'secret-pass',
          firstName: 'New',
          lastName: 'User',
          productName: 'New product',
        },
      };
    case 'POST /api/auth/logout': {
      // A session of its own: the person's token must keep working.
      const email = emailOf(person);
      if (!email) return base;
      const login = await ok<{ token: string }>('POST', '/api/auth/login', '', {
        email,
        password: 'secret-pass',
      });
      return { ...base, token: login.token };
    }
    case 'DELETE /api/products/{id}/personas/{personaId}': {
      if (!success) return base;
      // A persona of its own: the bill stays the same (fewer than the included ten).
      const added = await ok<{ id: string }>('POST', `/api/products/${P()}/personas`, asOwner, {
        templateId: world.templateIds[2],
      });
      return { path: fill(route, { personaId: added.id }) };
    }
    case 'POST /api/products/{id}/custom-personas':
      return {
        ...base,
        cleanup: async (created) => {
          const { id } = created as { id: string };
          await ok('DELETE', `/api/products/${P()}/personas/${id}`, asOwner);
        },
      };
    case 'POST /api/products/{id}/custom-personas/import':
      return {
        ...base,
        cleanup: async (imported) => {
          for (const { id } of (imported as { personas: { id: string }[] }).personas) {
            await ok('DELETE', `/api/products/${P()}/personas/${id}`, asOwner);
          }
        },
      };
    case 'POST /api/products/{id}/panels':
      return {
        ...base,
        cleanup: async (created) => {
          const { id } = created as { id: string };
          await ok('DELETE', `/api/products/${P()}/panels/${id}`, asOwner);
        },
      };
    case 'POST /api/products/{id}/panels/{panelId}/redraw':
    case 'DELETE /api/products/{id}/panels/{panelId}':
      // A panel of its own, ready (a panel being built is not drawn again).
      return success ? { path: fill(route, { panelId: await readyPanel() }), body } : base;
    case 'POST /api/products/{id}/questions/{questionId}/rerun':
      return success ? { path: fill(route, { questionId: await completeQuestion() }) } : base;
    case 'DELETE /api/products/{id}/questions/{questionId}': {
      if (!success) return base;
      const asked = await ok<{ id: string }>(
        'POST',
        `/api/products/${P()}/questions`,
        asOwner,
        bodyFor('POST /api/products/{id}/questions'),
      );
      return { path: fill(route, { questionId: asked.id }) };
    }
    case 'DELETE /api/products/{id}/questions/{questionId}/calibration':
      if (success) {
        await ok(
          'POST',
          fill('POST /api/products/{id}/questions/{questionId}/calibration'),
          asOwner,
          calibrationCsv,
        );
      }
      return base;
    case 'DELETE /api/roadmaps/{id}': {
      if (!success) return base;
      const roadmap = await ok<{ id: string }>('POST', `/api/products/${P()}/roadmaps`, asOwner, {
        name: 'Throwaway plan',
      });
      return { path: fill(route, { id: roadmap.id }) };
    }
    case 'DELETE /api/roadmap-items/{id}': {
      if (!success) return base;
      const item = await ok<{ id: string }>(
        'POST',
        `/api/roadmaps/${world.roadmapId}/items`,
        asOwner,
        {
          title: 'Throwaway step',
        },
      );
      return { path: fill(route, { id: item.id }) };
    }
    case 'DELETE /api/share-links/{id}': {
      if (!success) return base;
      const link = await ok<{ id: string }>(
        'POST',
        `/api/roadmap-items/${world.itemIds[0]}/share-links`,
        asOwner,
        { feedbackType: 'rating' },
      );
      return { path: fill(route, { id: link.id }) };
    }
    case 'POST /api/roadmaps/{id}/collaborators':
      return {
        ...base,
        cleanup: async (shared) => {
          sharePool.push((shared as MemberView).id);
        },
      };
    case 'DELETE /api/roadmaps/{id}/collaborators/{memberId}': {
      if (!success) return base;
      const memberId = sharePool.pop();
      if (!memberId) throw new Error('no roadmap share left to remove');
      return { path: fill(route, { memberId }) };
    }
    case 'POST /api/products/{id}/team/invitations':
      return {
        ...base,
        cleanup: async (invited) => {
          pendingPool.push((invited as MemberView).id);
        },
      };
    case 'DELETE /api/products/{id}/team/invitations/{memberId}': {
      if (!success) return base;
      const memberId = pendingPool.pop();
      if (!memberId) throw new Error('no pending invitation left to revoke');
      return { path: fill(route, { memberId }) };
    }
    case 'PATCH /api/products/{id}/team/members/{memberId}':
      // Those allowed move the target between viewer and collaborator.
      return success
        ? { path: base.path, body: { role: person === 'owner' ? 'collaborator' : 'viewer' } }
        : base;
    case 'DELETE /api/products/{id}/team/members/{memberId}': {
      if (!success) return base;
      const removable = await join(chorus, owner(), 'viewer');
      return { path: fill(route, { memberId: removable.memberId }) };
    }
    case 'POST /api/invitations/{token}/decline':
      return { path: fill(route, { token: (await freshInvitation()).token }) };
    case 'POST /api/invitations/{token}/register': {
      const { email, token } = await freshInvitation();
      return {
        path: fill(route, { token }),
        body: { email, password: 'secret-pass', firstName: 'Invited', lastName: 'Person' },
      };
    }
    case 'DELETE /api/products/{id}':
      return success ? { path: fill(route, { id: await throwawayProduct() }) } : base;
    case 'POST /api/products/{id}/cancel-subscription':
      return success ? { path: fill(route, { id: await throwawayProduct(true) }) } : base;
    case 'POST /api/payment-methods':
    case 'POST /api/stripe/create-checkout-session':
      return success
        ? { path: base.path, body: { ...(body as object), productId: await throwawayProduct() } }
        : base;
    case 'POST /api/billing/checkout/local/{sessionId}':
    case 'POST /api/stripe/webhook':
      return { path: base.path, raw: 'paymentMethod=pm_card_visa' };
    default:
      return base;
  }
}

export function matches(expected: Cell, answer: Answer): boolean {
  if (expected === '2xx') return answer.status >= 200 && answer.status < 300;
  return answer.status === expected;
}
