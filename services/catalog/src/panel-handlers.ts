import type { CatalogServiceService } from '@chorus/proto/catalog/v1/catalog';
import type { MarketPanel } from '@chorus/proto/catalog/v1/panels';
import type { AsyncServiceImplementation } from '@chorus/service-kit';
import {
  frameFromMessage,
  marketPanelToMessage,
  panelFilterFromMessage,
  typedAnswerToMessage,
} from '@chorus/service-kit/wire';
import type { PanelQuestions } from './panel-questions';
import type { Panels } from './panels';
import type { PersonaContexts } from './persona-context';
import type { Questions } from './questions';
import type { CountedPanelRow } from './store/panels';

type PanelRpc =
  'createPanel' | 'listPanels' | 'getPanel' | 'redrawPanel' | 'deletePanel' | 'listPanelAnswers';

/** A stored panel as its message. */
function toMarketPanel(row: CountedPanelRow): MarketPanel {
  return marketPanelToMessage(
    {
      id: row.id,
      productId: row.product_id,
      name: row.name,
      baseFrameId: row.base_frame_id,
      frame: row.frame,
      filters: row.filters,
      size: row.size,
      seed: row.seed,
      version: row.version,
      status: row.status,
      built: Math.min(row.built, row.size),
      errorReason: row.error_reason,
      engine: row.engine.startsWith('openai') ? 'openai' : 'local',
      costUsd: Number(row.cost_usd),
      createdAt: row.created_at.toISOString(),
      updatedAt: row.updated_at.toISOString(),
      makeUp: row.make_up,
      gaps: row.gaps,
      weights: row.weights,
      questions: row.questions,
    },
    row.frame,
  );
}

/** The market panel calls: thin, each a message in, one operation, a message out. */
export function panelHandlers(deps: {
  panels: Panels;
  panelQuestions: PanelQuestions;
  questions: Questions;
}): Pick<AsyncServiceImplementation<typeof CatalogServiceService>, PanelRpc> {
  const { panels, panelQuestions, questions } = deps;
  return {
    async createPanel(request) {
      const row = await panels.create(request.userId, request.productId, {
        name: request.name,
        frame: frameFromMessage(request.frame),
        baseFrameId: request.baseFrameId,
        filters: request.filters.map(panelFilterFromMessage),
        size: request.size,
        engine: 'local',
        estimatedCostUsd: request.estimatedCostUsd,
      });
      return { panel: toMarketPanel(row) };
    },
    async listPanels(request) {
      const rows = await panels.list(request.userId, request.productId);
      return { panels: rows.map(toMarketPanel) };
    },
    async getPanel(request) {
      return {
        panel: toMarketPanel(await panels.get(request.userId, request.productId, request.panelId)),
      };
    },
    async redrawPanel(request) {
      const row = await panels.redraw(
        request.userId,
        request.productId,
        request.panelId,
        request.estimatedCostUsd,
      );
      return { panel: toMarketPanel(row) };
    },
    async deletePanel(request) {
      await panels.delete(request.userId, request.productId, request.panelId);
      return {};
    },
    async listPanelAnswers(request) {
      const question = await questions.get(request.userId, request.productId, request.questionId);
      const page = await panelQuestions.answersPage(question, {
        page: Math.max(1, request.page || 1),
        pageSize: Math.min(100, Math.max(1, request.pageSize || 25)),
        search: request.search,
        opinion: request.opinion,
      });
      return {
        answers: page.answers.map((answer) => ({
          index: answer.index,
          traits: answer.traits,
          weight: answer.weight,
          occupation: answer.occupation,
          location: answer.location,
          age: answer.age,
          response: {
            personaId: String(answer.index),
            personaName: answer.personaName,
            opinion: answer.opinion,
            confidence: answer.confidence,
            draws: answer.draws,
            typed: answer.typed ? typedAnswerToMessage(answer.typed) : undefined,
            safetyInfluence: '',
            response: answer.response,
            reasoning: answer.reasoning,
          },
        })),
        total: page.total,
        page: page.page,
        pageSize: page.pageSize,
      };
    },
  };
}

/** Personas of a panel an estimate is made from, scaled to the panel's size. */
const PANEL_SAMPLE = 50;

/** A market panel's persona context: its first personas as a sample, and the panel's size. */
export async function panelContext(
  deps: { panels: Panels; personaContexts: PersonaContexts },
  request: { userId: string; productId: string; panelId: string },
) {
  const { product, panel, personas } = await deps.panels.sample(
    request.userId,
    request.productId,
    request.panelId,
    PANEL_SAMPLE,
  );
  return {
    personas,
    business: await deps.personaContexts.businessOf(product),
    panelSize: panel.size,
  };
}
