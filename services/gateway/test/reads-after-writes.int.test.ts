import type { ProductView } from '@chorus/contracts';
import { join, signUp } from './teams-fixtures';
import { chorus } from './teams-chorus';

// The embedded run's gateway calls the catalog in process, and the catalog
// answers reads from memory (each owner's products, each user's team
// memberships): every read below comes at once after the write it must
// see, with no waiting in between.

const list = async (token: string) =>
  (await chorus.api<ProductView[]>('/api/products', { token })).body;
const one = (token: string, id: string) =>
  chorus.api<ProductView & { message?: string }>(`/api/products/${id}`, { token });

describe('reads right after the same customer’s writes', () => {
  it('lists and reads a product created, and no longer once deleted', async () => {
    const owner = await signUp(chorus, 'Reader');
    expect((await list(owner.token)).map((p) => p.id)).toEqual([owner.productId]);
    const made = await chorus.api<ProductView>('/api/products', {
      method: 'POST',
      token: owner.token,
      body: { name: 'Second', industry: 'retail' },
    });
    expect(made.status).toBe(201);
    expect((await list(owner.token)).map((p) => p.name)).toEqual(["Reader's product", 'Second']);
    expect((await one(owner.token, made.body.id)).body).toMatchObject({
      name: 'Second',
      role: 'owner',
    });
    const deleted = await chorus.api(`/api/products/${made.body.id}`, {
      method: 'DELETE',
      token: owner.token,
    });
    expect(deleted.status).toBe(200);
    expect((await list(owner.token)).map((p) => p.id)).toEqual([owner.productId]);
    expect((await one(owner.token, made.body.id)).status).toBe(404);
  });

  it('shows a teammate a shared product as soon as they join, with each new role, and not once removed', async () => {
    const owner = await signUp(chorus, 'Sharer');
    const member = await join(chorus, owner, 'viewer');
    const shared = await list(member.token);
    expect(shared.map((p) => [p.id, p.role, p.sharedWithYou])).toEqual([
      [owner.productId, 'viewer', true],
    ]);
    // A viewer sees no billing.
    expect(shared[0]).toMatchObject({ seats: null, billing: { monthlyRate: null } });

    const changed = await chorus.api(
      `/api/products/${owner.productId}/team/members/${member.memberId}`,
      {
        method: 'PATCH',
        token: owner.token,
        body: { role: 'admin' },
      },
    );
    expect(changed.status).toBe(200);
    expect((await list(member.token)).map((p) => p.role)).toEqual(['admin']);
    expect((await one(member.token, owner.productId)).body).toMatchObject({
      role: 'admin',
      seats: 1,
    });
    // The owner's own read counts the seat at once too.
    expect((await one(owner.token, owner.productId)).body).toMatchObject({ seats: 1 });

    const removed = await chorus.api(
      `/api/products/${owner.productId}/team/members/${member.memberId}`,
      {
        method: 'DELETE',
        token: owner.token,
      },
    );
    expect(removed.status).toBeLessThan(300);
    expect(await list(member.token)).toEqual([]);
    expect((await one(member.token, owner.productId)).status).toBe(404);
    expect((await one(owner.token, owner.productId)).body).toMatchObject({ seats: 0 });
  });
});
