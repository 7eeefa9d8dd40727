import { roleRefusal, teamMessages } from '@chorus/contracts';
import { status } from '@grpc/grpc-js';
import { randomUUID } from 'node:crypto';
import {
  newProduct,
  invite,
  client,
  grpcError,
  refused,
  access,
  productNotFound,
  replica,
  newProductOf,
  join,
  collaboratorRows,
  db,
} from './teams-setup';

describe('an invitation, from sending to leaving', () => {
  it('lets a collaborator in with their role, and out again at once on every replica', async () => {
    const product = await newProduct();
    const sent = await invite(product, ' Ana@Example.com ', 'collaborator');
    expect(sent.productName).toBe('Lantern');
    expect(sent.member).toMatchObject({
      email: 'ana@example.com',
      role: 'collaborator',
      status: 'pending',
      invitedByName: 'Olivia Owner',
      isBillable: true,
      userId: '',
    });
    expect(sent.member!.expiresAt!.getTime() - sent.member!.invitedAt!.getTime()).toBe(
      7 * 24 * 3600 * 1000,
    );

    const shown = await client.getInvitation({ token: sent.token });
    expect(shown).toMatchObject({
      productName: 'Lantern',
      member: { email: 'ana@example.com', role: 'collaborator', invitedByName: 'Olivia Owner' },
    });

    const ana = randomUUID();
    expect(
      await grpcError(
        client.acceptInvitation({
          token: sent.token,
          userId: ana,
          email: 'bob@example.com',
          name: 'Bob',
        }),
      ),
    ).toEqual(refused(status.PERMISSION_DENIED, teamMessages.otherEmail));
    expect(
      await grpcError(
        client.acceptInvitation({
          token: sent.token,
          userId: product.ownerId,
          email: 'ana@example.com',
          name: 'Olivia',
        }),
      ),
    ).toEqual(refused(status.FAILED_PRECONDITION, teamMessages.inviteOwner));
    // Before accepting, the product is as absent to her as to anyone.
    expect(await grpcError(access(ana, product))).toEqual(productNotFound);
    // Warm the second replica's memory of her (no access yet).
    expect(
      await grpcError(replica.getAccess({ userId: ana, productId: product.productId })),
    ).toEqual(productNotFound);

    const accepted = await client.acceptInvitation({
      token: sent.token,
      userId: ana,
      email: 'ANA@example.com',
      name: 'Ana Lima',
    });
    expect(accepted.member).toMatchObject({ status: 'accepted', userId: ana, name: 'Ana Lima' });
    expect(
      await grpcError(
        client.acceptInvitation({
          token: sent.token,
          userId: ana,
          email: 'ana@example.com',
          name: 'Ana',
        }),
      ),
    ).toEqual(refused(status.FAILED_PRECONDITION, teamMessages.invitationUsed));

    // Both replicas let her in at once.
    for (const catalog of [client, replica]) {
      const answer = await catalog.getAccess({ userId: ana, productId: product.productId });
      expect(answer).toMatchObject({
        role: 'collaborator',
        roadmapPermission: '',
        product: {
          id: product.productId,
          userId: product.ownerId,
          accessRole: 'collaborator',
          billableSeats: 1,
          collaboratorCount: 1,
        },
      });
    }
    expect(
      (await client.getAccess({ userId: product.ownerId, productId: product.productId })).role,
    ).toBe('owner');

    // My Products: hers shows it with her role; the owner's with theirs.
    const own = await newProductOf(ana, 'Ana’s own');
    const hers = await client.listProducts({ userId: ana });
    expect(hers.products.map((p) => [p.id, p.accessRole, p.billableSeats])).toEqual([
      [own, 'owner', 0],
      [product.productId, 'collaborator', 1],
    ]);
    const owners = await client.listProducts({ userId: product.ownerId });
    expect(owners.products.map((p) => [p.id, p.accessRole, p.billableSeats])).toEqual([
      [product.productId, 'owner', 1],
    ]);
    expect(
      (await client.getProduct({ userId: ana, productId: product.productId })).product?.accessRole,
    ).toBe('collaborator');

    // The team page, as she sees it.
    const team = await client.listTeam({ userId: ana, productId: product.productId });
    expect(team.product?.accessRole).toBe('collaborator');
    expect(team.memberCount).toBe(1);
    expect(team.members.map((m) => [m.email, m.status, m.name])).toEqual([
      ['ana@example.com', 'accepted', 'Ana Lima'],
    ]);

    // Down to viewer: she can still read, the bill loses the seat.
    const changed = await client.changeMemberRole({
      userId: product.ownerId,
      productId: product.productId,
      memberId: sent.member!.id,
      role: 'viewer',
      actorName: 'Olivia Owner',
    });
    expect(changed.member).toMatchObject({ role: 'viewer', isBillable: false });
    expect(await replica.getAccess({ userId: ana, productId: product.productId })).toMatchObject({
      role: 'viewer',
      product: { accessRole: 'viewer', billableSeats: 0 },
    });

    // Removed: the very next request on either replica answers NOT_FOUND.
    await client.removeMember({
      userId: product.ownerId,
      productId: product.productId,
      memberId: sent.member!.id,
      actorName: 'Olivia Owner',
    });
    expect(
      await grpcError(replica.getAccess({ userId: ana, productId: product.productId })),
    ).toEqual(productNotFound);
    expect(await grpcError(access(ana, product))).toEqual(productNotFound);
    expect(
      await grpcError(replica.getProduct({ userId: ana, productId: product.productId })),
    ).toEqual(productNotFound);
    expect((await replica.listProducts({ userId: ana })).products.map((p) => p.id)).toEqual([own]);
    // And the member is gone from the team page (the audit log keeps it).
    expect(
      (await client.listTeam({ userId: product.ownerId, productId: product.productId })).members,
    ).toEqual([]);
  });

  it('lets a member leave, and never the owner', async () => {
    const product = await newProduct();
    const viewer = await join(product, 'viewer');
    expect(
      (await replica.getAccess({ userId: viewer.userId, productId: product.productId })).role,
    ).toBe('viewer');
    await client.leaveProduct({
      userId: viewer.userId,
      productId: product.productId,
      actorName: 'V',
    });
    expect(
      await grpcError(replica.getAccess({ userId: viewer.userId, productId: product.productId })),
    ).toEqual(productNotFound);
    expect(
      await grpcError(
        client.leaveProduct({
          userId: viewer.userId,
          productId: product.productId,
          actorName: 'V',
        }),
      ),
    ).toEqual(productNotFound);
    expect(
      await grpcError(
        client.leaveProduct({
          userId: product.ownerId,
          productId: product.productId,
          actorName: 'O',
        }),
      ),
    ).toEqual(refused(status.FAILED_PRECONDITION, teamMessages.ownerCannotLeave));
    const [row] = await collaboratorRows(product.productId);
    expect(row).toMatchObject({ invitation_status: 'left', is_active: false });
  });

  it('ends every membership when the product is deleted', async () => {
    const product = await newProduct();
    const member = await join(product, 'admin');
    expect(
      (await replica.getAccess({ userId: member.userId, productId: product.productId })).role,
    ).toBe('admin');
    await client.deleteProduct({ userId: product.ownerId, productId: product.productId });
    expect(
      await grpcError(replica.getAccess({ userId: member.userId, productId: product.productId })),
    ).toEqual(productNotFound);
    expect((await replica.listProducts({ userId: member.userId })).products).toEqual([]);
    expect(await collaboratorRows(product.productId)).toEqual([]);
    expect(
      await db('collaboration_audit_log').where({ product_id: product.productId }).count('* as n'),
    ).toEqual([{ n: '0' }]);
  });
});

