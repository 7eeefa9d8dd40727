import { teamMessages } from '@chorus/contracts';
import { eventually } from '@chorus/service-kit/testing';
import { status } from '@grpc/grpc-js';
import { randomUUID } from 'node:crypto';
import {
  newProduct,
  join,
  client,
  eventsOf,
  db,
  OWNER_EMAIL,
  grpcError,
  refused,
  access,
  productNotFound,
  replica,
} from './teams-setup';

describe('seats: events and the audit log', () => {
  it('announces every change with the seats after it, and logs what it does to the bill', async () => {
    const product = await newProduct();
    const collaborator = await join(product, 'collaborator');
    const viewer = await join(product, 'viewer');
    await client.changeMemberRole({
      userId: product.ownerId,
      productId: product.productId,
      memberId: viewer.memberId,
      role: 'admin',
      actorName: 'Olivia Owner',
    });
    await client.removeMember({
      userId: product.ownerId,
      productId: product.productId,
      memberId: collaborator.memberId,
      actorName: 'Olivia Owner',
    });
    await client.leaveProduct({
      userId: viewer.userId,
      productId: product.productId,
      actorName: 'Vic',
    });

    await eventually(
      () => eventsOf('collaboratorLeft', product.productId).length === 2 || undefined,
      {
        what: 'both departures published',
      },
    );
    const joined = eventsOf('collaboratorJoined', product.productId);
    expect(joined.map((e) => [e.memberUserId, e.role, e.isBillable, e.billableSeats])).toEqual([
      [collaborator.userId, 'collaborator', true, 1],
      [viewer.userId, 'viewer', false, 1],
    ]);
    expect(joined[0]).toMatchObject({
      productId: product.productId,
      userId: product.ownerId,
      collaboratorId: collaborator.memberId,
      roadmapId: '',
      // The owner sent the invitation.
      invitedByUserId: product.ownerId,
    });
    expect(eventsOf('collaboratorRoleChanged', product.productId)).toEqual([
      expect.objectContaining({
        memberUserId: viewer.userId,
        previousRole: 'viewer',
        role: 'admin',
        isBillable: true,
        billableSeats: 2,
      }),
    ]);
    expect(
      eventsOf('collaboratorLeft', product.productId).map((e) => [
        e.memberUserId,
        e.role,
        e.wasBillable,
        e.billableSeats,
      ]),
    ).toEqual([
      [collaborator.userId, 'collaborator', true, 1],
      [viewer.userId, 'admin', true, 0],
    ]);

    const audit = await client.listTeamAudit({
      userId: product.ownerId,
      productId: product.productId,
    });
    expect(
      audit.entries.map((e) => [
        e.actionType,
        e.affectedEmail,
        e.billingImpactCents,
        e.actionByName,
      ]),
    ).toEqual([
      ['left', viewer.email, -2500, 'Vic'],
      ['removed', collaborator.email, -2500, 'Olivia Owner'],
      ['role_changed', viewer.email, 2500, 'Olivia Owner'],
      ['accepted', viewer.email, 0, expect.stringMatching(/^Member/)],
      ['invited', viewer.email, 0, 'Olivia Owner'],
      ['accepted', collaborator.email, 2500, expect.stringMatching(/^Member/)],
      ['invited', collaborator.email, 0, 'Olivia Owner'],
    ]);
    const roleChange = audit.entries[2]!;
    expect(roleChange.previousState).toEqual({
      role: 'viewer',
      status: 'accepted',
    });
    expect(roleChange.newState).toEqual({ role: 'admin', status: 'accepted' });
    expect(
      await db('collaboration_audit_log')
        .where({ action_type: 'removed', product_id: product.productId })
        .first(),
    ).toMatchObject({
      billing_impact: '-25.00',
      action_by_user_id: product.ownerId,
    });
    const counts = await db('products').where({ id: product.productId }).first();
    expect(counts).toMatchObject({ collaborator_count: 0, billable_seats: 0 });
  });

  it('bills an annual product’s seat at a twelfth of its year', async () => {
    const product = await newProduct('annual');
    await join(product, 'admin');
    const audit = await client.listTeamAudit({
      userId: product.ownerId,
      productId: product.productId,
    });
    expect(audit.entries[0]).toMatchObject({ actionType: 'accepted', billingImpactCents: 2250 });
  });
});

