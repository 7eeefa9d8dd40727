import type { Knex } from '@chorus/service-kit';

/** A people link, from feature_shares (kind item) or feature_comparisons (kind comparison). */
export interface LinkRow {
  id: string;
  kind: 'item' | 'comparison';
  feedback_type: string;
  allow_comments: boolean;
  is_active: boolean;
  expires_at: Date;
  access_count: number;
  response_count: number;
  persona_ids: string[];
  item_id: string | null;
  roadmap_id: string;
  item_ids: string[];
  title: string;
  description: string | null;
  product_name: string | null;
  /** The token, kept for the owner's copy of the address; null for older links. */
  owner_token: string | null;
  created_at: Date;
}

export interface PeopleResponseRow {
  id: string;
  response_data: unknown;
  comment: string | null;
  respondent_name: string | null;
  respondent_email: string | null;
  sentiment: string | null;
  created_at: Date;
  updated_at: Date;
}

const responseColumns = [
  'id',
  'response_data',
  'comment',
  'respondent_name',
  'respondent_email',
  'sentiment',
  'created_at',
  'updated_at',
];

interface PersonaRatingRow {
  persona_id: string;
  item_id: string;
  rating: number | null;
  persona_name: string;
  created_at: Date;
}

interface PersonaRankingRow {
  persona_id: string;
  persona_name: string;
  ranking: { itemId: string }[];
}

const shareSelect = (db: Knex) =>
  db('feature_shares as s')
    .join('roadmap_items as i', 'i.id', 's.roadmap_item_id')
    .join('roadmaps as r', 'r.id', 'i.roadmap_id')
    .where('s.audience', 'people')
    .select(
      's.id',
      db.raw("'item' as kind"),
      's.feedback_type',
      's.allow_comments',
      's.is_active',
      's.expires_at',
      's.access_count',
      's.response_count',
      's.persona_ids',
      's.roadmap_item_id as item_id',
      'i.roadmap_id',
      db.raw('jsonb_build_array(i.id) as item_ids'),
      'i.title',
      'i.description',
      's.product_name',
      's.owner_token',
      's.created_at',
    );

const comparisonSelect = (db: Knex) =>
  db('feature_comparisons as c')
    .join('roadmaps as r', 'r.id', 'c.roadmap_id')
    .where('c.audience', 'people')
    .select(
      'c.id',
      db.raw("'comparison' as kind"),
      db.raw("'ranking' as feedback_type"),
      'c.allow_comments',
      'c.is_active',
      'c.expires_at',
      'c.access_count',
      'c.response_count',
      'c.persona_ids',
      db.raw('null as item_id'),
      'c.roadmap_id',
      'c.roadmap_item_ids as item_ids',
      'c.title',
      'c.description',
      'c.product_name',
      'c.owner_token',
      'c.created_at',
    );

const newestFirst = [
  { column: 'created_at', order: 'desc' as const },
  { column: 'id', order: 'asc' as const },
];

/** People's share links and their responses. Owner checks join the roadmap's user. */
export class ShareLinkStore {
  constructor(readonly db: Knex) {}

  async insertItemLink(link: {
    itemId: string;
    userId: string;
    token: string;
    tokenHash: string;
    feedbackType: string;
    allowComments: boolean;
    expiresAt: Date;
    personaIds: string[];
    productName: string;
  }): Promise<string> {
    const [row] = await this.db('feature_shares')
      .insert({
        roadmap_item_id: link.itemId,
        shared_by: link.userId,
        audience: 'people',
        share_token: link.tokenHash,
        owner_token: link.token,
        feedback_type: link.feedbackType,
        allow_comments: link.allowComments,
        expires_at: link.expiresAt,
        persona_ids: JSON.stringify(link.personaIds),
        product_name: link.productName,
      })
      .returning<{ id: string }[]>('id');
    return row!.id;
  }

  async insertComparisonLink(link: {
    roadmapId: string;
    userId: string;
    token: string;
    tokenHash: string;
    title: string;
    description: string | null;
    itemIds: string[];
    allowComments: boolean;
    expiresAt: Date;
    personaIds: string[];
    productName: string;
  }): Promise<string> {
    const [row] = await this.db('feature_comparisons')
      .insert({
        roadmap_id: link.roadmapId,
        created_by: link.userId,
        audience: 'people',
        share_token: link.tokenHash,
        owner_token: link.token,
        title: link.title,
        description: link.description,
        roadmap_item_ids: JSON.stringify(link.itemIds),
        allow_comments: link.allowComments,
        expires_at: link.expiresAt,
        persona_ids: JSON.stringify(link.personaIds),
        product_name: link.productName,
      })
      .returning<{ id: string }[]>('id');
    return row!.id;
  }