describe('who may manage the team', () => {
  it('lets owners and admins manage, tells other members what it takes, hides it from strangers', async () => {
    const product = await newProduct();
    const admin = await join(product, 'admin');
    const collaborator = await join(product, 'collaborator');
    const viewer = await join(product, 'viewer');

    const byAdmin = await invite(product, 'new@example.com', 'viewer', admin.userId);
    expect(byAdmin.member?.invitedByName).toBe('Adam Admin');
    // Each is told what their own role lets them do, and who may do this.
    for (const [member, role] of [
      [collaborator, 'collaborator'],
      [viewer, 'viewer'],
    ] as const) {
      expect(
        await grpcError(invite(product, 'other@example.com', 'viewer', member.userId)),
      ).toEqual(refused(status.PERMISSION_DENIED, roleRefusal('admin', role)));
      expect(
        await grpcError(
          client.listTeamAudit({ userId: member.userId, productId: product.productId }),
        ),
      ).toEqual(refused(status.PERMISSION_DENIED, roleRefusal('admin', role)));
    }
    const stranger = randomUUID();
    expect(await grpcError(invite(product, 'other@example.com', 'viewer', stranger))).toEqual(
      productNotFound,
    );
    expect(
      await grpcError(client.listTeam({ userId: stranger, productId: product.productId })),
    ).toEqual(productNotFound);
    // The viewer may read the team; the admin may change it.
    expect(
      (await client.listTeam({ userId: viewer.userId, productId: product.productId })).memberCount,
    ).toBe(4);
    await client.changeMemberRole({
      userId: admin.userId,
      productId: product.productId,
      memberId: viewer.memberId,
      role: 'collaborator',
      actorName: 'Adam Admin',
    });

    // Nobody removes the owner.
    for (const by of [admin.userId, product.ownerId]) {
      expect(
        await grpcError(
          client.removeMember({
            userId: by,
            productId: product.productId,
            memberId: product.ownerId,
            actorName: '',
          }),
        ),
      ).toEqual(refused(status.FAILED_PRECONDITION, teamMessages.ownerCannotBeRemoved));
    }
    expect(
      await grpcError(
        client.removeMember({
          userId: product.ownerId,
          productId: product.productId,
          memberId: randomUUID(),
          actorName: '',
        }),
      ),
    ).toEqual(refused(status.NOT_FOUND, teamMessages.memberNotFound));
    expect(
      await grpcError(
        client.changeMemberRole({
          userId: product.ownerId,
          productId: product.productId,
          memberId: collaborator.memberId,
          role: 'owner',
          actorName: '',
        }),
      ),
    ).toEqual(refused(status.INVALID_ARGUMENT, teamMessages.role));
  });
});
