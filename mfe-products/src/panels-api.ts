import type {
  BudgetView,
  CreatePanelRequest,
  MarketPanelView,
  PanelAnswersView,
  PanelBuildEstimate,
  PopulationFrameView,
} from '@chorus/contracts';
import { apiRequest, queryClient, useActionMutation } from '@chorus/platform';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { productKeys } from './api';

// Market panels: the populations they are drawn to, a product's panels (each
// building panel read again every second until it is ready or failed), draw,
// redraw, delete, the build estimate, and a panel question's persona answers
// a page at a time. Keys are the paths the calls read.

const encode = encodeURIComponent;

/** How often a building panel is read again. */
const PANEL_POLL_MS = 1_000;
/** How often pages that only offer ready panels read the list while one is building. */
export const PANEL_LIST_POLL_MS = 5_000;
/** A panel question's persona answers per page. */
export const PANEL_ANSWERS_PAGE_SIZE = 25;

const panelKeys = {
  frames: ['/api/panel-frames'],
  list: (productId: string) => [...productKeys.product(productId), 'panels'],
  panel: (productId: string, panelId: string) => [
    ...productKeys.product(productId),
    'panels',
    encode(panelId),
  ],
  estimate: (productId: string) => [...productKeys.product(productId), 'panels', 'estimate'],
  answers: (productId: string, questionId: string) => [
    ...productKeys.questions(productId),
    encode(questionId),
    'panel-answers',
  ],
};

const path = (key: readonly string[]) => key.join('/');

async function readJson<T>(url: string): Promise<T> {
  const response = await apiRequest('GET', url);
  return (await response.json()) as T;
}

/** The populations a panel can be drawn to, with their traits, shares and sources. */
export function usePopulationFrames() {
  return useQuery({
    queryKey: panelKeys.frames,
    queryFn: async () =>
      (await readJson<{ frames: PopulationFrameView[] }>(path(panelKeys.frames))).frames,
  });
}

/**
 * The product's panels, newest first. With `whileBuilding` (ms) the list is
 * read again at that pace as long as a panel is being built, so a page that
 * offers ready panels (the question form) sees one become ready.
 */
export function usePanels(productId: string, options: { whileBuilding?: number } = {}) {
  const { whileBuilding } = options;
  return useQuery({
    queryKey: panelKeys.list(productId),
    queryFn: async () =>
      (await readJson<{ panels: MarketPanelView[] }>(path(panelKeys.list(productId)))).panels,
    refetchInterval: (query) =>
      whileBuilding && query.state.data?.some((panel) => panel.status === 'building')
        ? whileBuilding
        : false,
  });
}

/** Puts a panel's latest state into the cached list: replaces it, or adds it as the newest. */
function storePanel(productId: string, panel: MarketPanelView): void {
  queryClient.setQueryData<MarketPanelView[]>(panelKeys.list(productId), (known) => {
    if (!known) return known;
    if (!known.some((p) => p.id === panel.id)) return [panel, ...known];
    return known.map((p) => (p.id === panel.id ? panel : p));
  });
}

function dropPanel(productId: string, panelId: string): void {
  queryClient.setQueryData<MarketPanelView[]>(panelKeys.list(productId), (known) =>
    known?.filter((panel) => panel.id !== panelId),
  );
}

/**
 * While `panel` is building, reads it every second and writes each state into
 * the list, so the list row shows the progress; stops once it is ready or
 * failed (or gone).
 */
export function useBuildProgress(productId: string, panel: MarketPanelView): void {
  useQuery({
    queryKey: [...panelKeys.panel(productId, panel.id), 'progress', panel.version],
    queryFn: async () => {
      const latest = await readJson<MarketPanelView>(path(panelKeys.panel(productId, panel.id)));
      storePanel(productId, latest);
      return latest;
    },
    enabled: panel.status === 'building',
    refetchInterval: (query) =>
      query.state.status === 'error' || (query.state.data && query.state.data.status !== 'building')
        ? false
        : PANEL_POLL_MS,
    // Each mount reads afresh: a panel left building earlier has moved on since.
    staleTime: 0,
    gcTime: 0,
  });
}

/** Draws a panel: one Idempotency-Key per click, so a double click builds one panel. */
export function useCreatePanel(productId: string) {
  return useActionMutation({
    mutationFn: async (body: CreatePanelRequest, idempotencyKey) => {
      const response = await apiRequest('POST', path(panelKeys.list(productId)), body, {
        idempotencyKey,
      });
      return (await response.json()) as MarketPanelView;
    },
    onSuccess: (panel) => storePanel(productId, panel),
  });
}

/** Draws a panel again with a new seed: a new version, building again. */
export function useRedrawPanel(productId: string) {
  return useActionMutation({
    mutationFn: async (panelId: string, idempotencyKey) => {
      const response = await apiRequest(
        'POST',
        `${path(panelKeys.panel(productId, panelId))}/redraw`,
        undefined,
        { idempotencyKey },
      );
      return (await response.json()) as MarketPanelView;
    },
    onSuccess: (panel) => storePanel(productId, panel),
  });
}

/** Deletes a panel (a build under way stops). */
export function useDeletePanel(productId: string) {
  return useMutation({
    mutationFn: async (panelId: string) => {
      await apiRequest('DELETE', path(panelKeys.panel(productId, panelId)));
      return panelId;
    },
    onSuccess: (panelId) => dropPanel(productId, panelId),
  });
}

export type PanelEstimateView = PanelBuildEstimate & { budget: BudgetView };

/**
 * What drawing the panel would cost and which population it would be drawn
 * to, asked again (debounced by the caller) as the form changes; the last
 * estimate stays shown while the next one loads.
 */
export function usePanelEstimate(productId: string, body: CreatePanelRequest | null) {
  return useQuery({
    queryKey: [...panelKeys.estimate(productId), body],
    queryFn: async () => {
      const response = await apiRequest('POST', path(panelKeys.estimate(productId)), body);
      return (await response.json()) as PanelEstimateView;
    },
    enabled: body !== null,
    placeholderData: keepPreviousData,
  });
}

export interface PanelAnswersQuery {
  page: number;
  search: string;
  opinion: 'positive' | 'neutral' | 'negative' | '';
}

/** One page of a panel question's persona answers, searched and filtered by opinion. */
export function usePanelAnswers(
  productId: string,
  questionId: string,
  query: PanelAnswersQuery,
  enabled: boolean,
) {
  return useQuery({
    queryKey: [...panelKeys.answers(productId, questionId), query],
    queryFn: async () => {
      const params = new URLSearchParams({
        page: String(query.page),
        pageSize: String(PANEL_ANSWERS_PAGE_SIZE),
      });
      if (query.search) params.set('search', query.search);
      if (query.opinion) params.set('opinion', query.opinion);
      return readJson<PanelAnswersView>(
        `${path(panelKeys.answers(productId, questionId))}?${params.toString()}`,
      );
    },
    enabled,
    placeholderData: keepPreviousData,
  });
}
