// Reads right after the same customer's writes, as a fixture: the embedded
// run (reads-after-writes.int.test.ts) and the gateway's read cache across
// the network (catalog-reads.int.test.ts) run the same steps. `read` answers
// the reads, through the gateway that took the writes or through another
// replica; every read comes at once after the write it must see.
import type { ProductView } from '@chorus/contracts';
import type { Api, TestChorus } from '@chorus/launcher/testing';
import { join, signUp } from './teams-fixtures';

export function readsAfterWrites(setup: () => { chorus: TestChorus; read: Api }): void {
  const list = async (token: string) =>
    (await setup().read<ProductView[]>('/api/products', { token })).body;
  const one = (token: string, id: string) =>
    setup().read<ProductView & { message?: string }>(`/api/products/${id}`, { token });

  it('lists and reads a product created, with a persona chosen, and no longer once deleted', async () => {
    const { chorus } = setup();
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
    // A persona chosen (an idempotent write) on the paid product counts at once.
    const before = (await one(owner.token, owner.productId)).body.billing.personaCount ?? 0;
    const templates = await chorus.api<{ id: string }[]>('/api/persona-templates', {
      token: owner.token,
    });
    const chosen = await chorus.api(`/api/products/${owner.productId}/personas`, {
      method: 'POST',
      token: owner.token,
      headers: { 'idempotency-key': `choose-${owner.productId}` },
      body: { templateId: templates.body[0]!.id },
    });
    expect(chosen.status).toBe(201);
    expect((await list(owner.token)).find((p) => p.id === owner.productId)).toMatchObject({
      billing: { personaCount: before + 1 },
    });
    expect((await one(owner.token, owner.productId)).body).toMatchObject({
      billing: { personaCount: before + 1 },
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
    const { chorus } = setup();
    const owner = await signUp(chorus, 'Sharer');
    // The owner's read before anyone joins, so that a kept answer would show no seat.
    expect((await one(owner.token, owner.productId)).body).toMatchObject({ seats: 0 });
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
}
