import {
  createCustomPersonaRequest,
  type CustomPersonaDraft,
  type CustomPersonaSource,
  customPersonaMessages,
  editCustomPersonaRequest,
  type GivenTraits,
  importCustomersRequest,
  parseCustomerCsv,
  parseDescriptionFacts,
  type PersonaSourceFacts,
  type ProductPersonaView,
  traitProvenance,
  productActions,
} from '@chorus/contracts';
import type { CustomPersonaDraft as CustomPersonaDraftMessage } from '@chorus/proto/catalog/v1/personas';
import type { PersonaProfile } from '@chorus/proto/inference/v1/answers';
import type { BuiltPersona } from '@chorus/proto/inference/v1/panels';
import { customDraftToMessage, customEditToMessage } from '@chorus/service-kit/wire';
import { z } from 'zod';
import { toPersonaView } from '../catalog-views';
import type { ServiceClients } from '../clients';
import { requireSameBill } from '../entitlements';
import { HttpError } from '../http-errors';
import type { ApiRoutes } from '../routing';
import { productParams } from './products';

/** Building 100 customers with a model takes a few seconds; retries may take longer. */
const BUILD_TIMEOUT_MS = 120_000;

function givenMessage(given: GivenTraits) {
  return { ...given, gender: given.gender ?? undefined };
}

/** The library templates as the examples persona inference composes from. */
async function templateProfiles(clients: ServiceClients): Promise<PersonaProfile[]> {
  const { templates } = await clients.catalog.listTemplates({});
  return templates.map((template) => ({
    personaId: template.id,
    name: template.name,
    age: template.age,
    gender: template.gender ?? '',
    occupation: template.occupation,
    location: template.location,
    income: template.income,
    lifestyle: template.lifestyle,
    motivations: template.motivations,
    personality: template.personality,
    safetyScores: template.safetyScores,
  }));
}

/** A built persona as the catalog stores it, with each trait's provenance. */
function draftOf(
  built: BuiltPersona,
  source: {
    kind: CustomPersonaSource;
    text: string;
    fileName: string;
    customTraits?: Record<string, string>;
  },
  builtBy: string,
): CustomPersonaDraft {
  const persona = built.persona!;
  return {
    traits: {
      name: persona.name,
      age: persona.age,
      gender: persona.gender || null,
      occupation: persona.occupation,
      location: persona.location,
      income: persona.income,
      lifestyle: persona.lifestyle,
      motivations: persona.motivations,
      personality: persona.personality,
    },
    safetyScores: persona.safetyScores!,
    custom: {
      source: source.kind,
      sourceText: source.text,
      fileName: source.fileName,
      provenance: traitProvenance({}, built.givenFields),
      builtBy,
      ...(source.customTraits && Object.keys(source.customTraits).length > 0
        ? { customTraits: source.customTraits }
        : {}),
    },
  };
}

/**
 * Personas of the business's own customers, beside the template library:
 * the gateway reads the description or the CSV (contracts), persona
 * inference fills in what the source leaves out, and the catalog stores each
 * as a persona of the product, counted in its persona price.
 */
export function customPersonaRoutes(routes: ApiRoutes, deps: { clients: ServiceClients }): void {
  const { clients } = deps;
  const { catalog, inference } = clients;

  async function build(sources: PersonaSourceFacts[]) {
    return inference.buildPersonas(
      {
        sources: sources.map((source) => ({
          text: source.text,
          given: givenMessage(source.given),
        })),
        templates: await templateProfiles(clients),
      },
      { timeoutMs: BUILD_TIMEOUT_MS },
    );
  }

  routes.add({
    method: 'post',
    path: '/api/products/:id/custom-personas',
    summary:
      "Create a persona of one of the business's own customers from a description; each trait says whether the description gave it or the engine inferred it",
    tag: 'personas',
    access: 'user',
    idempotent: true,
    product: { from: 'id', role: productActions.choosePersonas },
    paidAction: 'addPersonas',
    status: 201,
    params: productParams,
    body: createCustomPersonaRequest,
    async handler({ access, params, body }) {
      requireSameBill(access, 1);
      const source = { text: body.description, given: parseDescriptionFacts(body.description) };
      const built = await build([source]);
      const result = built.personas[0];
      if (!result?.persona) {
        throw new HttpError(503, result?.failure || customPersonaMessages.buildFailed);
      }
      const { personas } = await catalog.createCustomPersonas({
        userId: access.ownerId,
        productId: params.id,
        drafts: [
          customDraftToMessage(
            draftOf(
              result,
              { kind: 'description', text: body.description, fileName: '' },
              built.builtBy,
            ),
          ),
        ],
      });
      return toPersonaView(personas[0]!);
    },
  });

  routes.add({
    method: 'post',
    path: '/api/products/:id/custom-personas/import',
    summary:
      'Import personas from a CSV of customer records or interview notes (one row per customer, at most 100 rows and 1 MB); rows that cannot be used are listed with the reason',
    tag: 'personas',
    access: 'user',
    idempotent: true,
    product: { from: 'id', role: productActions.choosePersonas },
    paidAction: 'addPersonas',
    status: 201,
    params: productParams,
    body: importCustomersRequest,
    bodyLimit: '1mb',
    async handler({ access, params, body }): Promise<{
      personas: ProductPersonaView[];
      skipped: { row: number; reason: string }[];
    }> {
      const parsed = parseCustomerCsv(body.csv);
      if (!parsed.ok) throw new HttpError(400, parsed.message);
      const skipped = [...parsed.skipped];
      if (parsed.rows.length === 0) {
        const first = skipped[0];
        throw new HttpError(
          400,
          `No customer in the file could be used${first ? ` (row ${first.row}: ${first.reason})` : ''}.`,
        );
      }
      // Before any persona is built: every usable row may become one.
      requireSameBill(access, parsed.rows.length);
      const built = await build(
        parsed.rows.map((row) => ({ text: row.sourceText, given: row.given })),
      );
      const drafts: CustomPersonaDraftMessage[] = [];
      built.personas.forEach((result, index) => {
        const row = parsed.rows[index]!;
        if (!result.persona) {
          skipped.push({
            row: row.row,
            reason: result.failure || customPersonaMessages.buildFailed,
          });
          return;
        }
        drafts.push(
          customDraftToMessage(
            draftOf(
              result,
              {
                kind: 'csv',
                text: row.sourceText,
                fileName: body.fileName,
                customTraits: row.customTraits,
              },
              built.builtBy,
            ),
          ),
        );
      });
      skipped.sort((a, b) => a.row - b.row);
      if (drafts.length === 0) {
        throw new HttpError(503, skipped[0]?.reason ?? customPersonaMessages.buildFailed);
      }
      const { personas } = await catalog.createCustomPersonas({
        userId: access.ownerId,
        productId: params.id,
        drafts,
      });
      return { personas: personas.map(toPersonaView), skipped };
    },
  });

  routes.add({
    method: 'patch',
    path: '/api/products/:id/custom-personas/:personaId',
    summary:
      "Edit a custom persona's traits (name, age, gender, occupation, location, income, lifestyle, motivations, personality); edited traits become given",
    tag: 'personas',
    access: 'user',
    product: { from: 'id', role: productActions.edit },
    params: productParams.extend({ personaId: z.string().min(1).max(100) }),
    body: editCustomPersonaRequest,
    async handler({ access, params, body }) {
      const { persona } = await catalog.updateCustomPersona({
        userId: access.ownerId,
        productId: params.id,
        personaId: params.personaId,
        edit: customEditToMessage(body),
      });
      return toPersonaView(persona!);
    },
  });
}
