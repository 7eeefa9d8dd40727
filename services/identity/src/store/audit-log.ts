import { InvalidArgument, type Knex } from '@chorus/service-kit';

export interface AdminActionRow {
  id: string;
  admin_id: string;
  admin_email: string;
  action: string;
  target: string;
  details: Record<string, unknown>;
  created_at: Date;
}

type AdminActionInput = Pick<
  AdminActionRow,
  'admin_id' | 'admin_email' | 'action' | 'target' | 'details'
>;

const DEFAULT_LIMIT = 100;
const MAX_LIMIT = 500;

/** The admin audit log: who did what, and when. Rows are only ever added. */
export class AdminAuditLog {
  constructor(private readonly db: Knex) {}

  async record(action: AdminActionInput, trx: Knex = this.db): Promise<AdminActionRow> {
    if (!action.admin_id || !action.action) {
      throw new InvalidArgument('An admin action needs the admin and the action');
    }
    const [row] = await trx<AdminActionRow>('admin_audit_log')
      .insert({
        ...action,
        action: action.action.slice(0, 100),
        target: action.target.slice(0, 500),
        details: JSON.stringify(action.details) as unknown as Record<string, unknown>,
      })
      .returning('*');
    return row!;
  }

  /** Newest first; only the given actions, and none of the excluded, when lists are given. */
  list(
    limit: number,
    filter: { actions?: readonly string[]; excludeActions?: readonly string[] } = {},
  ): Promise<AdminActionRow[]> {
    const take = limit > 0 ? Math.min(limit, MAX_LIMIT) : DEFAULT_LIMIT;
    const query = this.db<AdminActionRow>('admin_audit_log');
    if (filter.actions?.length) void query.whereIn('action', [...filter.actions]);
    if (filter.excludeActions?.length) void query.whereNotIn('action', [...filter.excludeActions]);
    return query
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(take);
  }
}
