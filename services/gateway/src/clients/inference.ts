import { PersonaInferenceServiceClient } from '@chorus/proto/inference/v1/inference';
import { createPromiseClient, type PromiseClient } from '@chorus/service-kit';

export type InferenceClient = PromiseClient<PersonaInferenceServiceClient>;

/** Persona inference: the gateway asks it only for estimates; questions travel as events. */
export function inferenceClient(address: string): InferenceClient {
  return createPromiseClient(PersonaInferenceServiceClient, address, { timeoutMs: 10_000 });
}
