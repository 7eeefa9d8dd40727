import {
  type BusinessProfileInput,
  type BusinessProfileView,
  type PersonaTemplateView,
  type ProductDeletion,
  type ProductPersonaView,
  type QuestionView,
  type RoadmapSummary,
} from '@chorus/contracts';
import { apiRequest, getQueryFn, queryClient } from '@chorus/platform';
import { isNotFound } from '@chorus/platform/ui';
import { type QueryFunction, replaceEqualDeep, useQuery } from '@tanstack/react-query';

// The products pages' calls. Each query key is the path the shared query
// function GETs (its parts joined with "/", with the bearer token); the
// QueryClient's defaults are the spec's: never stale, no refetch on focus, no
// retries. Writes go through apiRequest and answer typed values.

const encode = encodeURIComponent;

export const productKeys = {
  products: ['/api/products'],
  product: (id: string) => ['/api/products', encode(id)],
  businessProfile: (id: string) => ['/api/products', encode(id), 'business-profile'],
  personas: (id: string) => ['/api/products', encode(id), 'personas'],
  questions: (id: string) => ['/api/products', encode(id), 'questions'],
  roadmaps: (id: string) => ['/api/products', encode(id), 'roadmaps'],
  personaTemplates: ['/api/persona-templates'],
  dashboardStats: ['/api/dashboard/stats'],
  subscriptionDetails: ['/api/billing/subscription-details'],
} as const;

// ---------------------------------------------------------------------------
// Reads.

// My products and one product are the platform's (useProducts, useProduct),
// shared with the other apps under the same keys.

const readJson = getQueryFn<BusinessProfileView>({ on401: 'throw' });

/** A 404 on the business profile means "no profile yet": the answer is null. */
const businessProfileQuery: QueryFunction<BusinessProfileView | null> = async (context) => {
  try {
    return await readJson(context);
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
};

/**
 * The product's business profile, or null when it has none yet. The spec:
 * a 404 is not retried, other errors are retried up to 3 times.
 */
export function useBusinessProfile(productId: string | undefined) {
  return useQuery<BusinessProfileView | null>({
    queryKey: productKeys.businessProfile(productId ?? ''),
    queryFn: businessProfileQuery,
    enabled: Boolean(productId),
    retry: (failures, error) => !isNotFound(error) && failures < 3,
  });
}

/** The persona template library. */
export function usePersonaTemplates() {
  return useQuery<PersonaTemplateView[]>({ queryKey: productKeys.personaTemplates });
}

/** The personas selected for a product, each with its template. */
export function useProductPersonas(productId: string | undefined) {
  return useQuery<ProductPersonaView[]>({
    queryKey: productKeys.personas(productId ?? ''),
    enabled: Boolean(productId),
  });
}

/** Whether `a` is a later state of its question than `b` (a state never goes back). */
export function isLaterQuestionState(a: QuestionView, b: QuestionView): boolean {
  return Date.parse(a.updatedAt) > Date.parse(b.updatedAt);
}

/**
 * A list read that left while the live stream was pushing may answer an
 * older state of a question than the cache already has: the cache keeps the
 * later one. Which questions exist is the read's to say.
 */
function keepLaterStates(known: unknown, read: unknown): unknown {
  if (!Array.isArray(known) || !Array.isArray(read)) return replaceEqualDeep(known, read);
  const byId = new Map((known as QuestionView[]).map((question) => [question.id, question]));
  const merged = (read as QuestionView[]).map((question) => {
    const cached = byId.get(question.id);
    return cached && isLaterQuestionState(cached, question) ? cached : question;
  });
  return replaceEqualDeep(known, merged);
}

/**
 * The product's questions, newest first. `refetchInterval` lets the
 * questions page poll while any question is being answered.
 */
export function useProductQuestions(
  productId: string | undefined,
  options: {
    refetchInterval?: number | false | ((data: QuestionView[] | undefined) => number | false);
  } = {},
) {
  const { refetchInterval } = options;
  return useQuery<QuestionView[]>({
    queryKey: productKeys.questions(productId ?? ''),
    enabled: Boolean(productId),
    structuralSharing: keepLaterStates,
    refetchInterval:
      typeof refetchInterval === 'function'
        ? (query) => refetchInterval(query.state.data)
        : refetchInterval,
  });
}

/** Summaries of the product's roadmaps, most recently updated first. */
export function useProductRoadmaps(productId: string | undefined) {
  return useQuery<RoadmapSummary[]>({
    queryKey: productKeys.roadmaps(productId ?? ''),
    enabled: Boolean(productId),
  });
}

// ---------------------------------------------------------------------------
// Writes.

async function json<T>(response: Promise<Response>): Promise<T> {
  return (await (await response).json()) as T;
}

/** DELETE /api/products/{id}: the product goes, and its subscription is cancelled. */
export function deleteProduct(productId: string): Promise<ProductDeletion> {
  return json(apiRequest('DELETE', `/api/products/${encode(productId)}`));
}

/** POST when the product has no profile yet, PUT otherwise (the spec). */
export function saveBusinessProfile(
  productId: string,
  values: Partial<Record<keyof BusinessProfileInput, unknown>>,
  exists: boolean,
): Promise<BusinessProfileView> {
  return json(
    apiRequest(
      exists ? 'PUT' : 'POST',
      `/api/products/${encode(productId)}/business-profile`,
      values,
    ),
  );
}

/** Selects a persona template for the product. */
export function addProductPersona(
  productId: string,
  templateId: string,
  idempotencyKey?: string,
): Promise<ProductPersonaView> {
  return json(
    apiRequest(
      'POST',
      `/api/products/${encode(productId)}/personas`,
      { templateId },
      { idempotencyKey },
    ),
  );
}

/** Removes a selected persona (by the product persona's id, not the template's). */
export async function removeProductPersona(productId: string, personaId: string): Promise<void> {
  await apiRequest('DELETE', `/api/products/${encode(productId)}/personas/${encode(personaId)}`);
}

/** Deletes a roadmap with its items, shared links, feedback and collaborators. */
export async function deleteRoadmap(roadmapId: string): Promise<void> {
  await apiRequest('DELETE', `/api/roadmaps/${encode(roadmapId)}`);
}

// ---------------------------------------------------------------------------
// Cache updates after a write.

/** After personas change, the product's persona count and rate (list, billing) are read again. */
export function refreshAfterPersonaChange(productId: string): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: productKeys.personas(productId) }),
    // exact: the list alone, not every key under /api/products.
    queryClient.invalidateQueries({ queryKey: productKeys.products, exact: true }),
    queryClient.invalidateQueries({ queryKey: productKeys.product(productId), exact: true }),
    queryClient.invalidateQueries({ queryKey: productKeys.subscriptionDetails }),
    queryClient.invalidateQueries({ queryKey: productKeys.dashboardStats }),
  ]).then(() => undefined);
}
