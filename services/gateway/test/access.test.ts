import { teamMessages } from '@chorus/contracts';
import { Product } from '@chorus/proto/catalog/v1/products';
import { Member } from '@chorus/proto/catalog/v1/teams';
import { status } from '@grpc/grpc-js';
import {
  type AccessAuthority,
  accessAuthority,
  checkAccess,
  type ProductNeed,
} from '../src/access';
import { toProductView } from '../src/catalog-views';
import type { ServiceClients } from '../src/clients';
import { requireSameBill } from '../src/entitlements';
import { HttpError } from '../src/http-errors';
import { openApiDocument } from '../src/openapi';
import { toAuditEntryView, toTeamView } from '../src/teams-views';
import { invitationError } from '../src/workflows/teams';

/** A gRPC failure as the promise clients throw it. */
function grpcError(code: status, details: string): Error {
  return Object.assign(new Error(details), { code, details });
}

function refusal(run: () => unknown): { status: number; message: string } | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    if (error instanceof HttpError) return { status: error.status, message: error.message };
    throw error;
  }
}

const product = (fields: Partial<Product> = {}) =>
  Product.fromPartial({
    id: 'p1',
    userId: 'owner-1',
    name: 'Acme',
    billingCycle: 'monthly',
    personaCount: 3,
    ...fields,
  });

describe('the access rule', () => {
  const read: ProductNeed = { from: 'id', role: 'viewer' };
  const edit: ProductNeed = { from: 'id', role: 'collaborator' };
  const manage: ProductNeed = { from: 'id', role: 'admin' };
  const own: ProductNeed = { from: 'id', role: 'owner' };

  it('lets each role do what it ranks for and refuses the rest naming the role held', () => {
    expect(refusal(() => checkAccess(read, 'viewer', undefined))).toBeUndefined();
    expect(refusal(() => checkAccess(edit, 'viewer', undefined))).toEqual({
      status: 403,
      message: 'You are a viewer of this product: you can read it but not change it.',
    });
    expect(refusal(() => checkAccess(edit, 'collaborator', undefined))).toBeUndefined();
    expect(refusal(() => checkAccess(manage, 'collaborator', undefined))).toEqual({
      status: 403,
      message:
        'You are a collaborator of this product: you can work on it, but only its owner or a team admin can do this.',
    });
    expect(refusal(() => checkAccess(manage, 'admin', undefined))).toBeUndefined();
    expect(refusal(() => checkAccess(own, 'admin', undefined))).toEqual({
      status: 403,
      message:
        'You are an admin of this product: you can work on it and manage its team, but only its owner can do this.',
    });
    expect(refusal(() => checkAccess(own, 'owner', undefined))).toBeUndefined();
  });

  it("shows a roadmap-only person nothing of the product's own routes", () => {
    expect(refusal(() => checkAccess(read, 'roadmap', 'edit'))).toEqual({
      status: 404,
      message: 'Product not found',
    });
    expect(
      refusal(() => checkAccess({ from: 'productId', role: 'viewer' }, 'roadmap', 'edit')),
    ).toEqual({ status: 404, message: 'Product not found' });
  });

  it('lets a roadmap-only person read with view and edit only with edit', () => {
    const readRoadmap: ProductNeed = { from: 'roadmap', role: 'viewer', roadmap: 'view' };
    const editItem: ProductNeed = { from: 'item', role: 'collaborator', roadmap: 'edit' };
    expect(refusal(() => checkAccess(readRoadmap, 'roadmap', 'view'))).toBeUndefined();
    expect(refusal(() => checkAccess(readRoadmap, 'roadmap', 'edit'))).toBeUndefined();
    expect(refusal(() => checkAccess(editItem, 'roadmap', 'edit'))).toBeUndefined();
    expect(refusal(() => checkAccess(editItem, 'roadmap', 'view'))).toEqual({
      status: 403,
      message: 'Your share of this roadmap lets you view it, not change it.',
    });
    // A roadmap route that says nothing of shares is not theirs, in words naming the share.
    expect(
      refusal(() => checkAccess({ from: 'roadmap', role: 'admin' }, 'roadmap', 'edit')),
    ).toEqual({
      status: 403,
      message:
        'Your share of this roadmap lets you view and edit it, nothing else of the product: only its owner or a team admin can do this.',
    });
    expect(
      refusal(() => checkAccess({ from: 'shareLink', role: 'collaborator' }, 'roadmap', 'edit')),
    ).toEqual({
      status: 403,
      message:
        'Your share of this roadmap lets you view and edit it, nothing else of the product: it takes the collaborator role; ask its owner or a team admin.',
    });
    expect(refusal(() => checkAccess(editItem, 'roadmap', 'edit'))).toBeUndefined();
  });
});

