import {
  type CreatePanelRequest,
  type PanelBuildEstimate,
  type PopulationFrameView,
  readCsvTable,
} from '@chorus/contracts';
import {
  applyFilters,
  frameById,
  frameFromCustomers,
  frameFromSharesCsv,
  frames,
  type PopulationFrame,
} from '@chorus/research';
import { frameFromMessage, frameToMessage, panelFilterToMessage } from '@chorus/service-kit/wire';
import type { ServiceClients } from '../clients';
import { HttpError } from '../http-errors';
import { toBudgetView } from './questions';

// A market panel's population, cost and build: the population frame the
// customer chose (a country's shipped shares, or their own shares or
// customer list over it) with their filters, priced by persona inference,
// held to the month's budget and handed to the catalog, which draws and
// stores the panel.

/** A research frame as the API shows it. */
function toFrameView(frame: PopulationFrame): PopulationFrameView {
  return frameFromMessage(frameToMessage(frame));
}

/** The populations a panel can be drawn to, with their sources. */
export function frameViews(): PopulationFrameView[] {
  return frames.map(toFrameView);
}

/** The population a panel request draws from, or a 400 in plain words. */
function panelFrame(body: CreatePanelRequest): PopulationFrame {
  const base = frameById(body.frame);
  if (!base) throw new HttpError(400, 'Choose a population.');
  let frame = base;
  if (body.sharesCsv) {
    const read = frameFromSharesCsv(body.sharesCsv, base);
    if ('problem' in read) throw new HttpError(400, read.problem);
    frame = read.frame;
  } else if (body.customersCsv) {
    const table = readCsvTable(body.customersCsv);
    if (!table.ok) throw new HttpError(400, table.message);
    const rows = table.rows.map((cells) =>
      Object.fromEntries(table.header.map((name, i) => [name, cells[i] ?? ''])),
    );
    const read = frameFromCustomers(rows, base);
    if ('problem' in read) throw new HttpError(400, read.problem);
    frame = read.frame;
  }
  const filtered = applyFilters(frame, body.filters);
  if ('problem' in filtered) throw new HttpError(400, filtered.problem);
  return filtered.frame;
}

/** What building the panel would take: a model's calls and dollars (nothing on this server). */
export async function estimatePanelBuild(
  clients: ServiceClients,
  userId: string,
  productId: string,
  body: CreatePanelRequest,
): Promise<PanelBuildEstimate & { budget: ReturnType<typeof toBudgetView> }> {
  const frame = panelFrame(body);
  const [estimate, { budget }] = await Promise.all([
    clients.inference.estimatePanelBuild({ size: body.size }),
    clients.catalog.getQuestionBudget({ userId, productId }),
  ]);
  return {
    engine: estimate.engine === 'openai' ? 'openai' : 'local',
    model: estimate.model,
    size: body.size,
    modelCalls: estimate.modelCalls,
    costUsd: estimate.hasPrice ? estimate.costUsd : null,
    frame: toFrameView(frame),
    budget: toBudgetView(budget),
  };
}

/** Draws and builds the panel: priced first, so the budget holds its model cost. */
export async function createPanel(
  clients: ServiceClients,
  userId: string,
  productId: string,
  body: CreatePanelRequest,
) {
  const frame = panelFrame(body);
  const estimate = await clients.inference.estimatePanelBuild({ size: body.size });
  const { panel } = await clients.catalog.createPanel({
    userId,
    productId,
    name: body.name,
    frame: frameToMessage(frame),
    baseFrameId: body.sharesCsv || body.customersCsv ? 'custom' : body.frame,
    filters: body.filters.map(panelFilterToMessage),
    size: body.size,
    estimatedCostUsd: estimate.hasPrice ? estimate.costUsd : 0,
  });
  return panel!;
}

/** Draws the panel again (a new seed): priced like its first build. */
export async function redrawPanel(
  clients: ServiceClients,
  userId: string,
  productId: string,
  panelId: string,
) {
  const { panel: current } = await clients.catalog.getPanel({ userId, productId, panelId });
  const estimate = await clients.inference.estimatePanelBuild({ size: current!.size });
  const { panel } = await clients.catalog.redrawPanel({
    userId,
    productId,
    panelId,
    estimatedCostUsd: estimate.hasPrice ? estimate.costUsd : 0,
  });
  return panel!;
}
