// What the catalog's question tests share: importing this file starts a
// catalog on a database of its own before the file's tests and stops it
// after, and gives the helpers that deliver inference's events.
import { CatalogServiceClient } from '@chorus/proto/catalog/v1/catalog';
import type { PersonaResponse } from '@chorus/proto/inference/v1/answers';
import {
  type BusMessage,
  createEnvelope,
  createPromiseClient,
  decodeEnvelope,
  type DomainEvent,
  encodeEnvelope,
  type Envelope,
  type EventCase,
  type EventOf,
  InMemoryEventBus,
  type PromiseClient,
  Topics,
} from '@chorus/service-kit';
import { createTestDatabase, testLogger } from '@chorus/service-kit/testing';
import { randomUUID } from 'node:crypto';
import { readCatalogConfig, type RunningCatalog, startCatalog } from '../src';

export let database: Awaited<ReturnType<typeof createTestDatabase>>;
let catalog: RunningCatalog;
export let client: PromiseClient<CatalogServiceClient>;
export const bus = new InMemoryEventBus(testLogger());
const published: Envelope[] = [];

beforeAll(async () => {
  database = await createTestDatabase('catalog_questions');
  await bus.subscribe({
    groupId: 'test',
    topics: [Topics.catalog],
    handle: (message: BusMessage) => {
      published.push(decodeEnvelope(message.value));
      return Promise.resolve();
    },
  });
  catalog = await startCatalog(
    readCatalogConfig({ DATABASE_URL: database.url, GRPC_PORT: '0', GRPC_HOST: '127.0.0.1' }),
    { bus, logger: testLogger() },
  );
  client = createPromiseClient(CatalogServiceClient, `127.0.0.1:${catalog.port}`);
});

afterAll(async () => {
  client.close();
  await catalog.stop();
  await bus.close();
  await database.drop();
});

export function grpcError(promise: Promise<unknown>) {
  return promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: { code: number; details: string }) => ({ code: error.code, details: error.details }),
  );
}

export function eventsOf<C extends EventCase>(kind: C, questionId: string): EventOf<C>[] {
  return published
    .filter((e) => e.event?.$case === kind && e.key === questionId)
    .map((e) => e.event!.value as EventOf<C>);
}

/** A product with two personas and a business profile. */
export async function productWithPersonas(personaCount = 2) {
  const userId = randomUUID();
  const { product } = await client.createProduct({
    userId,
    name: 'Lantern',
    description: 'Smart lights for the home',
    industry: 'Technology',
    billingCycle: '',
  });
  const ids = { userId, productId: product!.id };
  await client.createBusinessProfile({
    ...ids,
    fields: {
      companyName: 'Lantern Labs',
      pricingModels: 'Monthly subscription at $12',
      customerDemographics: 'Homeowners aged 30-55',
      marketShareUnknown: true,
      yearsInOperation: 4,
    },
  });
  const { templates } = await client.listTemplates({});
  const personas = [];
  for (const template of templates.slice(0, personaCount)) {
    personas.push((await client.addProductPersona({ ...ids, templateId: template.id })).persona!);
  }
  return { ...ids, personas };
}

/** Sends an event as inference would. */
export function deliver(questionId: string, event: DomainEvent) {
  const envelope = createEnvelope(questionId, event);
  return bus.publish([
    { topic: Topics.inference, key: questionId, value: encodeEnvelope(envelope), headers: {} },
  ]);
}

export function responseOf(
  personaId: string,
  personaName: string,
  opinion: string,
): PersonaResponse {
  return {
    personaId,
    personaName,
    opinion,
    confidence: 0.7,
    safetyInfluence: 'medium',
    response: `${personaName} says so.`,
    reasoning: `${personaName} has reasons.`,
    grounding: { personaAttributes: ['income'], profileFields: ['pricingModels'] },
  };
}

export function answered(
  question: { id: string; productId: string; userId: string },
  responses: PersonaResponse[],
  aggregated = { positive: 50, neutral: 0, negative: 50, keyInsight: 'Opinion is split.' },
): DomainEvent {
  return {
    $case: 'questionAnswered',
    value: {
      questionId: question.id,
      productId: question.productId,
      userId: question.userId,
      responses,
      aggregatedResults: aggregated,
      engine: 'local',
    },
  };
}

export async function questionState(
  ids: { userId: string; productId: string },
  questionId: string,
) {
  return (await client.getQuestion({ ...ids, questionId })).question!;
}
