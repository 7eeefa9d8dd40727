import {
  adminMessages,
  type AuditEntry,
  parsePromoCode,
  type PersonaTemplateView,
  promoCodeRequest,
  type PromoCodeView,
  type RevenuePoint,
  type SubscriptionStats,
} from '@chorus/contracts';
import type { PromoCode } from '@chorus/proto/billing/v1/billing';
import type { CreateTemplateRequest } from '@chorus/proto/catalog/v1/catalog';
import type { AdminAction } from '@chorus/proto/identity/v1/identity';
import type { Logger } from '@chorus/service-kit';
import { z } from 'zod';
import type { Principal } from '../auth';
import { toTemplateView } from '../catalog-views';
import type { ServiceClients } from '../clients';
import { HttpError } from '../http-errors';
import type { ApiRoutes } from '../routing';

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
export const personaTemplateRequest = z
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

const auditLogQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).optional(),
});

const revenueHistoryQuery = z.object({
  months: z.coerce.number().int().min(1).max(60).optional(),
});

const dollars = (cents: number) => Math.round(cents) / 100;

function toPromoCodeView(promo: PromoCode): PromoCodeView {
  return {
    id: promo.id,
    code: promo.code,
    discountPercent: promo.discountPercent,
    durationMonths: promo.durationMonths,
    description: promo.description || null,
    usageLimit: promo.usageLimit ?? null,
    usedCount: promo.usedCount,
    expiresAt: promo.expiresAt?.toISOString() ?? null,
    isActive: promo.isActive,
    createdAt: promo.createdAt?.toISOString() ?? '',
  };
}

function toAuditEntry(action: AdminAction): AuditEntry {
  let details: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(action.detailsJson || '{}');
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      details = parsed as Record<string, unknown>;
    }
  } catch {
    // A row identity could not write as JSON is shown without details.
  }
  return {
    id: action.id,
    adminId: action.adminId,
    adminEmail: action.adminEmail,
    action: action.action,
    target: action.target,
    details,
    createdAt: action.createdAt?.toISOString() ?? '',
  };
}

/**
 * The admin area: subscription analytics, promo codes (billing), persona
 * templates (catalog), and the audit log of what operators did (identity).
 * Every route needs an admin token: none answers 401, a customer's 403.
 */
export function adminRoutes(
  routes: ApiRoutes,
  deps: { clients: ServiceClients; logger: Logger },
): void {
  const { clients, logger } = deps;

  /**
   * Writes the audit record of an action that happened. The action stands
   * even if the record cannot be written right now; that is logged loudly.
   */
  async function audit(
    admin: Principal,
    action: string,
    target: string,
    details: Record<string, unknown> = {},
  ): Promise<void> {
    try {
      await clients.identity.recordAdminAction({
        adminId: admin.id,
        adminEmail: admin.email,
        action,
        target,
        detailsJson: JSON.stringify(details),
      });
    } catch (error) {
      logger.error({ err: error, adminId: admin.id, action, target }, 'audit record not written');
    }
  }

  routes.add({
    method: 'get',
    path: '/api/admin/subscription-stats',
    summary: 'Users, monthly revenue of running subscriptions, selected personas, average rate',
    tag: 'admin',
    access: 'admin',
    async handler(): Promise<SubscriptionStats> {
      const [users, revenue, personas] = await Promise.all([
        clients.identity.getUserStats({}),
        clients.billing.getRevenueStats({}),
        clients.catalog.getPersonaStats({}),
      ]);
      return {
        totalUsers: users.totalUsers,
        monthlyRevenue: dollars(revenue.monthlyRevenueCents),
        totalPersonas: personas.totalPersonas,
        averageRate: dollars(revenue.averageRateCents),
        activeSubscriptions: revenue.activeSubscriptions,
      };
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
      const { promoCode } = await clients.billing.createPromoCode({
        code: value.code,
        discountPercent: value.discountPercent,
        durationMonths: value.durationMonths,
        description: value.description ?? '',
        usageLimit: value.usageLimit ?? undefined,
        expiresAt: value.expiresAt ?? undefined,
        isActive: value.isActive,
      });
      const view = toPromoCodeView(promoCode!);
      await audit(admin, 'promo_code.create', view.code, {
        id: view.id,
        discountPercent: view.discountPercent,
        durationMonths: view.durationMonths,
        usageLimit: view.usageLimit,
        expiresAt: view.expiresAt,
      });
      return view;
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
      const { promoCode } = await clients.billing.deletePromoCode({ id: params.id });
      await audit(admin, 'promo_code.delete', promoCode?.code ?? params.id, {
        id: params.id,
        usedCount: promoCode?.usedCount ?? 0,
      });
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
      const { template } = await clients.catalog.createTemplate(request);
      const view = toTemplateView(template!);
      await audit(admin, 'persona_template.create', view.name, { id: view.id, age: view.age });
      return view;
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
      const { templates } = await clients.catalog.listAllTemplates({});
      const name = templates.find((t) => t.id === params.id)?.name;
      await clients.catalog.deleteTemplate({ templateId: params.id });
      await audit(admin, 'persona_template.delete', name ?? params.id, { id: params.id });
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
      const { imported, updated } = await clients.catalog.syncTemplates({});
      await audit(admin, 'persona_templates.sync', 'template library', { imported, updated });
      return { imported, updated, message: adminMessages.synced(imported, updated) };
    },
  });

  routes.add({
    method: 'get',
    path: '/api/admin/audit-log',
    summary: 'What operators did (sign-ins, promo codes, templates, syncs), newest first',
    tag: 'admin',
    access: 'admin',
    query: auditLogQuery,
    async handler({ query }): Promise<AuditEntry[]> {
      const { actions } = await clients.identity.listAdminActions({ limit: query.limit ?? 100 });
      return actions.map(toAuditEntry);
    },
  });
}
