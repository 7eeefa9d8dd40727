import { randomUUID } from 'node:crypto';
import { Envelope } from '@chorus/proto/events/v1/events';

export { Envelope };

/** The event inside an envelope, as a tagged union `{ $case, value }`. */
export type DomainEvent = NonNullable<Envelope['event']>;
export type EventCase = DomainEvent['$case'];
export type EventOf<C extends EventCase> = Extract<DomainEvent, { $case: C }>['value'];

export const Topics = {
  identity: 'identity.v1',
  catalog: 'catalog.v1',
  inference: 'inference.v1',
  billing: 'billing.v1',
} as const;
export type Topic = (typeof Topics)[keyof typeof Topics];

/** Which topic carries each event: the domain that owns the fact publishes it. */
const topicOfEvent: Record<EventCase, Topic> = {
  userRegistered: Topics.identity,
  sessionRevoked: Topics.identity,
  productCreated: Topics.catalog,
  productDeleted: Topics.catalog,
  personasChanged: Topics.catalog,
  collaboratorJoined: Topics.catalog,
  collaboratorRoleChanged: Topics.catalog,
  collaboratorLeft: Topics.catalog,
  questionAsked: Topics.catalog,
  questionUpdated: Topics.catalog,
  questionDeleted: Topics.catalog,
  questionProcessing: Topics.inference,
  questionAnswered: Topics.inference,
  questionFailed: Topics.inference,
  questionProgress: Topics.inference,
  panelBuildRequested: Topics.catalog,
  panelPersonasBuilt: Topics.inference,
  panelBuildFailed: Topics.inference,
  subscriptionChanged: Topics.billing,
};

export function topicOf(event: DomainEvent): Topic {
  return topicOfEvent[event.$case];
}

/** Wraps an event with a fresh id; `key` orders events (a product id, or a user id). */
export function createEnvelope(key: string, event: DomainEvent): Envelope {
  return { id: randomUUID(), occurredAt: new Date(), key, event };
}

export function encodeEnvelope(envelope: Envelope): Buffer {
  return Buffer.from(Envelope.encode(envelope).finish());
}

export function decodeEnvelope(bytes: Uint8Array): Envelope {
  return Envelope.decode(bytes);
}
