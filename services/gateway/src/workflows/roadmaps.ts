import type {
  FeatureComparison,
  FeedbackResponse,
  RoadmapFields,
  RoadmapSummary,
  Roadmap,
} from '@chorus/proto/roadmap/v1/items';
import { screenRoadmapYaml } from '@chorus/contracts';
import type { ServiceClients } from '../clients';
import { HttpError } from '../http-errors';

// Asking personas is a model call per persona (or per item and persona): the
// roadmap service waits for every answer.
const FEEDBACK_TIMEOUT_MS = 150_000;

/**
 * Work on roadmaps that needs the catalog too: a product's roadmaps only for
 * the product's owner (another user's product answers 404 from the catalog
 * before the roadmap service hears of it), and persona feedback, where the
 * personas are the product's own and are told what the catalog tells them
 * for questions (GetPersonaContext: attributes and the business profile).
 * A persona id that is not one of the product's answers 404.
 */
export class RoadmapWorkflows {
  constructor(private readonly clients: ServiceClients) {}

  async listRoadmaps(userId: string, productId: string): Promise<RoadmapSummary[]> {
    await this.clients.catalog.getProduct({ userId, productId });
    const { roadmaps } = await this.clients.roadmap.listRoadmaps({ userId, productId });
    return roadmaps;
  }

  async createRoadmap(
    userId: string,
    productId: string,
    fields: RoadmapFields,
  ): Promise<Roadmap | undefined> {
    await this.clients.catalog.getProduct({ userId, productId });
    const { roadmap } = await this.clients.roadmap.createRoadmap({ userId, productId, fields });
    return roadmap;
  }

  /** Asks the chosen personas about an item; answers the item's feedback, newest per persona. */
  async requestFeedback(
    userId: string,
    itemId: string,
    personaIds: string[],
  ): Promise<FeedbackResponse[]> {
    const { roadmap } = this.clients;
    const { productId } = await roadmap.getItem({ userId, itemId });
    const context = await this.personaContext(userId, productId, personaIds);
    await roadmap.requestFeedback(
      { userId, itemId, ...context },
      { timeoutMs: FEEDBACK_TIMEOUT_MS },
    );
    const { responses } = await roadmap.listFeedback({ userId, itemId });
    return responses;
  }

  /** Asks the chosen personas to rank items of a roadmap. */
  async compare(
    userId: string,
    roadmapId: string,
    input: { title: string; description: string; itemIds: string[]; personaIds: string[] },
  ): Promise<FeatureComparison | undefined> {
    const { roadmap: roadmaps } = this.clients;
    const { roadmap } = await roadmaps.getRoadmap({ userId, roadmapId });
    const context = await this.personaContext(userId, roadmap!.productId, input.personaIds);
    const { comparison } = await roadmaps.createComparison(
      {
        userId,
        roadmapId,
        title: input.title,
        description: input.description,
        itemIds: input.itemIds,
        ...context,
      },
      { timeoutMs: FEEDBACK_TIMEOUT_MS },
    );
    return comparison;
  }

  /** Imports a YAML document into a roadmap (the route checked that its product is paid). */
  async importYaml(userId: string, roadmapId: string, yamlContent: string) {
    const { roadmap: roadmaps } = this.clients;
    // Oversized and hostile documents are refused here, without sending megabytes on.
    const refusal = screenRoadmapYaml(yamlContent);
    if (refusal) throw new HttpError(400, refusal);
    return roadmaps.importYaml({ userId, roadmapId, yamlContent }, { timeoutMs: 60_000 });
  }

  private personaContext(userId: string, productId: string, personaIds: string[]) {
    return this.clients.catalog.getPersonaContext({ userId, productId, personaIds });
  }
}