describe('the access authority', () => {
  function authority(answers: {
    locate?: () => Promise<unknown>;
    access: (request: {
      userId: string;
      productId: string;
      roadmapId?: string;
    }) => Promise<unknown>;
  }): { authority: AccessAuthority; calls: unknown[] } {
    const calls: unknown[] = [];
    const clients = {
      roadmap: {
        locateRoadmap: (request: unknown) => {
          calls.push(['locate', request]);
          return answers.locate!();
        },
      },
      catalog: {
        getAccess: (request: { userId: string; productId: string; roadmapId?: string }) => {
          calls.push(['access', request]);
          return answers.access(request);
        },
      },
    } as unknown as Pick<ServiceClients, 'catalog' | 'roadmap'>;
    return { authority: accessAuthority(clients), calls };
  }

  async function outcome(promise: Promise<unknown>) {
    try {
      return await promise;
    } catch (error) {
      return error instanceof HttpError ? { status: error.status, message: error.message } : error;
    }
  }

  it("answers the owner's id for the handler to act as", async () => {
    const { authority: check, calls } = authority({
      access: async () => ({ role: 'collaborator', roadmapPermission: '', product: product() }),
    });
    const access = await check.resolve({ from: 'id', role: 'viewer' }, { id: 'p1' }, 'member-1');
    expect(access).toMatchObject({ productId: 'p1', ownerId: 'owner-1', role: 'collaborator' });
    expect(calls).toEqual([['access', { userId: 'member-1', productId: 'p1' }]]);
  });

  it("answers no access with the route's own 404", async () => {
    const missing = async () => Promise.reject(grpcError(status.NOT_FOUND, 'Product not found'));
    expect(
      await outcome(
        authority({ access: missing }).authority.resolve(
          { from: 'productId', role: 'viewer' },
          { productId: 'p1' },
          'stranger',
        ),
      ),
    ).toEqual({ status: 404, message: 'Product not found' });
    const located = async () => ({ productId: 'p1', roadmapId: 'r1', roadmapName: 'Q3' });
    expect(
      await outcome(
        authority({ locate: located, access: missing }).authority.resolve(
          { from: 'roadmap', role: 'viewer', roadmap: 'view' },
          { id: 'r1' },
          'stranger',
        ),
      ),
    ).toEqual({ status: 404, message: 'Roadmap not found' });
    const unknown = async () => Promise.reject(grpcError(status.NOT_FOUND, 'no such item'));
    expect(
      await outcome(
        authority({ locate: unknown, access: missing }).authority.resolve(
          { from: 'item', role: 'viewer' },
          { id: 'i1' },
          'stranger',
        ),
      ),
    ).toEqual({ status: 404, message: 'Roadmap item not found' });
    expect(
      await outcome(
        authority({ locate: unknown, access: missing }).authority.resolve(
          { from: 'shareLink', role: 'viewer' },
          { id: 's1' },
          'stranger',
        ),
      ),
    ).toEqual({ status: 404, message: 'Share link not found' });
  });

  it("asks about the item's roadmap, so a person it was shared with passes", async () => {
    const { authority: check, calls } = authority({
      locate: async () => ({ productId: 'p1', roadmapId: 'r1', roadmapName: 'Q3' }),
      access: async () => ({ role: 'roadmap', roadmapPermission: 'edit', product: product() }),
    });
    const access = await check.resolve(
      { from: 'item', role: 'collaborator', roadmap: 'edit' },
      { id: 'i1' },
      'shared-1',
    );
    expect(access).toMatchObject({
      productId: 'p1',
      ownerId: 'owner-1',
      role: 'roadmap',
      roadmapId: 'r1',
      roadmapName: 'Q3',
      roadmapPermission: 'edit',
    });
    expect(calls).toEqual([
      ['locate', { itemId: 'i1' }],
      ['access', { userId: 'shared-1', productId: 'p1', roadmapId: 'r1' }],
    ]);
  });

  it('passes on a service failure other than not found', async () => {
    const down = grpcError(status.UNAVAILABLE, 'down');
    const { authority: check } = authority({ access: async () => Promise.reject(down) });
    await expect(check.resolve({ from: 'id', role: 'viewer' }, { id: 'p1' }, 'u')).rejects.toBe(
      down,
    );
  });
});

