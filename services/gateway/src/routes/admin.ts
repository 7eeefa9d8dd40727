import {
  adminMessages,
  ADMIN_SIGN_IN_ACTION,
  type AuditLogKind,
  auditLogQuery,
  type AuditEntry,
  parsePromoCode,
  type PersonaTemplateView,
  promoCodeRequest,
  type PromoCodeView,
  type RevenuePoint,
  type SeatChangeView,
  type SeatStats,
  type SubscriptionStats,
} from '@chorus/contracts';
import type { CreateTemplateRequest } from '@chorus/proto/catalog/v1/personas';
import type { Logger } from '@chorus/service-kit';
import { z } from 'zod';
import { dollars, toAuditEntry, toPromoCodeView, toSeatChangeViews } from '../admin-views';
import { toTemplateView } from '../catalog-views';
import type { ServiceClients } from '../clients';
import { HttpError } from '../http-errors';
import type { ApiRoutes } from '../routing';
import { AdminWorkflows } from '../workflows/admin';

const idParams = z.object({ id: z.string().min(1).max(100) });

const text = (value: unknown) => (typeof value === 'string' ? value : '');
/** A number the form may send as text; 0 (the service's "not given") when it is none. */
function formNumber(value: unknown): number {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : 0;
}
/** A slider position 0-100; the form's default 50 when it is missing or not a number. */
function sliderPercent(value: unknown): number {
  const number = typeof value === 'string' && value.trim() ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number)
    ? Math.min(100, Math.max(0, number))
    : 50;
}

/**
 * POST /api/admin/persona-templates. Only the shapes are read here; catalog
 * applies the template rules (required fields, age default 30, sliders
 * stored out of 10) and answers their messages.
 */
const personaTemplateRequest = z
  .object({
    name: z.unknown(),
    age: z.unknown(),
    gender: z.unknown(),
    occupation: z.unknown(),
    location: z.unknown(),
    income: z.unknown(),
    iq: z.unknown(),
    lifestyle: z.unknown(),
    motivations: z.unknown(),
    personality: z.unknown(),
    safetyScores: z.record(z.string(), z.unknown()),
    isActive: z.boolean(),
  })
  .partial();

const listLimitQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).optional(),
});

const revenueHistoryQuery = z.object({
  months: z.coerce.number().int().min(1).max(60).optional(),
});

/**
 * The admin area: subscription analytics, promo codes (billing), persona
 * templates (catalog), and the audit log of what operators did (identity).
 * Every route needs an admin token: none answers 401, a customer's 403.
 */