describe('roadmaps shared on their own', () => {
  it('open that roadmap only, list among shared roadmaps, and end with it', async () => {
    const product = await newProduct();
    const roadmapId = randomUUID();
    const share = (email: string, permission: string) =>
      client.shareRoadmap({
        userId: product.ownerId,
        productId: product.productId,
        roadmapId,
        roadmapName: 'Q3 launch',
        email,
        permission,
        inviterName: 'Olivia Owner',
        inviterEmail: OWNER_EMAIL,
        ownerEmail: OWNER_EMAIL,
      });
    expect(await grpcError(share('rita@example.com', 'admin'))).toEqual(
      refused(status.INVALID_ARGUMENT, teamMessages.roadmapPermission),
    );
    const editor = await share('rita@example.com', 'edit');
    expect(editor.member).toMatchObject({
      role: 'roadmap',
      roadmapId,
      roadmapName: 'Q3 launch',
      roadmapPermission: 'edit',
      isBillable: true,
    });
    const reader = await share('rex@example.com', '');
    expect(reader.member).toMatchObject({ roadmapPermission: 'view', isBillable: false });
    expect((await client.getInvitation({ token: editor.token })).member?.roadmapId).toBe(roadmapId);

    const rita = randomUUID();
    await client.acceptInvitation({
      token: editor.token,
      userId: rita,
      email: 'rita@example.com',
      name: 'Rita',
    });
    expect(await access(rita, product, roadmapId)).toMatchObject({
      role: 'roadmap',
      roadmapPermission: 'edit',
      product: { accessRole: 'roadmap', billableSeats: 1, name: 'Lantern' },
    });
    expect(await grpcError(access(rita, product))).toEqual(productNotFound);
    expect(await grpcError(access(rita, product, randomUUID()))).toEqual(productNotFound);
    expect(
      await grpcError(client.listTeam({ userId: rita, productId: product.productId })),
    ).toEqual(productNotFound);
    expect((await client.listProducts({ userId: rita })).products).toEqual([]);
    expect((await replica.listSharedRoadmaps({ userId: rita })).roadmaps).toEqual([
      {
        roadmapId,
        roadmapName: 'Q3 launch',
        productId: product.productId,
        productName: 'Lantern',
        permission: 'edit',
      },
    ]);
    const shares = await client.listRoadmapShares({
      userId: product.ownerId,
      productId: product.productId,
      roadmapId,
    });
    expect(shares.members.map((m) => [m.email, m.status, m.roadmapPermission])).toEqual([
      ['rex@example.com', 'pending', 'view'],
      ['rita@example.com', 'accepted', 'edit'],
    ]);
    const team = await client.listTeam({ userId: product.ownerId, productId: product.productId });
    expect(team.members).toEqual([]);
    expect(team.memberCount).toBe(2);

    // A product member needs no share of a roadmap they already see.
    const member = await join(product, 'viewer');
    expect(await grpcError(share(member.email, 'view'))).toEqual(
      refused(status.ALREADY_EXISTS, teamMessages.alreadyMember),
    );
    expect((await access(member.userId, product, roadmapId)).role).toBe('viewer');

    // The roadmap is deleted: every share of it ends.
    expect(await access(rita, product, roadmapId)).toBeTruthy();
    await client.endRoadmapShares({
      userId: product.ownerId,
      productId: product.productId,
      roadmapId,
    });
    expect(
      await grpcError(replica.getAccess({ userId: rita, productId: product.productId, roadmapId })),
    ).toEqual(productNotFound);
    expect((await client.listSharedRoadmaps({ userId: rita })).roadmaps).toEqual([]);
    expect(
      (
        await client.listRoadmapShares({
          userId: product.ownerId,
          productId: product.productId,
          roadmapId,
        })
      ).members,
    ).toEqual([]);
    await eventually(
      () => eventsOf('collaboratorLeft', product.productId).length === 1 || undefined,
    );
    expect(eventsOf('collaboratorLeft', product.productId)[0]).toMatchObject({
      memberUserId: rita,
      role: 'roadmap',
      roadmapId,
      wasBillable: true,
      billableSeats: 0,
    });
    expect(eventsOf('collaboratorJoined', product.productId)[0]).toMatchObject({
      memberUserId: rita,
      role: 'roadmap',
      roadmapId,
      roadmapPermission: 'edit',
      billableSeats: 1,
    });
    const audit = await client.listTeamAudit({
      userId: product.ownerId,
      productId: product.productId,
    });
    expect(
      audit.entries
        .filter((e) => e.actionType === 'removed')
        .map((e) => [e.affectedEmail, e.billingImpactCents])
        .sort(),
    ).toEqual([
      ['rex@example.com', 0],
      ['rita@example.com', -2500],
    ]);
  });
});
