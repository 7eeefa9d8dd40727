import type { Knex } from '@chorus/service-kit';

export interface UserRow {
  id: string;
  email: string;
  password: string;
  reset_token: string | null;
  reset_token_expiry: Date | null;
  first_name: string;
  last_name: string;
  profile_image_url: string | null;
  friend_of_ours: boolean;
  promo_code: string | null;
  discount_percent: number;
  promo_expires_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

interface AdminRow {
  id: string;
  email: string;
  password: string;
  role: string;
}

export interface SessionData {
  kind: 'user' | 'admin';
  subject: string;
  revoked: boolean;
}

export interface SessionRow {
  sid: string;
  sess: SessionData;
  expire: Date;
}

/** Every query of the identity database. */
export class IdentityStore {
  constructor(readonly db: Knex) {}

  findUserByEmail(email: string, trx: Knex = this.db): Promise<UserRow | undefined> {
    return trx<UserRow>('users').where({ email }).first();
  }

  findUserById(id: string, trx: Knex = this.db): Promise<UserRow | undefined> {
    return trx<UserRow>('users').where({ id }).first();
  }

  /** Undefined when the e-mail is taken (the unique index decides, not a prior read). */
  async insertUser(
    trx: Knex.Transaction,
    user: Pick<UserRow, 'email' | 'password' | 'first_name' | 'last_name'>,
  ): Promise<UserRow | undefined> {
    const rows = await trx<UserRow>('users')
      .insert(user)
      .onConflict('email')
      .ignore()
      .returning('*');
    return rows[0];
  }

  async setResetToken(userId: string, tokenHash: string, expiry: Date): Promise<void> {
    await this.db('users')
      .where({ id: userId })
      .update({ reset_token: tokenHash, reset_token_expiry: expiry, updated_at: this.db.fn.now() });
  }

  findUserByResetToken(
    tokenHash: string,
    now: Date,
    trx: Knex = this.db,
  ): Promise<UserRow | undefined> {
    return trx<UserRow>('users')
      .where({ reset_token: tokenHash })
      .andWhere('reset_token_expiry', '>', now)
      .first();
  }

  /** Sets the new password and burns the token in one statement, so a token works once. */
  async consumeResetToken(
    trx: Knex.Transaction,
    tokenHash: string,
    now: Date,
    passwordHash: string,
  ): Promise<UserRow | undefined> {
    const rows = await trx<UserRow>('users')
      .where({ reset_token: tokenHash })
      .andWhere('reset_token_expiry', '>', now)
      .update({
        password: passwordHash,
        reset_token: null,
        reset_token_expiry: null,
        updated_at: trx.fn.now(),
      })
      .returning('*');
    return rows[0];
  }

  findAdminByEmail(email: string): Promise<AdminRow | undefined> {
    return this.db<AdminRow>('admin_users').where({ email }).first();
  }

  async upsertAdmin(email: string, passwordHash: string): Promise<void> {
    await this.db('admin_users')
      .insert({ email, password: passwordHash })
      .onConflict('email')
      .merge({ password: passwordHash, updated_at: this.db.fn.now() });
  }

  async insertSession(trx: Knex, session: SessionRow): Promise<void> {
    await trx('sessions').insert({ ...session, sess: JSON.stringify(session.sess) });
  }

  /** Marks live sessions revoked; returns the ones that changed. */
  async revokeSessions(
    trx: Knex.Transaction,
    where: { sid: string } | { subject: string; kind: SessionData['kind'] },
    now: Date,
  ): Promise<SessionRow[]> {
    const query = trx<SessionRow>('sessions')
      .where('expire', '>', now)
      .andWhereRaw(`(sess->>'revoked')::boolean = false`);
    if ('sid' in where) query.andWhere({ sid: where.sid });
    else
      query.andWhereRaw(`sess->>'subject' = ? and sess->>'kind' = ?`, [where.subject, where.kind]);
    return query
      .update({ sess: trx.raw(`jsonb_set(sess, '{revoked}', 'true')`) })
      .returning(['sid', 'sess', 'expire']);
  }

  listRevokedSessions(now: Date): Promise<SessionRow[]> {
    return this.db<SessionRow>('sessions')
      .where('expire', '>', now)
      .andWhereRaw(`(sess->>'revoked')::boolean = true`)
      .select('sid', 'sess', 'expire');
  }

  async deleteExpiredSessions(now: Date): Promise<number> {
    return this.db('sessions').where('expire', '<=', now).delete();
  }

  async userStats(): Promise<{ total: number; byMonth: { month: string; count: number }[] }> {
    const [{ total } = { total: 0 }] = await this.db('users').count<{ total: string }[]>({
      total: '*',
    });
    const byMonth = await this.db('users')
      .select(this.db.raw(`to_char(date_trunc('month', created_at), 'YYYY-MM') as month`))
      .count<{ month: string; count: string }[]>({ count: '*' })
      .groupBy('month')
      .orderBy('month');
    return {
      total: Number(total),
      byMonth: byMonth.map((row) => ({ month: row.month, count: Number(row.count) })),
    };
  }
}
