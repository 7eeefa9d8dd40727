import type { CatalogServiceService } from '@chorus/proto/catalog/v1/catalog';
import type { Question } from '@chorus/proto/catalog/v1/questions';
import type { AsyncServiceImplementation } from '@chorus/service-kit';
import {
  calibrationToMessage,
  specFromMessage,
  specToMessage,
  typedAnswerFromMessage,
  typedResultToMessage,
} from '@chorus/service-kit/wire';
import { panelContext, panelHandlers } from './panel-handlers';
import type { PanelQuestions } from './panel-questions';
import type { Panels } from './panels';
import type { QuestionLinks } from './question-links';
import type { BusinessProfiles } from './business-profiles';
import type { Calibrations } from './calibrations';
import type { PersonaContexts } from './persona-context';
import type { Personas } from './personas';
import type { Products } from './products';
import type { Questions } from './questions';
import type { QuestionRow } from './store/questions';
import type { FollowUps } from './follow-ups';
import { toProduct, toProfile } from './mappers/products';
import { toTemplate, toPersona } from './mappers/personas';
import { toQuestion, toStudy, toQuestionLink, toLinkAnswer, toBudget } from './mappers/questions';
import { type TeamModules, teamHandlers } from './team-handlers';

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
