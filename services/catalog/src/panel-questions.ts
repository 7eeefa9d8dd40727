import {
  FIRST_RUN_SEED,
  type PanelAnswersView,
  panelMessages,
  questionMessages,
  runDetailsSchema,
} from '@chorus/contracts';
import type { QuestionAnswered } from '@chorus/proto/events/v1/events';
import type { BusinessContext, PersonaProfile } from '@chorus/proto/inference/v1/answers';
import { aggregateResponses, estimatePanel, typedDrift, typedResultOf } from '@chorus/research';
import { FailedPrecondition, type Knex, type Logger } from '@chorus/service-kit';
import { runDetailsFromMessage } from '@chorus/service-kit/wire';
import { checkedResponses } from './domain/answers';
import { combinedRunDetails, panelRunAsked, panelRunOf } from './domain/panel-run';
import { analysisOfRun } from './domain/question-analysis';
import { segmentCutsOf } from './domain/segment-cuts';
import { questionAskedPart } from './events/published';
import type { PanelRow, PanelStore } from './store/panels';
import type { QuestionOutcome, QuestionRow, QuestionStore } from './store/questions';

/** Personas per part of a panel question: a question to 5,000 is 25 parts. */
const QUESTION_PART = 200;

const seedOf = (seed: number | undefined) => seed || FIRST_RUN_SEED;

/**
 * Questions asked of a market panel. A run is asked in parts (one
 * QuestionAsked per part, keyed by question and part, so the parts spread
 * over the inference workers); each part's answers are stored one row per
 * persona (`panel_answers`) as they come, and the last part completes the run
 * with its figures: the analysis of every answer, the weighted shares and
 * their cuts, a typed question's figures. The question's own row keeps no
 * per-persona answers, so reading it and its events stay small.
 */
export class PanelQuestions {
  constructor(
    private readonly deps: {
      store: PanelStore;
      questionStore: QuestionStore;
      logger: Logger;
    },
  ) {}

  /** The panel's personas as persona inference is told them (persona id = the member's index). */
  async personas(db: Knex | Knex.Transaction, panelId: string, version: number) {
    const rows = await this.deps.store.personas(db, panelId, version);
    return rows.map((row) => ({ ...row.profile, personaId: String(row.index) }) as PersonaProfile);
  }

  /** What a new panel question stores beside the usual: its panel and version, and who answers. */
  questionFields(panel: PanelRow) {
    return {
      panel_id: panel.id,
      panel_version: panel.version,
      panel_run: panelRunAsked({ ...panel, gaps: panel.gaps }),
    };
  }

  /**
   * Publishes the parts of the question's current run that have not been
   * answered yet (all of them for a new run).
   */
  async ask(
    trx: Knex.Transaction,
    question: QuestionRow,
    business: BusinessContext,
  ): Promise<void> {
    if (!question.panel_id || !question.panel_version) return;
    const personas = await this.personas(trx, question.panel_id, question.panel_version);
    if (personas.length === 0) throw new FailedPrecondition(questionMessages.noPersonas);
    const answered = new Set(
      (await this.deps.store.partsOf(trx, question.id, question.seed)).map((p) => p.part),
    );
    const count = Math.ceil(personas.length / QUESTION_PART);
    for (let index = 0; index < count; index += 1) {
      if (answered.has(index)) continue;
      await questionAskedPart(
        trx,
        question,
        personas.slice(index * QUESTION_PART, (index + 1) * QUESTION_PART),
        business,
        { index, count, total: personas.length },
      );
    }
  }

  /**
   * Stores one part's answers (once, however often it is delivered) and, once
   * every persona answered, the run's figures. Undefined: nothing changed.
   */
  async storePart(
    trx: Knex.Transaction,
    question: QuestionRow,
    event: QuestionAnswered,
  ): Promise<QuestionOutcome | undefined> {
    const { store, logger } = this.deps;
    const seed = seedOf(event.seed);
    const checked = checkedResponses(event.responses);
    if (!checked.ok) {
      logger.warn({ questionId: question.id, problem: checked.problem }, 'panel part unreadable');
      return undefined;
    }
    const run = event.runDetails
      ? runDetailsSchema.safeParse(runDetailsFromMessage(event.runDetails))
      : undefined;
    const fresh = await store.recordPart(
      trx,
      question.id,
      seed,
      event.part?.index ?? 0,
      run?.success ? run.data : null,
    );
    if (!fresh) return undefined;
    await store.insertAnswers(
      trx,
      question.id,
      seed,
      checked.responses.map((response) => ({
        index: Number(response.personaId),
        response,
        searchText: [response.personaName, response.response, response.reasoning].join(' '),
      })),
    );
    const answered = await store.answerCount(trx, question.id, seed);
    const base = question.panel_run ?? panelRunAsked(this.panelOfQuestion(question));
    if (answered < question.progress_total) {
      return { status: 'processing', panel_run: { ...base, answered } };
    }
    return this.finish(trx, question, seed);
  }