describe('persona changes and the bill', () => {
  const member = (personaCount: number) => ({
    role: 'collaborator' as const,
    product: product({ personaCount, billableSeats: 1 }),
  });

  it('lets a member change personas within what the plan includes', () => {
    expect(refusal(() => requireSameBill(member(3), 1))).toBeUndefined();
    expect(refusal(() => requireSameBill(member(10), -1))).toBeUndefined();
  });

  it('leaves a change of the bill to the owner', () => {
    expect(refusal(() => requireSameBill(member(10), 1))).toEqual({
      status: 403,
      message: teamMessages.billChange,
    });
    expect(refusal(() => requireSameBill(member(11), -1))).toEqual({
      status: 403,
      message: teamMessages.billChange,
    });
    expect(
      refusal(() => requireSameBill({ role: 'owner', product: product({ personaCount: 10 }) }, 1)),
    ).toBeUndefined();
  });
});

describe('team views', () => {
  it("shows a shared product with the member's role and the seats in its rate", () => {
    const view = toProductView(product({ accessRole: 'collaborator', billableSeats: 2 }));
    expect(view).toMatchObject({ role: 'collaborator', sharedWithYou: true, seats: 2 });
    expect(view.billing.monthlyRate).toBe(75);
    // A viewer sees the content, not what the owner pays.
    const viewed = toProductView(
      product({
        accessRole: 'viewer',
        billableSeats: 2,
        subscriptionStartDate: new Date('2026-11-01T00:00:00Z'),
        subscriptionEndDate: new Date('2026-12-01T00:00:00Z'),
      }),
    );
    expect(viewed).toMatchObject({
      role: 'viewer',
      seats: null,
      billing: { personaCount: viewed.billing.personaCount, monthlyRate: null },
      subscriptionStartDate: null,
      subscriptionEndDate: null,
    });
    const owned = toProductView(product({ accessRole: '' }));
    expect(owned).toMatchObject({ role: 'owner', sharedWithYou: false, seats: 0 });
    expect(owned.billing.monthlyRate).toBe(25);
  });

  it('prices the team per seat, annual products at a twelfth of the discounted year', () => {
    const monthly = toTeamView(
      { product: product({ billableSeats: 3 }), members: [], memberCount: 4 },
      'admin',
      { name: 'Olive Owner', email: 'olive@example.com' },
    );
    expect(monthly).toMatchObject({
      billableSeats: 3,
      seatMonthlyCents: 2500,
      monthlyTeamCostCents: 7500,
      maxCollaborators: 50,
      memberCount: 4,
      yourRole: 'admin',
    });
    const annual = toTeamView(
      {
        product: product({ billableSeats: 1, billingCycle: 'annual' }),
        members: [],
        memberCount: 1,
      },
      'owner',
      { name: 'Olive Owner', email: 'olive@example.com' },
    );
    expect(annual.seatMonthlyCents).toBe(2250);
  });

  const row = (fields: Partial<Member>) =>
    Member.fromPartial({ role: 'collaborator', status: 'accepted', isBillable: true, ...fields });
  const team = {
    product: product({ billableSeats: 1 }),
    members: [
      row({ id: 'm1', email: 'casey@example.com', name: 'Casey Collins', userId: 'u-casey' }),
      row({ id: 'm2', email: 'vera@example.com', name: 'Vera Vance', userId: 'u-vera' }),
      row({ id: 'm3', email: 'pat@example.com', status: 'pending' }),
      row({
        id: 'm4',
        email: 'free@example.com',
        status: 'pending',
        role: 'viewer',
        isBillable: false,
      }),
    ],
    memberCount: 4,
  };
  const owner = { name: 'Olive Owner', email: 'olive@example.com' };

  it('counts an invitation to a paid role as a pending seat, with its price', () => {
    expect(toTeamView(team, 'owner', owner, 'owner-1')).toMatchObject({
      billableSeats: 1,
      monthlyTeamCostCents: 2500,
      pendingSeats: 1,
      pendingMonthlyCostCents: 2500,
    });
  });

  it("gives a viewer the members' names only: no e-mails, invitations or billing", () => {
    const view = toTeamView(team, 'viewer', owner, 'u-vera');
    expect(view.owner).toEqual({ name: 'Olive Owner', email: null });
    expect(view.members.map((member) => [member.name, member.email])).toEqual([
      ['Casey Collins', null],
      ['Vera Vance', 'vera@example.com'],
    ]);
    expect(view).toMatchObject({
      billableSeats: null,
      seatMonthlyCents: null,
      monthlyTeamCostCents: null,
      pendingSeats: null,
      pendingMonthlyCostCents: null,
    });
    expect(JSON.stringify(view)).not.toMatch(/casey@|pat@|free@|olive@/);
  });

  it('shows the billing impact of an audit entry in dollars', () => {
    const entry = toAuditEntryView({
      id: 'a1',
      productId: 'p1',
      collaboratorId: 'm1',
      actionType: 'removed',
      actionByUserId: 'owner-1',
      actionByName: 'Olive Owner',
      affectedEmail: 'casey@example.com',
      previousState: { role: 'collaborator', status: 'accepted' },
      billingImpactCents: -2500,
      effectiveDate: new Date('2026-11-25T12:00:00Z'),
    });
    expect(entry).toMatchObject({
      actionType: 'removed',
      billingImpact: -25,
      previousState: { role: 'collaborator', status: 'accepted' },
      newState: null,
      effectiveDate: '2026-11-25T12:00:00.000Z',
    });
  });
});

