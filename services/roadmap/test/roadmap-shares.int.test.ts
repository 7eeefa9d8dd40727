import { createEnvelope } from '@chorus/service-kit';
import { eventually } from '@chorus/service-kit/testing';
import { randomUUID } from 'node:crypto';
import { db, newRoadmap, publish, bus, count, client } from './roadmap-setup';

describe('a roadmap shared on its own', () => {
  function joined(
    plan: { productId: string; userId: string; roadmapId: string },
    member: string,
    permission = 'edit',
  ) {
    return createEnvelope(plan.productId, {
      $case: 'collaboratorJoined',
      value: {
        productId: plan.productId,
        userId: plan.userId,
        collaboratorId: randomUUID(),
        memberUserId: member,
        role: 'roadmap',
        isBillable: true,
        billableSeats: 1,
        effectiveAt: new Date('2026-03-02T10:00:00Z'),
        roadmapId: plan.roadmapId,
        roadmapPermission: permission,
        invitedByUserId: plan.userId,
      },
    });
  }

  function left(plan: { productId: string; userId: string; roadmapId: string }, member: string) {
    return createEnvelope(plan.productId, {
      $case: 'collaboratorLeft',
      value: {
        productId: plan.productId,
        userId: plan.userId,
        collaboratorId: randomUUID(),
        memberUserId: member,
        role: 'roadmap',
        wasBillable: true,
        billableSeats: 0,
        effectiveAt: new Date('2026-03-09T10:00:00Z'),
        roadmapId: plan.roadmapId,
      },
    });
  }

  const shares = (roadmapId: string) =>
    db('roadmap_collaborators')
      .where({ roadmap_id: roadmapId })
      .select<{ user_id: string; permission: string; accepted_at: Date; invited_by: string }[]>(
        'user_id',
        'permission',
        'accepted_at',
        'invited_by',
      );

  it('mirrors the share when it is accepted, once, and drops it when the person leaves', async () => {
    const plan = await newRoadmap();
    const member = randomUUID();
    const join = joined(plan, member);

    await publish(join);
    await eventually(async () => (await shares(plan.roadmapId)).length === 1, {
      what: 'the share to be mirrored',
    });
    expect(await shares(plan.roadmapId)).toEqual([
      {
        user_id: member,
        permission: 'edit',
        accepted_at: new Date('2026-03-02T10:00:00Z'),
        invited_by: plan.userId,
      },
    ]);

    // Redelivered: recognised by its id, nothing changes.
    await publish(join);
    await bus.drained();
    expect(await count('processed_events', { event_id: join.id })).toBe(1);
    expect(await shares(plan.roadmapId)).toHaveLength(1);

    await publish(left(plan, member));
    await eventually(async () => (await shares(plan.roadmapId)).length === 0, {
      what: 'the share to go',
    });
  });

  it('ignores a share of a roadmap deleted since, and product members without a roadmap', async () => {
    const plan = await newRoadmap();
    await client.deleteRoadmap(plan);
    const late = joined(plan, randomUUID());
    const other = await newRoadmap();
    const productMember = joined({ ...other, roadmapId: '' }, randomUUID());

    await publish(late);
    await publish(productMember);
    await bus.drained();

    expect(await count('processed_events', { event_id: late.id })).toBe(1);
    expect(await count('processed_events', { event_id: productMember.id })).toBe(1);
    expect(await count('roadmap_collaborators', { roadmap_id: plan.roadmapId })).toBe(0);
    expect(await count('roadmap_collaborators', { roadmap_id: other.roadmapId })).toBe(0);
  });

  it('keeps one row per person when a share is accepted again, with the latest permission', async () => {
    const plan = await newRoadmap();
    const member = randomUUID();
    await publish(joined(plan, member));
    await publish(joined(plan, member, 'view'));
    await bus.drained();

    expect(await shares(plan.roadmapId)).toEqual([
      {
        user_id: member,
        permission: 'view',
        accepted_at: new Date('2026-03-02T10:00:00Z'),
        invited_by: plan.userId,
      },
    ]);
  });

  it('follows a change from view to edit', async () => {
    const plan = await newRoadmap();
    const member = randomUUID();
    await publish(joined(plan, member, 'view'));
    await publish(
      createEnvelope(plan.productId, {
        $case: 'collaboratorRoleChanged',
        value: {
          productId: plan.productId,
          userId: plan.userId,
          collaboratorId: randomUUID(),
          memberUserId: member,
          previousRole: 'roadmap',
          role: 'roadmap',
          isBillable: true,
          billableSeats: 1,
          effectiveAt: new Date('2026-03-05T10:00:00Z'),
          roadmapId: plan.roadmapId,
          roadmapPermission: 'edit',
        },
      }),
    );
    await bus.drained();

    expect(await shares(plan.roadmapId)).toEqual([
      {
        user_id: member,
        permission: 'edit',
        accepted_at: new Date('2026-03-02T10:00:00Z'),
        invited_by: plan.userId,
      },
    ]);
  });

  it('goes with the roadmap', async () => {
    const plan = await newRoadmap();
    await publish(joined(plan, randomUUID()));
    await eventually(async () => (await shares(plan.roadmapId)).length === 1, {
      what: 'the share to be mirrored',
    });

    await client.deleteRoadmap(plan);

    expect(await count('roadmap_collaborators', { roadmap_id: plan.roadmapId })).toBe(0);
  });
});
