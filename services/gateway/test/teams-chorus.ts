// What the gateway's team tests share: importing this file starts Chorus
// (an admin configured, one proxy hop) before the file's tests and stops it
// after, and gives the reads of a product's team.
import type { TeamView } from '@chorus/contracts';
import { startTestChorus, type TestChorus } from '@chorus/launcher/testing';
import { knex } from 'knex';
import type { Owner } from './teams-fixtures';

export let chorus: TestChorus;
export const ADMIN = { email: 'ops@chorus.test', password: 'ops-password-1' };

beforeAll(async () => {
  // One proxy hop: invitees answer from addresses of their own.
  chorus = await startTestChorus({
    env: { TRUST_PROXY: '1', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
  });
});
afterAll(() => chorus.stop());

export const team = async (owner: Owner) =>
  (await chorus.api<TeamView>(`/api/products/${owner.productId}/team`, { token: owner.token }))
    .body;

/** The catalog's rows of a product's collaborators, to check that nothing was stored. */
export async function collaboratorRows(productId: string): Promise<number> {
  const db = knex({ client: 'pg', connection: chorus.databaseUrl('catalog') });
  try {
    const [row] = await db('collaborators').where({ product_id: productId }).count('* as count');
    return Number(row?.count ?? 0);
  } finally {
    await db.destroy();
  }
}