  private panelOfQuestion(question: QuestionRow) {
    const run = question.panel_run;
    return {
      id: question.panel_id ?? '',
      name: run?.panelName ?? '',
      version: question.panel_version ?? 1,
      size: question.progress_total,
      frame: { name: run?.frameName ?? '', population: '', traits: [] } as never,
      gaps: run?.gaps ?? [],
    };
  }

  /** Every persona answered: the run's figures, computed once from its stored answers. */
  private async finish(
    trx: Knex.Transaction,
    question: QuestionRow,
    seed: number,
  ): Promise<QuestionOutcome> {
    const { store, questionStore } = this.deps;
    const rows = await store.answers(trx, question.id, seed);
    const responses = rows.map((row) => row.response);
    const parts = await store.partsOf(trx, question.id, seed);
    const details = combinedRunDetails(
      parts.map((part) => {
        const parsed = runDetailsSchema.safeParse(part.run_details);
        return parsed.success ? parsed.data : null;
      }),
    );
    if (details) {
      await questionStore.recordUsage(trx, {
        productId: question.product_id,
        questionId: question.id,
        seed,
        costUsd: details.costUsd ?? 0,
        ...details.usage,
      });
    }
    const panel = question.panel_id
      ? await trx<PanelRow>('market_panels').where({ id: question.panel_id }).first()
      : undefined;
    const members = new Map(
      panel && panel.version === question.panel_version
        ? (await store.memberTraits(trx, panel.id, panel.version)).map((m) => [m.index, m])
        : [],
    );
    const panelRun = panel
      ? panelRunOf(panel, rows, members)
      : {
          ...(question.panel_run ?? panelRunAsked(this.panelOfQuestion(question))),
          answered: rows.length,
        };
    const estimate = estimatePanel(
      responses.map((r) => r.draws ?? { positive: 0, neutral: 0, negative: 0 }),
      seed,
    );
    const typedResult = question.spec
      ? typedResultOf(
          question.spec,
          responses.flatMap((r) => (r.typed ? [r.typed] : [])),
          seed,
        )
      : null;
    const before = question.previous_runs.at(-1)?.typedResult;
    return {
      status: 'complete',
      responses: [],
      aggregated_results: aggregateResponses(responses, estimate),
      error_reason: null,
      run_details: details,
      progress_total: responses.length,
      ...analysisOfRun({
        questionText: question.question_text,
        responses,
        runDetails: details,
        previousRuns: question.previous_runs,
      }),
      typed_result: typedResult,
      segment_cuts: question.spec ? segmentCutsOf(question.spec, responses, seed) : [],
      typed_drift: typedResult && before ? typedDrift(before, typedResult) : null,
      panel_run: panelRun,
    };
  }

  /** A page of a panel question's persona answers, with each persona's traits and weight. */
  async answersPage(
    question: QuestionRow,
    options: { page: number; pageSize: number; search: string; opinion: string },
  ): Promise<PanelAnswersView> {
    if (!question.panel_id && !question.panel_run) {
      throw new FailedPrecondition(panelMessages.notPanelQuestion);
    }
    const { store } = this.deps;
    const page = await store.answersPage(question.id, question.seed, options);
    const indexes = page.rows.map((row) => row.index);
    const members =
      question.panel_id && question.panel_version && indexes.length > 0
        ? await store
            .db('panel_personas')
            .where({ panel_id: question.panel_id, version: question.panel_version })
            .whereIn('index', indexes)
            .select<{ index: number; profile: PersonaProfile; weight: number }[]>(
              'index',
              'profile',
              'weight',
            )
        : [];
    const byIndex = new Map(members.map((m) => [m.index, m]));
    return {
      answers: page.rows.map(({ index, response }) => {
        const member = byIndex.get(index);
        return {
          index,
          personaName: response.personaName,
          age: member?.profile.age ?? 0,
          occupation: member?.profile.occupation ?? '',
          location: member?.profile.location ?? '',
          traits: member?.profile.customTraits?.labels ?? {},
          weight: member?.weight ?? 1,
          opinion: response.opinion,
          confidence: response.confidence,
          draws: response.draws ?? { positive: 0, neutral: 0, negative: 0 },
          typed: response.typed ?? null,
          response: response.response,
          reasoning: response.reasoning,
        };
      }),
      total: page.total,
      page: options.page,
      pageSize: options.pageSize,
    };
  }
}
