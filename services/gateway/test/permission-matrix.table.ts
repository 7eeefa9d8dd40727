import type { ProductRole, RoadmapPermission } from '@chorus/contracts';

/*
 * Who may do what: every route of /api/openapi.json and what each person
 * gets from it. permission-matrix.int.test.ts sends each cell and fails on
 * any difference, and on any route of the document missing here.
 *
 * The people, all about one product P (owned by `owner`) and its roadmap R:
 *   owner        owns P
 *   admin        member of P with role admin
 *   collaborator member of P with role collaborator
 *   viewer       member of P with role viewer
 *   roadmapOnly  R was shared with them on its own, with `edit`
 *   removed      was a collaborator of P, removed by the owner
 *   stranger     another account, with a paid product of their own
 *   signedOut    no token
 *
 * A cell is what the person gets:
 *   '2xx'   it is done
 *   403     a member without the right: { message: roleRefusal(needed) }
 *   404     not theirs: the route's own "not found", never P's data
 *   401     signed out
 *   other   the request's own answer once the access check let it through
 *           (e.g. 409 "retry only a question in error"), the same for every
 *           person allowed
 */

export const people = [
  'owner',
  'admin',
  'collaborator',
  'viewer',
  'roadmapOnly',
  'removed',
  'stranger',
  'signedOut',
] as const;
export type Person = (typeof people)[number];
export type Cell = '2xx' | 400 | 401 | 403 | 404 | 409;
export type Row = Record<Person, Cell>;

const rank: Record<ProductRole, number> = { viewer: 1, collaborator: 2, admin: 3, owner: 4 };
const productPeople = ['owner', 'admin', 'collaborator', 'viewer'] as const;

/** A product route needing `need`: lower roles 403, no access 404 (a roadmap share is no access to the product). */
function productRoute(need: ProductRole, allowed: Cell = '2xx', except: Partial<Row> = {}): Row {
  const row = {
    roadmapOnly: 404,
    removed: 404,
    stranger: 404,
    signedOut: 401,
  } as Row;
  for (const person of productPeople) row[person] = rank[person] >= rank[need] ? allowed : 403;
  return { ...row, ...except };
}

/**
 * A route of R, one of its items or share links: as a product route, but
 * the roadmap-only person passes with a share permission that suffices
 * (theirs is `edit`), and is refused (403) where the route lets no share in.
 */
function roadmapRoute(need: ProductRole, share?: RoadmapPermission, allowed: Cell = '2xx'): Row {
  return productRoute(need, allowed, { roadmapOnly: share ? allowed : 403 });
}

/** Any signed-in user, about themselves (nothing of P is shown to those who may not see it). */
function userRoute(allowed: Cell = '2xx', except: Partial<Row> = {}): Row {
  const row = { signedOut: 401 } as Row;
  for (const person of people) if (person !== 'signedOut') row[person] = allowed;
  return { ...row, ...except };
}

/** Anyone, signed in or not, gets the same answer. */
function publicRoute(answer: Cell = '2xx'): Row {
  return Object.fromEntries(people.map((person) => [person, answer])) as Row;
}

/** The operator's: every customer 403, signed out 401. */
function adminRoute(): Row {
  return userRoute(403);
}

/** Only the owner's, found by the id in the body or path: others 404 (not theirs). */
function ownerOnlyByBody(ownerAnswer: Cell = '2xx'): Row {
  return userRoute(404, { owner: ownerAnswer });
}

