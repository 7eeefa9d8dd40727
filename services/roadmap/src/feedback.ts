import {
  createComparisonRequest,
  FEATURE_SHARE_DAYS,
  feedbackMessages,
  requestFeedbackRequest,
  roadmapMessages,
} from '@chorus/contracts';
import {
  feedbackQuestion,
  feedbackRating,
  overallRanking,
  preferenceScore,
  rankByScore,
} from './domain/feedback-scores';
import type {
  AnswerRequest,
  AnswerResponse,
  BusinessContext,
  PersonaProfile,
} from '@chorus/proto/inference/v1/answers';
import type {
  FeatureComparison,
  FeedbackResponse,
  RankedItem,
} from '@chorus/proto/roadmap/v1/items';
import { InvalidArgument, type Logger, NotFound, Unavailable } from '@chorus/service-kit';
import { randomBytes } from 'node:crypto';
import type { ComparisonRow, FeedbackRow, FeedbackStore } from './store/feedback';
import type { ItemRow, RoadmapStore } from './store/roadmaps';

/** The one inference call the roadmap service makes. */
export interface PersonaAnswers {
  answer(request: AnswerRequest): Promise<AnswerResponse>;
}

function shareToken(): string {
  return randomBytes(24).toString('base64url');
}

function expiry(now: Date = new Date()): Date {
  return new Date(now.getTime() + FEATURE_SHARE_DAYS * 24 * 60 * 60 * 1000);
}

/** The personas the caller asks for, each once, with ids. */
function checkedPersonas(personas: PersonaProfile[]): PersonaProfile[] {
  const parsed = requestFeedbackRequest.safeParse({
    personaIds: personas.map((p) => p.personaId),
  });
  if (!parsed.success) {
    throw new InvalidArgument(parsed.error.issues[0]?.message ?? feedbackMessages.personasRequired);
  }
  const seen = new Set<string>();
  return personas.filter((p) => !seen.has(p.personaId) && Boolean(seen.add(p.personaId)));
}

function toFeedbackResponse(row: FeedbackRow): FeedbackResponse {
  const data = row.response_data;
  return {
    id: row.id,
    featureShareId: row.feature_share_id ?? '',
    personaId: row.persona_id ?? '',
    personaName: data.personaName,
    rating: data.rating ?? 3,
    comment: data.comment ?? '',
    sentiment: row.sentiment ?? 'neutral',
    confidence: data.confidence ?? 0,
    createdAt: row.created_at,
  };
}

function toComparison(row: ComparisonRow, responses: FeedbackRow[]): FeatureComparison {
  const rankings = row.persona_ids.flatMap((personaId) => {
    const answer = responses.find(
      (r) => r.feature_comparison_id === row.id && r.persona_id === personaId,
    );
    if (!answer) return [];
    return [
      {
        personaId,
        personaName: answer.response_data.personaName,
        items: answer.response_data.ranking ?? [],
      },
    ];
  });
  const order = rankings[0]?.items ?? [];
  const titles = new Map(order.map((i) => [i.itemId, i.title]));
  const overall: RankedItem[] = overallRanking(
    rankings,
    row.roadmap_item_ids
      .filter((id) => titles.has(id))
      .map((itemId) => ({ itemId, title: titles.get(itemId)! })),
  );
  return {
    id: row.id,
    roadmapId: row.roadmap_id,
    title: row.title,
    description: row.description ?? '',
    itemIds: row.roadmap_item_ids,
    personaIds: row.persona_ids,
    rankings,
    overall,
    createdAt: row.created_at,
  };
}

/**
 * Persona feedback on roadmap items: a feature share asks the chosen
 * personas about one item; a comparison asks them about several and ranks
 * the items by each persona's answers.
 */
export class Feedback {
  constructor(
    private readonly deps: {
      store: RoadmapStore;
      feedback: FeedbackStore;
      inference: PersonaAnswers;
      logger: Logger;
    },
  ) {}

  private async ask(
    item: { title: string; description: string | null },
    personas: PersonaProfile[],
    business: BusinessContext | undefined,
  ) {
    try {
      const answer = await this.deps.inference.answer({
        questionText: feedbackQuestion(item, business?.productName ?? ''),
        personas,
        business,
      });
      return new Map(answer.responses.map((r) => [r.personaId, r]));
    } catch (error) {
      this.deps.logger.warn({ err: error }, 'persona feedback: inference failed');
      throw new Unavailable(feedbackMessages.failed);
    }
  }

