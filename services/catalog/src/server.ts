import type {
  AuditEntry,
  BusinessProfile,
  CatalogServiceService,
  Member,
  PersonaTemplate,
  Product,
  ProductPersona,
  FollowUpTurn,
  Question,
  LinkAnswer,
  QuestionBudget,
  QuestionLink,
  Study,
  SeatState,
} from '@chorus/proto/catalog/v1/catalog';
import { type BudgetView, runDetailsSchema } from '@chorus/contracts';
import type { RunDetails as RunDetailsMessage } from '@chorus/proto/inference/v1/inference';
import type { AsyncServiceImplementation } from '@chorus/service-kit';
import {
  analysisToMessage,
  calibrationToMessage,
  customFactsToMessage,
  driftToMessage,
  pastRunToMessage,
  personaResponseToMessage as responseToMessage,
  segmentCutToMessage,
  typedDriftToMessage,
  runDetailsToMessage,
  specFromMessage,
  specToMessage,
  typedAnswerFromMessage,
  typedAnswerToMessage,
  typedResultToMessage,
  panelRunToMessage,
} from '@chorus/service-kit/wire';
import { panelContext, panelHandlers } from './panel-handlers';
import type { PanelQuestions } from './panel-questions';
import type { Panels } from './panels';
import type { QuestionLinks } from './question-links';
import type { CountedLinkRow, LinkAnswerRow } from './store/question-links';
import type { BusinessProfiles } from './business-profiles';
import type { Calibrations } from './calibrations';
import type { PersonaContexts } from './persona-context';
import type { Personas } from './personas';
import type { Products } from './products';
import type { ProductAccessRules } from './access';
import type { TeamAudit } from './audit';
import type { Invitations } from './invitations';
import type { Membership } from './membership';
import type { Questions } from './questions';
import { type BusinessProfileRow, profileFields } from './store/business-profiles';
import type { PersonaWithTemplate, TemplateRow } from './store/personas';
import type { ProductRow } from './store/products';
import type { FollowUpTurnRow } from './store/follow-ups';
import type { QuestionRow, StudyRow } from './store/questions';
import type { FollowUps } from './follow-ups';
import type { AuditRow, CollaboratorRow } from './store/collaborators';

/** decimal(10,2) text -> integer cents */
function cents(decimal: string): number {
  return Math.round(Number(decimal) * 100);
}

/** The product; `accessRole` is what the asking user is on it (empty when nobody asked). */
export function toProduct(row: ProductRow, accessRole = ''): Product {
  return {
    id: row.id,
    userId: row.user_id,
    name: row.name,
    description: row.description ?? '',
    industry: row.industry ?? '',
    subscriptionStatus: row.subscription_status,
    billingCycle: row.billing_cycle,
    subscriptionStartDate: row.subscription_start_date ?? undefined,
    subscriptionEndDate: row.subscription_end_date ?? undefined,
    baseUserRateCents: cents(row.base_user_rate),
    annualDiscountPercent: row.annual_discount,
    collaboratorCount: row.collaborator_count,
    maxCollaborators: row.max_collaborators,
    personaCount: row.persona_count,
    maxFreePersonas: row.max_free_personas,
    extraPersonaCostCents: cents(row.extra_persona_cost),
    isLegacyPricing: row.is_legacy_pricing,
    stripeCustomerId: row.stripe_customer_id ?? '',
    stripeSubscriptionId: row.stripe_subscription_id ?? '',
    stripePriceId: row.stripe_price_id ?? '',
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    accessRole,
    billableSeats: row.billable_seats,
    promoDiscountPercent: row.promo_discount_percent ?? 0,
    promoDurationMonths: row.promo_duration_months ?? 0,
    promoStartedAt: row.promo_started_at ?? undefined,
  };
}