  /** The user's link with this id, of either kind. */
  async findOwned(userId: string, linkId: string): Promise<LinkRow | undefined> {
    const share = await shareSelect(this.db)
      .where({ 's.id': linkId, 'r.user_id': userId })
      .first<LinkRow | undefined>();
    if (share) return share;
    return comparisonSelect(this.db)
      .where({ 'c.id': linkId, 'r.user_id': userId })
      .first<LinkRow | undefined>();
  }

  itemLinks(itemId: string): Promise<LinkRow[]> {
    return this.db
      .from(shareSelect(this.db).where('s.roadmap_item_id', itemId).as('l'))
      .orderBy(newestFirst)
      .select<LinkRow[]>('*');
  }

  comparisonLinks(roadmapId: string): Promise<LinkRow[]> {
    return this.db
      .from(comparisonSelect(this.db).where('c.roadmap_id', roadmapId).as('l'))
      .orderBy(newestFirst)
      .select<LinkRow[]>('*');
  }

  async setActive(link: LinkRow, isActive: boolean): Promise<void> {
    await this.db(link.kind === 'item' ? 'feature_shares' : 'feature_comparisons')
      .where({ id: link.id })
      .update({ is_active: isActive, updated_at: this.db.fn.now() });
  }

  /** The responses go with it (ON DELETE CASCADE). */
  async delete(link: LinkRow): Promise<void> {
    await this.db(link.kind === 'item' ? 'feature_shares' : 'feature_comparisons')
      .where({ id: link.id })
      .delete();
  }

  /** An active, unexpired link by its token's hash, counted as a view. */
  async open(tokenHash: string): Promise<LinkRow | undefined> {
    const live = (table: string) =>
      this.db(table)
        .where({ share_token: tokenHash, audience: 'people', is_active: true })
        .where('expires_at', '>', this.db.fn.now())
        .increment('access_count', 1)
        .returning<{ id: string }[]>('id');
    const [share] = await live('feature_shares');
    if (share) return shareSelect(this.db).where('s.id', share.id).first<LinkRow>();
    const [comparison] = await live('feature_comparisons');
    if (comparison) return comparisonSelect(this.db).where('c.id', comparison.id).first<LinkRow>();
    return undefined;
  }

  /** An active, unexpired link by its token's hash, not counted. */
  async live(tokenHash: string): Promise<LinkRow | undefined> {
    const share = await shareSelect(this.db)
      .where({ 's.share_token': tokenHash, 's.is_active': true })
      .where('s.expires_at', '>', this.db.fn.now())
      .first<LinkRow | undefined>();
    if (share) return share;
    return comparisonSelect(this.db)
      .where({ 'c.share_token': tokenHash, 'c.is_active': true })
      .where('c.expires_at', '>', this.db.fn.now())
      .first<LinkRow | undefined>();
  }

  /**
   * Stores a person's response; a second one from the same respondent key
   * replaces the first and leaves the count alone.
   */
  async upsertResponse(
    link: LinkRow,
    response: {
      respondentKey: string;
      ipHash: string;
      userAgent: string;
      answer: unknown;
      comment: string | null;
      name: string | null;
      email: string | null;
      sentiment: string | null;
    },
  ): Promise<{ replaced: boolean; responseCount: number }> {
    const parentColumn = link.kind === 'item' ? 'feature_share_id' : 'feature_comparison_id';
    const table = link.kind === 'item' ? 'feature_shares' : 'feature_comparisons';
    return this.db.transaction(async (trx) => {
      const { rows } = await trx.raw<{ rows: { inserted: boolean }[] }>(
        `insert into feedback_responses
           (${parentColumn}, respondent_key, ip_hash, user_agent, response_data, comment,
            respondent_name, respondent_email, sentiment)
         values (?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?)
         on conflict (${parentColumn}, respondent_key)
           where respondent_key is not null and ${parentColumn} is not null
         do update set ip_hash = excluded.ip_hash, user_agent = excluded.user_agent,
           response_data = excluded.response_data, comment = excluded.comment,
           respondent_name = excluded.respondent_name,
           respondent_email = excluded.respondent_email, sentiment = excluded.sentiment,
           updated_at = now()
         returning (xmax = 0) as inserted`,
        [
          link.id,
          response.respondentKey,
          response.ipHash,
          response.userAgent.slice(0, 500),
          JSON.stringify(response.answer),
          response.comment,
          response.name,
          response.email,
          response.sentiment,
        ],
      );
      const inserted = rows[0]!.inserted;
      const [counted] = await trx(table)
        .where({ id: link.id })
        .update(
          inserted
            ? { response_count: trx.raw('response_count + 1'), updated_at: trx.fn.now() }
            : { updated_at: trx.fn.now() },
        )
        .returning<{ response_count: number }[]>('response_count');
      return { replaced: !inserted, responseCount: counted!.response_count };
    });
  }

