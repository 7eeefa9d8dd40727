import { seatChangeCost, teamMessages } from '@chorus/contracts';
import {
  auditChangeText,
  billingImpactText,
  pendingSeatsLine,
  productRights,
  seatChangeText,
  teamCostLine,
} from '../src/ui/team';

describe('the team cost line', () => {
  it.each([
    [2, 2500, '2 seats × $25.00 = $50.00 per month'],
    [1, 2500, '1 seat × $25.00 = $25.00 per month'],
    [3, 2250, '3 seats × $22.50 = $67.50 per month'],
    [0, 2500, 'No paid seats: viewers are free.'],
  ])('%i seats at %i cents: %s', (seats, cents, line) => {
    expect(teamCostLine(seats, cents)).toBe(line);
  });
  it('says a seat is pending, not that there are none for good', () => {
    expect(teamCostLine(0, 2500, 1)).toBe('No paid seats yet.');
    expect(teamCostLine(1, 2500, 1)).toBe('1 seat × $25.00 = $25.00 per month');
  });
  it('prices pending seats once accepted', () => {
    expect(pendingSeatsLine(2, 2500)).toBe(
      '2 pending seats: +$50.00 per month once their invitations are accepted',
    );
    expect(pendingSeatsLine(0, 2500)).toBe('');
  });
});

describe('what an invitation changes on the bill', () => {
  const product = { billingCycle: 'monthly' as const, personaCount: 10 };
  it('a seat adds $25.00 a month, prorated', () => {
    const { monthlyChangeCents } = seatChangeCost(product, 1, 2);
    expect(seatChangeText(monthlyChangeCents)).toBe(
      '+$25.00 per month, prorated from today on the next invoice.',
    );
  });
  it('a viewer changes nothing', () => {
    const { monthlyChangeCents } = seatChangeCost(product, 1, 1);
    expect(seatChangeText(monthlyChangeCents)).toBe(
      'Viewers are free — your bill does not change.',
    );
  });
});

describe('an audit entry in words', () => {
  it.each([
    [25, '+$25.00'],
    [-25, '-$25.00'],
    [0, '$0.00'],
    [22.5, '+$22.50'],
  ])('billing impact %d reads %s', (dollars, text) => {
    expect(billingImpactText(dollars)).toBe(text);
  });

  it.each([
    [null, { role: 'collaborator', status: 'pending' }, 'Collaborator, pending'],
    [
      { role: 'viewer', status: 'accepted' },
      { role: 'collaborator', status: 'accepted' },
      'Viewer, accepted → Collaborator, accepted',
    ],
    [{ role: 'admin', status: 'accepted' }, null, 'Admin, accepted'],
    [
      null,
      { role: 'roadmap', roadmapName: 'Q3 plan', permission: 'edit', status: 'pending' },
      'Roadmap only, Q3 plan, can edit, pending',
    ],
    [null, null, '—'],
  ])('%j → %j reads %s', (previousState, newState, text) => {
    expect(auditChangeText({ previousState, newState })).toBe(text);
  });
});

describe('the controls a role allows', () => {
  it.each([
    ['owner', true, true, true, true],
    ['admin', true, true, true, false],
    ['collaborator', true, true, false, false],
    ['viewer', false, false, false, false],
  ] as const)(
    '%s: edit %s, personas %s, team %s, billing %s',
    (role, edit, personas, team, owner) => {
      const rights = productRights(role);
      expect([
        rights.canEdit,
        rights.canChoosePersonas,
        rights.canManageTeam,
        rights.isOwner,
      ]).toEqual([edit, personas, team, owner]);
    },
  );

  it('a viewer is told why a control is disabled, a member why the bill is not theirs', () => {
    expect(productRights('viewer').editRefusal).toBe(
      'You are a viewer of this product: you can read it but not change it.',
    );
    expect(productRights('collaborator').editRefusal).toBeUndefined();
    expect(productRights('collaborator').billRefusal).toBe(teamMessages.billChange);
    expect(productRights('owner').billRefusal).toBeUndefined();
  });
});