function toProfile(row: BusinessProfileRow): BusinessProfile {
  return {
    id: row.id,
    productId: row.product_id,
    fields: profileFields(row),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toTemplate(row: TemplateRow): PersonaTemplate {
  return {
    id: row.id,
    name: row.name,
    age: row.age,
    gender: row.gender ?? undefined,
    occupation: row.occupation,
    location: row.location,
    income: row.income,
    iq: row.iq ?? undefined,
    lifestyle: row.lifestyle,
    motivations: row.motivations,
    personality: row.personality,
    safetyScores: row.safety_scores,
    isActive: row.is_active,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toPersona(row: PersonaWithTemplate): ProductPersona {
  return {
    id: row.id,
    productId: row.product_id,
    templateId: row.template_id,
    template: toTemplate(row.template),
    createdAt: row.created_at,
    custom: row.template.custom ? customFactsToMessage(row.template.custom) : undefined,
  };
}

function toFollowUpTurn(turn: FollowUpTurnRow): FollowUpTurn {
  return {
    id: turn.id,
    personaId: turn.persona_id,
    personaName: turn.persona_name,
    role: turn.role,
    text: turn.text,
    status: turn.status,
    error: turn.error ?? '',
    createdAt: turn.created_at,
  };
}

/** A stored run's details as their message; none for a row the schema no longer reads. */
function storedRun(stored: unknown): RunDetailsMessage | undefined {
  const parsed = runDetailsSchema.safeParse(stored);
  return parsed.success ? runDetailsToMessage(parsed.data) : undefined;
}

export function toQuestion(row: QuestionRow, turns: readonly FollowUpTurnRow[] = []): Question {
  return {
    followUps: turns.map(toFollowUpTurn),
    id: row.id,
    productId: row.product_id,
    userId: row.user_id,
    questionText: row.question_text,
    status: row.status,
    responses: row.responses.map(responseToMessage),
    aggregatedResults: row.aggregated_results ?? undefined,
    errorReason: row.error_reason ?? '',
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    seed: row.seed,
    checkWording: row.check_wording,
    runDetails: storedRun(row.run_details),
    previousRuns: row.previous_runs.flatMap((past) => {
      const run = runDetailsSchema.safeParse(past.run);
      return run.success ? [pastRunToMessage({ ...past, run: run.data })] : [];
    }),
    progressTotal: row.progress_total,
    analysis: row.analysis ? analysisToMessage(row.analysis) : undefined,
    drift: row.drift ? driftToMessage(row.drift) : undefined,
    spec: specToMessage(row.spec),
    typedResult: row.typed_result ? typedResultToMessage(row.typed_result) : undefined,
    studyId: row.study_id ?? '',
    segmentCuts: (row.segment_cuts ?? []).map(segmentCutToMessage),
    typedDrift: row.typed_drift ? typedDriftToMessage(row.typed_drift) : undefined,
    panel: row.panel_run ? panelRunToMessage(row.panel_run) : undefined,
  };
}

function toQuestionLink(link: CountedLinkRow): QuestionLink {
  return {
    id: link.id,
    productId: link.product_id,
    studyId: link.study_id ?? undefined,
    questionIds: link.question_ids,
    title: link.title,
    isActive: link.is_active,
    createdAt: link.created_at,
    expiresAt: link.expires_at,
    responseCount: link.response_count,
  };
}

function toLinkAnswer(row: LinkAnswerRow): LinkAnswer {
  return { questionId: row.questionId, answer: typedAnswerToMessage(row.answer) };
}

/** A study and its questions (without their follow-ups: the questions page has those). */
function toStudy({ study, questions }: { study: StudyRow; questions: QuestionRow[] }): Study {
  return {
    id: study.id,
    productId: study.product_id,
    name: study.name,
    offer: study.offer,
    createdAt: study.created_at,
    questions: questions.map((q) => toQuestion(q)),
  };
}

function toBudget(budget: BudgetView): QuestionBudget {
  return {
    hasBudget: budget.monthlyBudgetUsd !== null,
    monthlyBudgetUsd: budget.monthlyBudgetUsd ?? 0,
    spentThisMonthUsd: budget.spentThisMonthUsd,
    questionsThisMonth: budget.questionsThisMonth,
  };
}

/** gRPC handlers: translate messages, call the use case, translate back. */
export function catalogHandlers(deps: {
  products: Products;
  profiles: BusinessProfiles;
  personas: Personas;
  personaContexts: PersonaContexts;
  questions: Questions;
  questionLinks: QuestionLinks;
  followUps: FollowUps;
  calibrations: Calibrations;
  teams: TeamModules;
  panels: Panels;
  panelQuestions: PanelQuestions;
}): AsyncServiceImplementation<typeof CatalogServiceService> {
  const {
    products,
    profiles,
    personas,
    personaContexts,
    questions,
    followUps,
    calibrations,
    teams,
    panels,
    panelQuestions,
  } = deps;
  /** Questions as the API answers them, each with its follow-up conversations. */
  const withTurns = async (rows: QuestionRow[]): Promise<Question[]> => {
    const turns = await followUps.of(rows.map((row) => row.id));
    return rows.map((row) => toQuestion(row, turns.get(row.id)));
  };
  const one = async (row: QuestionRow) => ({ question: (await withTurns([row]))[0]! });
  return {
    async calibrateQuestion(request) {
      const view = await calibrations.calibrate(
        request.userId,
        request.productId,
        request.questionId,
        request.fileName,
        request.csv,
      );
      return { view: calibrationToMessage(view) };
    },
    async getCalibration(request) {
      const view = await calibrations.get(request.userId, request.productId, request.questionId);
      return { view: calibrationToMessage(view) };
    },
    async deleteCalibration(request) {
      await calibrations.remove(request.userId, request.productId, request.questionId);
      return {};
    },
    async listCalibrations(request) {
      const views = await calibrations.list(request.userId, request.productId);
      return { views: views.map(calibrationToMessage) };
    },
    async createProduct(request) {
      return { product: toProduct((await products.create(request)).product, 'owner') };
    },
    async createFirstProduct(request) {
      const { product, created } = await products.create({ ...request, firstProduct: true });
      return { product: toProduct(product, 'owner'), created };
    },
    async listProducts(request) {
      const shown = await products.list(request.userId);
      return { products: shown.map(({ product, access }) => toProduct(product, access.role)) };
    },
    async getProduct(request) {
      // Members too (with their role): the gateway's product pages work for them.
      const { product, access } = await teams.access.access(request.userId, request.productId);
      return { product: toProduct(product, access.role) };
    },
    async deleteProduct(request) {
      await products.delete(request.userId, request.productId);
      return {};
    },

    async getBusinessProfile(request) {
      return { profile: toProfile(await profiles.get(request.userId, request.productId)) };
    },
    async createBusinessProfile(request) {
      const row = await profiles.create(request.userId, request.productId, request.fields ?? {});
      return { profile: toProfile(row) };
    },
    async updateBusinessProfile(request) {
      const row = await profiles.update(request.userId, request.productId, request.fields ?? {});
      return { profile: toProfile(row) };
    },

    async listTemplates() {
      return { templates: (await personas.listTemplates({ activeOnly: true })).map(toTemplate) };
    },
    async listProductPersonas(request) {
      const rows = await personas.listProductPersonas(request.userId, request.productId);
      return { personas: rows.map(toPersona) };
    },
    async addProductPersona(request) {
      const { persona, added } = await personas.add(
        request.userId,
        request.productId,
        request.templateId,
      );
      return { persona: toPersona(persona), added };
    },
    async createCustomPersonas(request) {
      const rows = await personas.createCustom(request.userId, request.productId, request.drafts);
      return { personas: rows.map(toPersona) };
    },
    async updateCustomPersona(request) {
      const row = await personas.editCustom(
        request.userId,
        request.productId,
        request.personaId,
        request.edit,
      );
      return { persona: toPersona(row) };
    },
    async removeProductPersona(request) {
      await personas.remove(request.userId, request.productId, request.personaId);
      return {};
    },

    async listAllTemplates() {
      return { templates: (await personas.listTemplates({ activeOnly: false })).map(toTemplate) };
    },
    async createTemplate(request) {
      return { template: toTemplate(await personas.createTemplate(request)) };
    },
    async deleteTemplate(request) {
      await personas.deleteTemplate(request.templateId);
      return {};
    },
    async syncTemplates() {
      return personas.syncTemplates();
    },
    async getPersonaStats() {
      return personas.personaStats();
    },

    async askQuestion(request) {
      const row = await questions.ask(request.userId, request.productId, request.questionText, {
        checkWording: request.checkWording,
        estimatedCostUsd: request.estimatedCostUsd,
        spec: specFromMessage(request.spec),
        studyId: request.studyId,
        panelId: request.panelId,
        weightTo: request.weightTo,
      });
      return one(row);
    },
    async listQuestions(request) {
      const rows = await questions.list(request.userId, request.productId);
      return { questions: await withTurns(rows) };
    },
    async getQuestion(request) {
      return one(await questions.get(request.userId, request.productId, request.questionId));
    },
    async deleteQuestion(request) {
      await questions.delete(request.userId, request.productId, request.questionId);
      return {};
    },
    async retryQuestion(request) {
      return one(await questions.retry(request.userId, request.productId, request.questionId));
    },
    async rerunQuestion(request) {
      const row = await questions.rerun(
        request.userId,
        request.productId,
        request.questionId,
        request.estimatedCostUsd,
      );
      return one(row);
    },
    async createStudy(request) {
      const stored = await questions.createStudy(request.userId, request.productId, {
        name: request.name,
        offer: request.offer,
        questions: request.questions.map((q) => ({
          questionText: q.questionText,
          spec: specFromMessage(q.spec),
        })),
        estimatedCostUsd: request.estimatedCostUsd,
        panelId: request.panelId,
      });
      return { study: toStudy(stored) };
    },
    async listStudies(request) {
      const studies = await questions.listStudies(request.userId, request.productId);
      return { studies: studies.map(toStudy) };
    },
    async getStudy(request) {
      const stored = await questions.getStudy(request.userId, request.productId, request.studyId);
      return { study: toStudy(stored) };
    },
    async createQuestionLink(request) {
      return { link: toQuestionLink(await deps.questionLinks.create(request)) };
    },
    async listQuestionLinks(request) {
      const links = await deps.questionLinks.list(request.userId, request.productId);
      return { links: links.map(toQuestionLink) };
    },
    async setQuestionLinkActive(request) {
      return { link: toQuestionLink(await deps.questionLinks.setActive(request)) };
    },
    async getPublicQuestionLink(request) {
      const opened = await deps.questionLinks.open(request.tokenHash, request.respondentHash);
      return {
        productName: opened.productName,
        title: opened.title,
        questions: opened.questions.map(({ question, spec, maxDiffSets }) => ({
          id: question.id,
          questionText: question.question_text,
          spec: specToMessage(spec),
          maxdiffSets: maxDiffSets.map((values) => ({ values })),
        })),
        expiresAt: opened.expiresAt,
        myAnswers: opened.myAnswers.map(toLinkAnswer),
      };
    },
    async submitQuestionLinkResponse(request) {
      const replaced = await deps.questionLinks.submit({
        tokenHash: request.tokenHash,
        respondentHash: request.respondentHash,
        answers: request.answers.flatMap((a) => {
          const answer = typedAnswerFromMessage(a.answer);
          return answer ? [{ questionId: a.questionId, answer }] : [];
        }),
      });
      return { replaced };
    },
    async getQuestionLinkResults(request) {
      const { link, questions: asked } = await deps.questionLinks.results(
        request.userId,
        request.productId,
        request.linkId,
      );
      return {
        link: toQuestionLink(link),
        questions: asked.map((q) => ({
          questionId: q.question.id,
          questionText: q.question.question_text,
          spec: specToMessage(q.spec),
          responses: q.responses,
          people: q.people ? typedResultToMessage(q.people) : undefined,
          personas: q.personas ? typedResultToMessage(q.personas) : undefined,
          agreement: {
            distance: q.agreement.distance ?? undefined,
            ks: q.agreement.ks ?? undefined,
            level: q.agreement.level,
            text: q.agreement.text,
          },
        })),
      };
    },
    async startFollowUps(request) {
      return { contexts: await followUps.start(request) };
    },
    async finishFollowUp(request) {
      await followUps.finish(request);
      return {};
    },
    async getQuestionBudget(request) {
      return { budget: toBudget(await questions.budget(request.userId, request.productId)) };
    },
    async setQuestionBudget(request) {
      const budget = await questions.setBudget(
        request.userId,
        request.productId,
        request.hasBudget ? request.monthlyBudgetUsd : null,
      );
      return { budget: toBudget(budget) };
    },

    async getPersonaContext(request) {
      if (request.panelId)
        return panelContext({ panels, personaContexts }, { ...request, panelId: request.panelId });
      return personaContexts.forOwner(request.userId, request.productId, request.personaIds);
    },

    ...panelHandlers({ panels, panelQuestions, questions }),

    ...teamHandlers(teams),
  };
}

type TeamRpc =
  | 'getAccess'
  | 'listTeam'
  | 'inviteMember'
  | 'shareRoadmap'
  | 'listRoadmapShares'
  | 'endRoadmapShares'
  | 'resendInvitation'
  | 'revokeInvitation'
  | 'changeMemberRole'
  | 'removeMember'
  | 'leaveProduct'
  | 'getInvitation'
  | 'acceptInvitation'
  | 'declineInvitation'
  | 'listTeamAudit'
  | 'listSharedRoadmaps'
  | 'listSeatChanges';

export function toMember(row: CollaboratorRow): Member {
  return {
    id: row.id,
    productId: row.product_id,
    email: row.email,
    name: row.member_name ?? '',
    userId: row.collaborator_user_id ?? '',
    role: row.role,
    status: row.invitation_status,
    invitedAt: row.invited_at,
    acceptedAt: row.accepted_at ?? undefined,
    expiresAt: row.expires_at,
    invitedByName: row.inviter_name,
    isBillable: row.is_billable,
    roadmapId: row.permissions?.roadmapId ?? '',
    roadmapName: row.permissions?.roadmapName ?? '',
    roadmapPermission: row.permissions?.permission ?? '',
  };
}

/** A stored seat state (role, status, a roadmap's permission) as its message. */
function seatStateOf(stored: Record<string, unknown> | null): SeatState | undefined {
  if (!stored) return undefined;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    role: text(stored.role),
    status: text(stored.status),
    ...(typeof stored.permission === 'string' ? { permission: stored.permission } : {}),
  };
}

function toAuditEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    productId: row.product_id,
    collaboratorId: row.collaborator_id ?? '',
    actionType: row.action_type,
    actionByUserId: row.action_by_user_id,
    actionByName: row.action_by_name,
    affectedEmail: row.affected_email ?? '',
    previousState: seatStateOf(row.previous_state),
    newState: seatStateOf(row.new_state),
    billingImpactCents: Math.round(Number(row.billing_impact) * 100),
    effectiveDate: row.effective_date,
  };
}

/** The team's capabilities, one module each. */
export interface TeamModules {
  access: ProductAccessRules;
  invitations: Invitations;
  membership: Membership;
  audit: TeamAudit;
}

/** The team RPCs: message in, the capability's operation, message out. */
export function teamHandlers({
  access: rules,
  invitations,
  membership,
  audit,
}: TeamModules): Pick<AsyncServiceImplementation<typeof CatalogServiceService>, TeamRpc> {
  return {
    async getAccess(request) {
      const { product, access } = await rules.access(
        request.userId,
        request.productId,
        request.roadmapId,
      );
      return {
        role: access.role,
        roadmapPermission: access.permission ?? '',
        product: toProduct(product, access.role),
      };
    },
    async listTeam(request) {
      const team = await membership.team(request.userId, request.productId);
      return {
        product: toProduct(team.product, team.access.role),
        members: team.members.map(toMember),
        memberCount: team.memberCount,
      };
    },
    async inviteMember(request) {
      const { member, token, product } = await invitations.invite(request);
      return { member: toMember(member), token, productName: product.name };
    },
    async shareRoadmap(request) {
      const { member, token, product } = await invitations.shareRoadmap(request);
      return { member: toMember(member), token, productName: product.name };
    },
    async listRoadmapShares(request) {
      const rows = await membership.roadmapShares(
        request.userId,
        request.productId,
        request.roadmapId,
      );
      return { members: rows.map(toMember) };
    },
    async endRoadmapShares(request) {
      await membership.endRoadmapShares(request);
      return {};
    },
    async resendInvitation(request) {
      const { member, token, product } = await invitations.resend(request);
      return { member: toMember(member), token, productName: product.name };
    },
    async revokeInvitation(request) {
      await invitations.revoke(request);
      return {};
    },
    async changeMemberRole(request) {
      return { member: toMember(await membership.changeRole(request)) };
    },
    async removeMember(request) {
      await membership.remove(request);
      return {};
    },
    async leaveProduct(request) {
      await membership.leave(request);
      return {};
    },
    async getInvitation(request) {
      const { member, product } = await invitations.invitation(request.token);
      return { member: toMember(member), productName: product.name };
    },
    async acceptInvitation(request) {
      return { member: toMember(await invitations.accept(request)) };
    },
    async declineInvitation(request) {
      await invitations.decline(request.token);
      return {};
    },
    async listTeamAudit(request) {
      const rows = await membership.auditLog(request.userId, request.productId);
      return { entries: rows.map(toAuditEntry) };
    },
    async listSharedRoadmaps(request) {
      return { roadmaps: await rules.sharedRoadmaps(request.userId) };
    },
    async listSeatChanges(request) {
      const rows = await audit.seatChanges(request.limit);
      return {
        changes: rows.map((row) => ({ entry: toAuditEntry(row), productName: row.product_name })),
      };
    },
  };
}