describe('invitation errors', () => {
  it('maps each reason an invitation cannot be used to its own answer', () => {
    const mapped = (code: status, details: string) => {
      const error = invitationError(grpcError(code, details));
      return error instanceof HttpError ? [error.status, error.message] : error;
    };
    expect(mapped(status.NOT_FOUND, 'x')).toEqual([404, teamMessages.invitationUnknown]);
    expect(mapped(status.FAILED_PRECONDITION, teamMessages.invitationExpired)).toEqual([
      410,
      teamMessages.invitationExpired,
    ]);
    expect(mapped(status.FAILED_PRECONDITION, teamMessages.invitationRevoked)).toEqual([
      410,
      teamMessages.invitationRevoked,
    ]);
    expect(mapped(status.FAILED_PRECONDITION, teamMessages.invitationDeclined)).toEqual([
      410,
      teamMessages.invitationDeclined,
    ]);
    expect(mapped(status.FAILED_PRECONDITION, teamMessages.invitationUsed)).toEqual([
      409,
      teamMessages.invitationUsed,
    ]);
  });
});

describe('the OpenAPI document', () => {
  it("documents a route's product role and roadmap permission", () => {
    const document = openApiDocument(
      [
        {
          method: 'get',
          path: '/api/roadmaps/:id',
          summary: 'A roadmap',
          tag: 'roadmaps',
          access: 'user',
          status: 200,
          product: { from: 'roadmap', role: 'viewer', roadmap: 'view' },
        },
      ],
      { version: 'test' },
    );
    const operation = document.paths['/api/roadmaps/{id}']!.get as Record<string, unknown>;
    expect(operation['x-product-role']).toBe('viewer');
    expect(operation['x-roadmap-permission']).toBe('view');
    expect(Object.keys(operation.responses as object)).toEqual(
      expect.arrayContaining(['403', '404']),
    );
  });
});