  responses(link: LinkRow): Promise<PeopleResponseRow[]> {
    return this.db('feedback_responses')
      .where(link.kind === 'item' ? 'feature_share_id' : 'feature_comparison_id', link.id)
      .orderBy([
        { column: 'created_at', order: 'asc' },
        { column: 'id', order: 'asc' },
      ])
      .select(...responseColumns);
  }

  /** The response this respondent key sent to the link (one per key: a second replaced the first). */
  ownResponse(link: LinkRow, respondentKey: string): Promise<PeopleResponseRow | undefined> {
    return this.db('feedback_responses')
      .where(link.kind === 'item' ? 'feature_share_id' : 'feature_comparison_id', link.id)
      .where('respondent_key', respondentKey)
      .first<PeopleResponseRow | undefined>(...responseColumns);
  }

  items(itemIds: string[]): Promise<{ id: string; title: string; description: string | null }[]> {
    return this.db('roadmap_items').whereIn('id', itemIds).select('id', 'title', 'description');
  }

  /** Each persona's latest rating of each of these items (persona feedback). */
  personaRatings(itemIds: string[]): Promise<PersonaRatingRow[]> {
    return this.db
      .from(
        this.db('feedback_responses as f')
          .join('feature_shares as s', 's.id', 'f.feature_share_id')
          .whereIn('s.roadmap_item_id', itemIds)
          .where('s.audience', 'personas')
          .whereNotNull('f.persona_id')
          .distinctOn('f.persona_id', 's.roadmap_item_id')
          .orderBy([
            { column: 'f.persona_id' },
            { column: 's.roadmap_item_id' },
            { column: 'f.created_at', order: 'desc' },
          ])
          .select(
            'f.persona_id',
            's.roadmap_item_id as item_id',
            this.db.raw("(f.response_data->>'rating')::int as rating"),
            this.db.raw("f.response_data->>'personaName' as persona_name"),
            'f.created_at',
          )
          .as('x'),
      )
      .select<PersonaRatingRow[]>('*');
  }

  /** Every persona ranking stored for the roadmap's persona comparisons, newest first. */
  personaRankings(roadmapId: string): Promise<PersonaRankingRow[]> {
    return this.db('feedback_responses as f')
      .join('feature_comparisons as c', 'c.id', 'f.feature_comparison_id')
      .where({ 'c.roadmap_id': roadmapId, 'c.audience': 'personas' })
      .whereNotNull('f.persona_id')
      .orderBy([
        { column: 'f.created_at', order: 'desc' },
        { column: 'f.id', order: 'asc' },
      ])
      .select(
        'f.persona_id',
        this.db.raw("f.response_data->>'personaName' as persona_name"),
        this.db.raw("coalesce(f.response_data->'ranking', '[]'::jsonb) as ranking"),
      );
  }

  /**
   * Deletes people's responses to links that closed more than `days` ago
   * (the retention the public page states). Idempotent: every replica may run it.
   */
  async deleteExpiredResponses(days: number): Promise<number> {
    const { rowCount } = await this.db.raw<{ rowCount: number }>(
      `delete from feedback_responses f
        where f.persona_id is null
          and (exists (select 1 from feature_shares s
                        where s.id = f.feature_share_id and s.audience = 'people'
                          and s.expires_at < now() - make_interval(days => ?))
               or exists (select 1 from feature_comparisons c
                        where c.id = f.feature_comparison_id and c.audience = 'people'
                          and c.expires_at < now() - make_interval(days => ?)))`,
      [days, days],
    );
    return rowCount;
  }
}
