import { z } from 'zod';
import type { RouteDescription } from './routing';

function jsonSchema(schema: z.ZodType): unknown {
  // Requests are described as clients send them (before transforms and defaults).
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
}

/** Express `:id` becomes OpenAPI `{id}`. */
function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

function pathParameters(path: string) {
  return [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => ({
    name: m[1],
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
}

function queryParameters(query?: z.ZodType) {
  if (!(query instanceof z.ZodObject)) return [];
  return Object.entries(query.shape as Record<string, z.ZodType>).map(([name, schema]) => ({
    name,
    in: 'query',
    required: !schema.safeParse(undefined).success,
    schema: jsonSchema(schema),
  }));
}

/** The optional header of routes declaring `idempotent` (see idempotency.ts). */
const idempotencyKeyParameter = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'One key per user action (at most 255 characters), kept 24 hours per user: the same key with the same request answers the first answer again (header Idempotent-Replayed: true) without doing the work twice',
  schema: { type: 'string', minLength: 1, maxLength: 255 },
};

/** The OpenAPI 3.1 document of every route declared through ApiRoutes. */
export function openApiDocument(routes: RouteDescription[], info: { version: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const operation: Record<string, unknown> = {
      summary: route.summary,
      tags: [route.tag],
      'x-access': route.access,
      parameters: [
        ...pathParameters(route.path),
        ...queryParameters(route.query),
        ...(route.idempotent ? [idempotencyKeyParameter] : []),
      ],
      responses: {
        [route.status]: { description: 'Success' },
        ...(route.body || route.params || route.query
          ? { 400: { description: 'Invalid input; `message` says what to fix' } }
          : {}),
        ...(route.access !== 'public' ? { 401: { description: 'No valid token' } } : {}),
        ...(route.access === 'admin' ? { 403: { description: 'Not an admin token' } } : {}),
        ...(route.product
          ? {
              403: { description: `Needs the product role ${route.product.role} or higher` },
              404: { description: 'Not found, or not shared with the signed-in user' },
            }
          : {}),
        ...(route.idempotent
          ? {
              409: {
                description: 'A request with the same Idempotency-Key is still being processed',
              },
              422: {
                description:
                  'The Idempotency-Key was already used with another method, path or body',
              },
            }
          : {}),
        ...(route.paidAction
          ? {
              402: {
                description:
                  "The product's subscription is not active; `message` says how to complete payment",
              },
            }
          : {}),
      },
      ...(route.paidAction ? { 'x-paid-action': route.paidAction } : {}),
      // The lowest product role the route needs (owner > admin > collaborator
      // > viewer), and what a person the roadmap was shared with on its own needs.
      ...(route.product
        ? {
            'x-product-role': route.product.role,
            ...(route.product.roadmap ? { 'x-roadmap-permission': route.product.roadmap } : {}),
          }
        : {}),
    };
    if (route.access !== 'public') operation.security = [{ bearer: [] }];
    if (route.rawBody) {
      // Read as bytes by the route itself (a signed webhook, a form post).
      operation.requestBody = {
        required: true,
        content: { '*/*': { schema: { type: 'string', format: 'binary' } } },
      };
    } else if (route.body) {
      operation.requestBody = {
        required: true,
        content: { 'application/json': { schema: jsonSchema(route.body) } },
      };
    }
    const path = openApiPath(route.path);
    paths[path] = { ...paths[path], [route.method]: operation };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Chorus API',
      version: info.version,
      description: 'Every route the Chorus web app calls. Errors answer { "message": string }.',
    },
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
    paths,
  };
}