  async request(
    userId: string,
    itemId: string,
    profiles: PersonaProfile[],
    business: BusinessContext | undefined,
  ): Promise<{ shareId: string; responses: FeedbackResponse[] }> {
    const personas = checkedPersonas(profiles);
    const item = await this.deps.store.findItem(userId, itemId);
    if (!item) throw new NotFound(roadmapMessages.itemNotFound);
    // Asked before anything is stored: a failed call leaves no empty share behind.
    const answers = await this.ask(item, personas, business);
    const shareId = await this.deps.feedback.db.transaction(async (trx) => {
      const id = await this.deps.feedback.insertShare(trx, {
        itemId: item.id,
        sharedBy: userId,
        personaIds: personas.map((p) => p.personaId),
        token: shareToken(),
        expiresAt: expiry(),
      });
      await this.deps.feedback.insertResponses(
        trx,
        { shareId: id },
        personas.flatMap((persona) => {
          const answer = answers.get(persona.personaId);
          if (!answer) return [];
          return [
            {
              personaId: persona.personaId,
              sentiment: answer.opinion,
              data: {
                personaName: answer.personaName || persona.name,
                rating: feedbackRating(answer.opinion, answer.confidence),
                comment: answer.response,
                confidence: answer.confidence,
              },
            },
          ];
        }),
      );
      return id;
    });
    const rows = await this.deps.feedback.shareFeedback(shareId);
    return { shareId, responses: rows.map(toFeedbackResponse) };
  }

  async list(userId: string, itemId: string): Promise<FeedbackResponse[]> {
    const item = await this.deps.store.findItem(userId, itemId);
    if (!item) throw new NotFound(roadmapMessages.itemNotFound);
    return (await this.deps.feedback.itemFeedback(item.id)).map(toFeedbackResponse);
  }

  async compare(
    userId: string,
    roadmapId: string,
    input: { title: string; description: string; itemIds: string[] },
    profiles: PersonaProfile[],
    business: BusinessContext | undefined,
  ): Promise<FeatureComparison> {
    const parsed = createComparisonRequest.safeParse({
      ...input,
      personaIds: profiles.map((p) => p.personaId),
    });
    if (!parsed.success) {
      throw new InvalidArgument(parsed.error.issues[0]?.message ?? feedbackMessages.itemsRequired);
    }
    const personas = checkedPersonas(profiles);
    const roadmap = await this.deps.store.findRoadmap(userId, roadmapId);
    if (!roadmap) throw new NotFound(roadmapMessages.roadmapNotFound);
    const roadmapItems = new Map(
      (await this.deps.store.listItems(roadmap.id)).map((item) => [item.id, item]),
    );
    const itemIds = [...new Set(parsed.data.itemIds)];
    const items = itemIds.map((id) => roadmapItems.get(id));
    if (items.some((item) => !item)) throw new NotFound(feedbackMessages.unknownItem);
    if (items.length < 2) throw new InvalidArgument(feedbackMessages.itemsRequired);

    // One question per item, every persona answering it; the items' answers side by side.
    const answers = await Promise.all(
      (items as ItemRow[]).map((item) => this.ask(item, personas, business)),
    );
    const rankings = personas.map((persona) => ({
      persona,
      ranking: rankByScore(
        (items as ItemRow[]).map((item, index) => {
          const answer = answers[index]!.get(persona.personaId);
          return {
            itemId: item.id,
            title: item.title,
            score:
              Math.round(
                preferenceScore(answer?.opinion ?? 'neutral', answer?.confidence ?? 0) * 100,
              ) / 100,
            comment: answer?.response ?? '',
          };
        }),
      ),
    }));
    const title =
      parsed.data.title ?? `Compare ${(items as ItemRow[]).map((item) => item.title).join(', ')}`;

    const comparisonId = await this.deps.feedback.db.transaction(async (trx) => {
      const id = await this.deps.feedback.insertComparison(trx, {
        roadmapId: roadmap.id,
        createdBy: userId,
        title: title.slice(0, 200),
        description: parsed.data.description,
        itemIds,
        personaIds: personas.map((p) => p.personaId),
        token: shareToken(),
        expiresAt: expiry(),
      });
      await this.deps.feedback.insertResponses(
        trx,
        { comparisonId: id },
        rankings.map(({ persona, ranking }) => ({
          personaId: persona.personaId,
          // The persona's leaning on its favourite sums up its answer.
          sentiment:
            ranking[0] && ranking[0].score > 0.5
              ? 'positive'
              : ranking[0] && ranking[0].score < 0.5
                ? 'negative'
                : 'neutral',
          data: {
            personaName: answers[0]!.get(persona.personaId)?.personaName || persona.name,
            ranking,
          },
        })),
      );
      return id;
    });
    const [row] = (await this.deps.feedback.comparisons(roadmap.id)).filter(
      (c) => c.id === comparisonId,
    );
    return toComparison(row!, await this.deps.feedback.comparisonFeedback([comparisonId]));
  }

  async comparisons(userId: string, roadmapId: string): Promise<FeatureComparison[]> {
    const roadmap = await this.deps.store.findRoadmap(userId, roadmapId);
    if (!roadmap) throw new NotFound(roadmapMessages.roadmapNotFound);
    const rows = await this.deps.feedback.comparisons(roadmap.id);
    const responses = await this.deps.feedback.comparisonFeedback(rows.map((r) => r.id));
    return rows.map((row) => toComparison(row, responses));
  }
}