/** In the order the test sends them: leaving the product comes last. */
export const permissionMatrix: Record<string, Row> = {
  // --- Accounts ------------------------------------------------------------
  'GET /api/auth/user': userRoute(),
  'POST /api/auth/register': publicRoute(),
  'POST /api/auth/login': publicRoute(),
  'POST /api/auth/logout': publicRoute(),
  'POST /api/auth/forgot-password': publicRoute(),
  'GET /api/auth/validate-reset-token/{token}': publicRoute(),
  // An unknown reset token: refused alike for everybody.
  'POST /api/auth/reset-password': publicRoute(400),
  // Wrong operator credentials: refused alike for everybody.
  'POST /api/admin/login': publicRoute(401),

  // --- Products --------------------------------------------------------------
  // Owned and shared products; each sees only theirs (checked beside the table).
  'GET /api/products': userRoute(),
  'POST /api/products': userRoute(),
  'GET /api/products/{id}': productRoute('viewer'),
  'GET /api/products/{id}/business-profile': productRoute('viewer'),
  // P has a profile already: "409 when one exists", for whoever may edit.
  'POST /api/products/{id}/business-profile': productRoute('collaborator', 409),
  'PUT /api/products/{id}/business-profile': productRoute('collaborator'),
  'GET /api/persona-templates': userRoute(),
  'GET /api/products/{id}/personas': productRoute('viewer'),
  // Within the included personas: the bill stays the same.
  'POST /api/products/{id}/personas': productRoute('collaborator'),
  'DELETE /api/products/{id}/personas/{personaId}': productRoute('collaborator'),
  'POST /api/products/{id}/custom-personas': productRoute('collaborator'),
  'POST /api/products/{id}/custom-personas/import': productRoute('collaborator'),
  'PATCH /api/products/{id}/custom-personas/{personaId}': productRoute('collaborator'),

  // --- Questions ---------------------------------------------------------------
  'GET /api/products/{id}/questions': productRoute('viewer'),
  'POST /api/products/{id}/questions': productRoute('collaborator'),
  'POST /api/products/{id}/questions/estimate': productRoute('collaborator'),
  'POST /api/products/{id}/studies': productRoute('collaborator'),
  'GET /api/panel-frames': userRoute(),
  'GET /api/products/{id}/panels': productRoute('viewer'),
  'POST /api/products/{id}/panels/estimate': productRoute('collaborator'),
  'POST /api/products/{id}/panels': productRoute('collaborator'),
  'GET /api/products/{id}/panels/{panelId}': productRoute('viewer'),
  'POST /api/products/{id}/panels/{panelId}/redraw': productRoute('collaborator'),
  'DELETE /api/products/{id}/panels/{panelId}': productRoute('collaborator'),
  'GET /api/products/{id}/questions/{questionId}/panel-answers': productRoute('viewer'),
  'GET /api/products/{id}/studies': productRoute('viewer'),
  'GET /api/products/{id}/studies/{studyId}': productRoute('viewer'),
  'POST /api/products/{id}/questions/{questionId}/share-links': productRoute('collaborator'),
  'POST /api/products/{id}/studies/{studyId}/share-links': productRoute('collaborator'),
  'GET /api/products/{id}/question-links': productRoute('viewer'),
  'PATCH /api/products/{id}/question-links/{linkId}': productRoute('collaborator'),
  'GET /api/products/{id}/question-links/{linkId}/results': productRoute('viewer'),
  'GET /api/public/question-links/{token}': publicRoute(),
  'POST /api/public/question-links/{token}/responses': publicRoute(),
  'GET /api/products/{id}/question-budget': productRoute('viewer'),
  'PUT /api/products/{id}/question-budget': productRoute('admin'),
  'GET /api/products/{id}/questions/stream': productRoute('viewer'),
  'GET /api/products/{id}/questions/{questionId}': productRoute('viewer'),
  // Q is complete: "409 unless the question is in error", for whoever may ask.
  'POST /api/products/{id}/questions/{questionId}/retry': productRoute('collaborator', 409),
  'POST /api/products/{id}/questions/{questionId}/rerun': productRoute('collaborator'),
  'POST /api/products/{id}/questions/{questionId}/follow-ups': productRoute('collaborator'),
  'DELETE /api/products/{id}/questions/{questionId}': productRoute('collaborator'),
  'GET /api/products/{id}/questions/{questionId}/report.md': productRoute('viewer'),
  'GET /api/products/{id}/questions/{questionId}/report.pdf': productRoute('viewer'),
  // Q is an open opinion question: its draws and shares export like a typed question's.
  'GET /api/products/{id}/questions/{questionId}/answers.csv': productRoute('viewer'),
  'GET /api/products/{id}/questions/{questionId}/summary.csv': productRoute('viewer'),
  // The study S is answered before the matrix runs.
  'GET /api/products/{id}/studies/{studyId}/report.md': productRoute('viewer'),
  'GET /api/products/{id}/studies/{studyId}/report.pdf': productRoute('viewer'),
  'GET /api/products/{id}/studies/{studyId}/answers.csv': productRoute('viewer'),
  'GET /api/products/{id}/studies/{studyId}/summary.csv': productRoute('viewer'),
  'POST /api/products/{id}/questions/{questionId}/calibration': productRoute('collaborator'),
  'GET /api/products/{id}/questions/{questionId}/calibration': productRoute('viewer'),
  'DELETE /api/products/{id}/questions/{questionId}/calibration': productRoute('collaborator'),
  'GET /api/products/{id}/calibration-share-links': productRoute('viewer'),
  'GET /api/products/{id}/calibrations': productRoute('viewer'),

  // --- Roadmaps -----------------------------------------------------------------
  'GET /api/products/{productId}/roadmaps': productRoute('viewer'),
  'POST /api/products/{productId}/roadmaps': productRoute('collaborator'),
  'GET /api/roadmaps/{id}': roadmapRoute('viewer', 'view'),
  'PUT /api/roadmaps/{id}': roadmapRoute('collaborator', 'edit'),
  'POST /api/roadmaps/{id}/items': roadmapRoute('collaborator', 'edit'),
  'PUT /api/roadmap-items/{id}': roadmapRoute('collaborator', 'edit'),
  'DELETE /api/roadmap-items/{id}': roadmapRoute('collaborator', 'edit'),
  'POST /api/roadmaps/{id}/import-yaml': roadmapRoute('collaborator', 'edit'),
  'GET /api/roadmaps/{id}/export': roadmapRoute('viewer', 'view'),
  'POST /api/roadmap-items/{id}/feedback': roadmapRoute('collaborator', 'edit'),
  'GET /api/roadmap-items/{id}/feedback': roadmapRoute('viewer', 'view'),
  'POST /api/roadmaps/{id}/comparisons': roadmapRoute('collaborator', 'edit'),
  'GET /api/roadmaps/{id}/comparisons': roadmapRoute('viewer', 'view'),
  // Deleting the roadmap shared with them is not a roadmap-only person's to do.
  'DELETE /api/roadmaps/{id}': roadmapRoute('collaborator'),
  // Publishing items to the public is the product team's, not a roadmap share's.
  'POST /api/roadmap-items/{id}/share-links': roadmapRoute('collaborator'),
  'GET /api/roadmap-items/{id}/share-links': roadmapRoute('viewer'),
  'POST /api/roadmaps/{id}/comparison-links': roadmapRoute('collaborator'),
  'GET /api/roadmaps/{id}/comparison-links': roadmapRoute('viewer'),
  'PATCH /api/share-links/{id}': roadmapRoute('collaborator'),
  'DELETE /api/share-links/{id}': roadmapRoute('collaborator'),
  'GET /api/share-links/{id}/results': roadmapRoute('viewer'),
  'GET /api/share-links/{id}/responses/csv': roadmapRoute('viewer'),
  'GET /api/public/share-links/{token}': publicRoute(),
  'POST /api/public/share-links/{token}/responses': publicRoute(),
  'GET /api/roadmaps/{id}/collaborators': roadmapRoute('collaborator'),
  'POST /api/roadmaps/{id}/collaborators': roadmapRoute('admin'),
  'DELETE /api/roadmaps/{id}/collaborators/{memberId}': roadmapRoute('admin'),
  'GET /api/shared-roadmaps': userRoute(),

  // --- Teams --------------------------------------------------------------------
  'GET /api/products/{id}/team': productRoute('viewer'),
  'GET /api/products/{id}/team/audit-log': productRoute('admin'),
  'POST /api/products/{id}/team/invitations': productRoute('admin'),
  'POST /api/products/{id}/team/invitations/{memberId}/resend': productRoute('admin'),
  'DELETE /api/products/{id}/team/invitations/{memberId}': productRoute('admin'),
  'PATCH /api/products/{id}/team/members/{memberId}': productRoute('admin'),
  'DELETE /api/products/{id}/team/members/{memberId}': productRoute('admin'),
  'GET /api/invitations/{token}': publicRoute(),
  // An invitation sent to somebody else's address: nobody else may take it.
  'POST /api/invitations/{token}/accept': userRoute(403),
  'POST /api/invitations/{token}/decline': publicRoute(),
  'POST /api/invitations/{token}/register': publicRoute(),

  // --- Billing ------------------------------------------------------------------
  'GET /api/stripe/products': publicRoute(),
  'GET /api/stripe/product/{id}': publicRoute(),
  'GET /api/billing/config': publicRoute(),
  // Each user's own subscriptions, invoices and stats: a member's lists hold only products they own.
  'GET /api/billing/subscription-details': userRoute(),
  'GET /api/billing/history': userRoute(),
  'GET /api/dashboard/stats': userRoute(),
  // The owner's invoice: nobody else's.
  'GET /api/billing/invoices/{id}/pdf': ownerOnlyByBody(),
  // Paying for P: only its owner; P's id answers 404 to everybody else.
  'POST /api/payment-methods': ownerOnlyByBody(),
  'POST /api/stripe/create-checkout-session': ownerOnlyByBody(),
  // The user's own payment-provider customer: members who never paid have none (404).
  'POST /api/billing/customer-portal': userRoute('2xx', {
    admin: 404,
    collaborator: 404,
    viewer: 404,
    roadmapOnly: 404,
    removed: 404,
  }),
  'POST /api/products/{id}/setup-payment': productRoute('owner'),
  'POST /api/products/{id}/sync-status': productRoute('owner'),
  'POST /api/products/{id}/cancel-subscription': productRoute('owner'),
  // An unknown local checkout session and an unsigned webhook: refused alike.
  'GET /api/billing/checkout/local/{sessionId}': publicRoute(404),
  'POST /api/billing/checkout/local/{sessionId}': publicRoute(404),
  'POST /api/stripe/webhook': publicRoute(400),

  // --- The operator ---------------------------------------------------------------
  'GET /api/admin/subscription-stats': adminRoute(),
  'GET /api/admin/revenue-history': adminRoute(),
  'GET /api/admin/promo-codes': adminRoute(),
  'POST /api/admin/promo-codes': adminRoute(),
  'DELETE /api/admin/promo-codes/{id}': adminRoute(),
  'GET /api/admin/persona-templates': adminRoute(),
  'POST /api/admin/persona-templates': adminRoute(),
  'DELETE /api/admin/persona-templates/{id}': adminRoute(),
  'POST /api/admin/sync-personas': adminRoute(),
  'GET /api/admin/audit-log': adminRoute(),
  'GET /api/admin/seat-changes': adminRoute(),

  // --- Last: these end a person's part in P ---------------------------------------
  'DELETE /api/products/{id}': productRoute('owner'),
  'POST /api/products/{id}/team/leave': productRoute('viewer', '2xx', { owner: 400 }),
};
