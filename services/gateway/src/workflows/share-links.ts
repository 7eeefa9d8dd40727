import type {
  CreateComparisonLinkRequest,
  CreateShareLinkRequest,
} from '@chorus/proto/roadmap/v1/sharing';
import type { ServiceClients } from '../clients';

/**
 * Share links need the catalog for the product's name, which the public page
 * shows: the item's (or roadmap's) product, read as its owner, so another
 * user's item answers 404 before anything is created.
 */
export class ShareLinkWorkflows {
  constructor(private readonly clients: ServiceClients) {}

  async createItemLink(request: Omit<CreateShareLinkRequest, 'productName'>) {
    const { productId } = await this.clients.roadmap.getItem({
      userId: request.userId,
      itemId: request.itemId,
    });
    const productName = await this.productName(request.userId, productId);
    return this.clients.roadmap.createShareLink({ ...request, productName });
  }

  async createComparisonLink(request: Omit<CreateComparisonLinkRequest, 'productName'>) {
    const { roadmap } = await this.clients.roadmap.getRoadmap({
      userId: request.userId,
      roadmapId: request.roadmapId,
    });
    const productName = await this.productName(request.userId, roadmap!.productId);
    return this.clients.roadmap.createComparisonLink({ ...request, productName });
  }

  private async productName(userId: string, productId: string): Promise<string> {
    const { product } = await this.clients.catalog.getProduct({ userId, productId });
    return product?.name ?? '';
  }
}
