import { type ProductView, roleRefusal, type Standing, teamMessages } from '@chorus/contracts';
import { people, permissionMatrix } from './permission-matrix.table';
import {
  ok,
  world,
  PRODUCT_NAME,
  document,
  type Request,
  send,
  QUESTION_TEXT,
} from './permission-matrix.world';
import { requestFor, tokenOf, matches } from './permission-matrix.requests';

/*
 * The permission matrix (permission-matrix.table.ts) against the running
 * system: one product with its owner, an admin, a collaborator, a viewer, a
 * person its roadmap R was shared with (edit), a removed collaborator, a
 * stranger and nobody signed in; every route of the OpenAPI document, each
 * person in turn. Destructive calls that should succeed work on throwaway
 * resources made for that cell, so the shared ones stay for the rest.
 */

describe('product lists', () => {
  it('show each person their own products and those shared with them, with the role', async () => {
    const list = async (token: string) =>
      (await ok<ProductView[]>('GET', '/api/products', token)).map((p) => [
        p.name,
        p.role,
        p.sharedWithYou,
      ]);
    expect(await list(world.owner.token)).toEqual([[PRODUCT_NAME, 'owner', false]]);
    expect(await list(world.members.admin.token)).toEqual([[PRODUCT_NAME, 'admin', true]]);
    expect(await list(world.members.viewer.token)).toEqual([[PRODUCT_NAME, 'viewer', true]]);
    expect(await list(world.stranger.token)).toEqual([["Stranger's product", 'owner', false]]);
    expect(await list(world.members.removed.token)).toEqual([]);
    // A roadmap shared on its own is not the product: it is listed apart.
    expect(await list(world.members.roadmapOnly.token)).toEqual([]);
    const shared = await ok<{ roadmapId: string }[]>(
      'GET',
      '/api/shared-roadmaps',
      world.members.roadmapOnly.token,
    );
    expect(shared.map((r) => r.roadmapId)).toEqual([world.roadmapId]);
  });
});

describe('the permission matrix', () => {
  it('lists every route of the OpenAPI document, and no other', () => {
    const documented = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented.filter((route) => !(route in permissionMatrix))).toEqual([]);
    expect(Object.keys(permissionMatrix).filter((route) => !documented.includes(route))).toEqual(
      [],
    );
  });

  it('documents the product role each product-scoped route needs', () => {
    const roles = Object.fromEntries(
      Object.entries(document.paths).flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => [
          `${method.toUpperCase()} ${path}`,
          (operation as { 'x-product-role'?: string })['x-product-role'],
        ]),
      ),
    );
    for (const [route, row] of Object.entries(permissionMatrix)) {
      // Product-scoped: members get in or a 403, a removed member finds nothing.
      if (row.removed === 404 && row.viewer !== 404) {
        expect([route, roles[route]]).toEqual([route, expect.any(String)]);
      }
    }
  });

  it('answers each person exactly what the table says, and never shows P to those outside it', async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const [route, row] of Object.entries(permissionMatrix)) {
      const method = route.split(' ')[0]!;
      // The people who may not go first: a bug that lets them through shows on shared data.
      const order = [...people].sort((a, b) => Number(row[a] === '2xx') - Number(row[b] === '2xx'));
      for (const person of order) {
        const expected = row[person];
        let request: Request;
        try {
          request = await requestFor(route, person, expected);
        } catch (error) {
          failures.push(`${route} as ${person}: setting up failed: ${String(error)}`);
          continue;
        }
        const answer = await send(method, request.path, {
          token: request.token ?? tokenOf(person),
          body: request.raw === undefined ? request.body : undefined,
          raw: request.raw,
        });
        sent += 1;
        if (!matches(expected, answer)) {
          failures.push(
            `${route} as ${person}: expected ${expected}, got ${answer.status} ${answer.text.slice(0, 160)}`,
          );
          continue;
        }
        if (answer.status === 403 && row.owner !== 403) {
          const message = (answer.body as { message?: unknown } | undefined)?.message;
          // The refusal names what this person holds: their role, or their share of R.
          const held: Standing | undefined =
            person === 'roadmapOnly'
              ? { roadmap: 'edit' }
              : person === 'admin' || person === 'collaborator' || person === 'viewer'
                ? person
                : undefined;
          const refusals: unknown[] = [
            ...(held
              ? (['viewer', 'collaborator', 'admin', 'owner'] as const).map((needed) =>
                  roleRefusal(needed, held),
                )
              : []),
            teamMessages.otherEmail,
            'Admin access required',
          ];
          if (!refusals.includes(message)) {
            failures.push(`${route} as ${person}: 403 without the team's words: ${answer.text}`);
          }
        }
        if (
          ['roadmapOnly', 'removed', 'stranger'].includes(person) &&
          answer.status === 404 &&
          (answer.text.includes(PRODUCT_NAME) || answer.text.includes(QUESTION_TEXT))
        ) {
          failures.push(`${route} as ${person}: the 404 shows P's data: ${answer.text}`);
        }
        if (expected === '2xx' && request.cleanup) await request.cleanup(answer.body);
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBe(Object.keys(permissionMatrix).length * people.length);
  });
});
