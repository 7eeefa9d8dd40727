import type { MemberView, SharedRoadmapView } from '@chorus/contracts';
import { shareRoadmap, signUp } from './teams-fixtures';
import { chorus, team } from './teams-chorus';

describe('a roadmap shared on its own', () => {
  it('shows that roadmap and its items only, and ends when the roadmap is deleted', async () => {
    const owner = await signUp(chorus, 'Rosa', { productName: 'Secret Rosa Product' });
    const roadmap = await chorus.api<{ id: string }>(`/api/products/${owner.productId}/roadmaps`, {
      method: 'POST',
      token: owner.token,
      body: { name: 'Public plan' },
    });
    const item = await chorus.api<{ id: string }>(`/api/roadmaps/${roadmap.body.id}/items`, {
      method: 'POST',
      token: owner.token,
      body: { title: 'Offline mode' },
    });
    expect(item.status).toBe(201);
    const viewer = await shareRoadmap(chorus, owner, roadmap.body.id, 'view');
    expect(viewer.accepted).toEqual({
      productId: owner.productId,
      roadmapId: roadmap.body.id,
      token: viewer.token,
      message: expect.any(String),
      user: expect.objectContaining({ email: viewer.email }),
    });

    const shared = await chorus.api<SharedRoadmapView[]>('/api/shared-roadmaps', {
      token: viewer.token,
    });
    expect(shared.body).toEqual([
      {
        roadmapId: roadmap.body.id,
        roadmapName: 'Public plan',
        productId: owner.productId,
        productName: 'Secret Rosa Product',
        permission: 'view',
      },
    ]);
    const read = await chorus.api<{ items: { title: string }[] }>(
      `/api/roadmaps/${roadmap.body.id}`,
      { token: viewer.token },
    );
    expect(read.status).toBe(200);
    expect(read.body.items.map((i) => i.title)).toEqual(['Offline mode']);
    // View only: no edits, and nothing else of the product.
    const edit = await chorus.api(`/api/roadmap-items/${item.body.id}`, {
      method: 'PUT',
      token: viewer.token,
      body: { title: 'Changed' },
    });
    expect(edit).toMatchObject({
      status: 403,
      body: { message: 'Your share of this roadmap lets you view it, not change it.' },
    });
    const product = await chorus.api(`/api/products/${owner.productId}`, { token: viewer.token });
    expect(product).toMatchObject({ status: 404, body: { message: 'Product not found' } });

    const collaborators = await chorus.api<MemberView[]>(
      `/api/roadmaps/${roadmap.body.id}/collaborators`,
      { token: owner.token },
    );
    expect(collaborators.body).toEqual([
      expect.objectContaining({
        email: viewer.email,
        role: 'roadmap',
        isBillable: false,
        roadmap: { id: roadmap.body.id, name: 'Public plan', permission: 'view' },
      }),
    ]);

    const deleted = await chorus.api(`/api/roadmaps/${roadmap.body.id}`, {
      method: 'DELETE',
      token: owner.token,
    });
    expect(deleted.status).toBe(200);
    const after = await chorus.api<SharedRoadmapView[]>('/api/shared-roadmaps', {
      token: viewer.token,
    });
    expect(after.body).toEqual([]);
  });

  it('lets an edit share change items, and is removed by an admin', async () => {
    const owner = await signUp(chorus, 'Remy');
    const roadmap = await chorus.api<{ id: string }>(`/api/products/${owner.productId}/roadmaps`, {
      method: 'POST',
      token: owner.token,
      body: { name: 'Plan' },
    });
    const editor = await shareRoadmap(chorus, owner, roadmap.body.id, 'edit');
    const added = await chorus.api(`/api/roadmaps/${roadmap.body.id}/items`, {
      method: 'POST',
      token: editor.token,
      body: { title: 'From the editor' },
    });
    expect(added.status).toBe(201);
    expect(await team(owner)).toMatchObject({ billableSeats: 1 });
    const removed = await chorus.api(
      `/api/roadmaps/${roadmap.body.id}/collaborators/${editor.memberId}`,
      { method: 'DELETE', token: owner.token },
    );
    expect(removed.status).toBe(204);
    const after = await chorus.api(`/api/roadmaps/${roadmap.body.id}`, { token: editor.token });
    expect(after).toMatchObject({ status: 404, body: { message: 'Roadmap not found' } });
  });
});