export function adminRoutes(
  routes: ApiRoutes,
  deps: { clients: ServiceClients; logger: Logger },
): void {
  const { clients } = deps;
  const admins = new AdminWorkflows(deps);

  routes.add({
    method: 'get',
    path: '/api/admin/subscription-stats',
    summary:
      'Users, monthly revenue of running subscriptions, selected personas, average rate, team seats and their revenue',
    tag: 'admin',
    access: 'admin',
    async handler(): Promise<SubscriptionStats & SeatStats> {
      return admins.subscriptionStats();
    },
  });

  routes.add({
    method: 'get',
    path: '/api/admin/revenue-history',
    summary: 'Paid revenue and running subscriptions per month (default the last 12), oldest first',
    tag: 'admin',
    access: 'admin',
    query: revenueHistoryQuery,
    async handler({ query }): Promise<RevenuePoint[]> {
      const { months } = await clients.billing.getRevenueHistory({ months: query.months ?? 12 });
      return months.map((month) => ({
        month: month.month,
        revenue: dollars(month.revenueCents),
        activeSubscriptions: month.activeSubscriptions,
      }));
    },
  });

  routes.add({
    method: 'get',
    path: '/api/admin/promo-codes',
    summary: 'Every promo code with its usage, newest first',
    tag: 'admin',
    access: 'admin',
    async handler(): Promise<PromoCodeView[]> {
      const { promoCodes } = await clients.billing.listPromoCodes({});
      return promoCodes.map(toPromoCodeView);
    },
  });

  routes.add({
    method: 'post',
    path: '/api/admin/promo-codes',
    summary:
      'Create a promo code (code upper-cased; a discount that is not an integer is 0, a duration 1)',
    tag: 'admin',
    access: 'admin',
    status: 201,
    body: promoCodeRequest,
    async handler({ admin, body }): Promise<PromoCodeView> {
      const parsed = parsePromoCode(body);
      if (!parsed.ok) throw new HttpError(400, parsed.message);
      const value = parsed.value;
      return admins.createPromoCode(admin, {
        code: value.code,
        discountPercent: value.discountPercent,
        durationMonths: value.durationMonths,
        description: value.description ?? '',
        usageLimit: value.usageLimit ?? undefined,
        expiresAt: value.expiresAt ?? undefined,
        isActive: value.isActive,
      });
    },
  });

  routes.add({
    method: 'delete',
    path: '/api/admin/promo-codes/:id',
    summary: 'Delete a promo code (subscriptions that used it keep their discount)',
    tag: 'admin',
    access: 'admin',
    params: idParams,
    async handler({ admin, params }) {
      await admins.deletePromoCode(admin, params.id);
      return { message: adminMessages.promoDeleted };
    },
  });

  routes.add({
    method: 'get',
    path: '/api/admin/persona-templates',
    summary: 'Every persona template, active or not',
    tag: 'admin',
    access: 'admin',
    async handler(): Promise<PersonaTemplateView[]> {
      const { templates } = await clients.catalog.listAllTemplates({});
      return templates.map(toTemplateView);
    },
  });

  routes.add({
    method: 'post',
    path: '/api/admin/persona-templates',
    summary: 'Create a persona template (sliders 0-100, stored out of 10)',
    tag: 'admin',
    access: 'admin',
    status: 201,
    body: personaTemplateRequest,
    async handler({ admin, body }): Promise<PersonaTemplateView> {
      const scores = body.safetyScores;
      const request: CreateTemplateRequest = {
        name: text(body.name),
        age: formNumber(body.age),
        gender: text(body.gender).trim() || undefined,
        occupation: text(body.occupation),
        location: text(body.location),
        income: text(body.income),
        iq: formNumber(body.iq) || undefined,
        lifestyle: text(body.lifestyle),
        motivations: text(body.motivations),
        personality: text(body.personality),
        safetyScoresPercent: scores && {
          economic: sliderPercent(scores.economic),
          world: sliderPercent(scores.world),
          local: sliderPercent(scores.local),
          occupation: sliderPercent(scores.occupation),
        },
        isActive: body.isActive,
      };
      return admins.createTemplate(admin, request);
    },
  });

  routes.add({
    method: 'delete',
    path: '/api/admin/persona-templates/:id',
    summary: 'Delete a persona template; products that had chosen it lose that persona',
    tag: 'admin',
    access: 'admin',
    params: idParams,
    async handler({ admin, params }) {
      await admins.deleteTemplate(admin, params.id);
      return { message: adminMessages.templateDeleted };
    },
  });

  routes.add({
    method: 'post',
    path: '/api/admin/sync-personas',
    summary: 'Re-read the persona template library file: new names imported, changed ones updated',
    tag: 'admin',
    access: 'admin',
    async handler({ admin }) {
      const { imported, updated } = await admins.syncTemplates(admin);
      return { imported, updated, message: adminMessages.synced(imported, updated) };
    },
  });

  routes.add({
    method: 'get',
    path: '/api/admin/audit-log',
    summary:
      'What operators did (sign-ins, promo codes, templates, syncs), newest first; kind=changes leaves sign-ins out, kind=sign-ins shows only them (default all)',
    tag: 'admin',
    access: 'admin',
    query: auditLogQuery,
    async handler({ query }): Promise<AuditEntry[]> {
      const { actions } = await clients.identity.listAdminActions({
        limit: query.limit ?? 100,
        ...auditLogFilter(query.kind),
      });
      return actions.map(toAuditEntry);
    },
  });

  routes.add({
    method: 'get',
    path: '/api/admin/seat-changes',
    summary:
      'Team changes that changed a bill (a seat added or removed), on every product, newest first',
    tag: 'admin',
    access: 'admin',
    query: listLimitQuery,
    async handler({ query }): Promise<SeatChangeView[]> {
      const { changes } = await clients.catalog.listSeatChanges({ limit: query.limit ?? 100 });
      return toSeatChangeViews(changes);
    },
  });
}

/** Which actions a kind keeps and which it leaves out. */
function auditLogFilter(kind: AuditLogKind): {
  actions: string[];
  excludeActions: string[];
} {
  if (kind === 'sign-ins') return { actions: [ADMIN_SIGN_IN_ACTION], excludeActions: [] };
  if (kind === 'changes') return { actions: [], excludeActions: [ADMIN_SIGN_IN_ACTION] };
  return { actions: [], excludeActions: [] };
}
