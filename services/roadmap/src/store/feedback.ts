import type { Knex } from '@chorus/service-kit';

/** What a stored feedback response holds in response_data. */
interface FeedbackData {
  personaName: string;
  rating?: number;
  comment?: string;
  confidence?: number;
  /** A comparison's answer: the persona's ranking, best first. */
  ranking?: { itemId: string; title: string; score: number; comment: string }[];
}

export interface FeedbackRow {
  id: string;
  feature_share_id: string | null;
  feature_comparison_id: string | null;
  persona_id: string | null;
  response_data: FeedbackData;
  sentiment: string | null;
  created_at: Date;
}

export interface ComparisonRow {
  id: string;
  roadmap_id: string;
  title: string;
  description: string | null;
  roadmap_item_ids: string[];
  persona_ids: string[];
  created_at: Date;
}

const feedbackColumns = [
  'f.id',
  'f.feature_share_id',
  'f.feature_comparison_id',
  'f.persona_id',
  'f.response_data',
  'f.sentiment',
  'f.created_at',
];

/** Feature shares, comparisons and their feedback responses. */
export class FeedbackStore {
  constructor(readonly db: Knex) {}

  async insertShare(
    trx: Knex.Transaction,
    share: {
      itemId: string;
      sharedBy: string;
      personaIds: string[];
      token: string;
      expiresAt: Date;
    },
  ): Promise<string> {
    const [row] = await trx('feature_shares')
      .insert({
        roadmap_item_id: share.itemId,
        shared_by: share.sharedBy,
        persona_ids: JSON.stringify(share.personaIds),
        share_token: share.token,
        expires_at: share.expiresAt,
      })
      .returning<{ id: string }[]>('id');
    return row!.id;
  }

  async insertComparison(
    trx: Knex.Transaction,
    comparison: {
      roadmapId: string;
      createdBy: string;
      title: string;
      description: string | null;
      itemIds: string[];
      personaIds: string[];
      token: string;
      expiresAt: Date;
    },
  ): Promise<string> {
    const [row] = await trx('feature_comparisons')
      .insert({
        roadmap_id: comparison.roadmapId,
        created_by: comparison.createdBy,
        title: comparison.title,
        description: comparison.description,
        roadmap_item_ids: JSON.stringify(comparison.itemIds),
        persona_ids: JSON.stringify(comparison.personaIds),
        share_token: comparison.token,
        expires_at: comparison.expiresAt,
      })
      .returning<{ id: string }[]>('id');
    return row!.id;
  }

  /** Stores the responses and counts them on their share or comparison. */
  async insertResponses(
    trx: Knex.Transaction,
    parent: { shareId: string } | { comparisonId: string },
    responses: { personaId: string; data: FeedbackData; sentiment: string }[],
  ): Promise<void> {
    if (responses.length === 0) return;
    const link =
      'shareId' in parent
        ? { feature_share_id: parent.shareId }
        : { feature_comparison_id: parent.comparisonId };
    await trx('feedback_responses').insert(
      responses.map((response) => ({
        ...link,
        persona_id: response.personaId,
        respondent_name: response.data.personaName,
        response_data: JSON.stringify(response.data),
        sentiment: response.sentiment,
      })),
    );
    const [table, id] =
      'shareId' in parent
        ? ['feature_shares', parent.shareId]
        : ['feature_comparisons', parent.comparisonId];
    await trx(table)
      .where({ id })
      .update({
        response_count: trx.raw('response_count + ?', [responses.length]),
        updated_at: trx.fn.now(),
      });
  }

  /** Every response to the item's shares, newest first. */
  itemFeedback(itemId: string): Promise<FeedbackRow[]> {
    return (
      this.db('feedback_responses as f')
        .join('feature_shares as s', 's.id', 'f.feature_share_id')
        // People's answers to share links are not persona feedback.
        .where({ 's.roadmap_item_id': itemId, 's.audience': 'personas' })
        .orderBy([
          { column: 'f.created_at', order: 'desc' },
          { column: 'f.id', order: 'asc' },
        ])
        .select(feedbackColumns)
    );
  }

  shareFeedback(shareId: string, trx: Knex = this.db): Promise<FeedbackRow[]> {
    return trx('feedback_responses as f')
      .where({ 'f.feature_share_id': shareId })
      .orderBy('f.id')
      .select(feedbackColumns);
  }

  comparisons(roadmapId: string, trx: Knex = this.db): Promise<ComparisonRow[]> {
    return trx('feature_comparisons')
      .where({ roadmap_id: roadmapId, audience: 'personas' })
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'asc' },
      ])
      .select(
        'id',
        'roadmap_id',
        'title',
        'description',
        'roadmap_item_ids',
        'persona_ids',
        'created_at',
      );
  }

  comparisonFeedback(comparisonIds: string[], trx: Knex = this.db): Promise<FeedbackRow[]> {
    if (comparisonIds.length === 0) return Promise.resolve([]);
    return trx('feedback_responses as f')
      .whereIn('f.feature_comparison_id', comparisonIds)
      .orderBy('f.id')
      .select(feedbackColumns);
  }
}
