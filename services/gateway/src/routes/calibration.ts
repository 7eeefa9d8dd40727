import {
  type CalibrationShareLinkView,
  maxCalibrationBytes,
  productActions,
} from '@chorus/contracts';
import { calibrationFromMessage } from '@chorus/service-kit/wire';
import { z } from 'zod';
import type { ServiceClients } from '../clients';
import { HttpError } from '../http-errors';
import { toShareResultsView } from '../share-views';
import type { ApiRoutes } from '../routing';
import { productParams } from './products';
import {
  shareLinkCalibrationCsv,
  shareLinkCalibrationName,
  shareLinkCalibrationRefusal,
} from '../share-calibration';

const questionParams = productParams.extend({ questionId: z.string().min(1).max(100) });

const csvUpload = z.object({
  fileName: z
    .string()
    .trim()
    .min(1, 'The file needs a name.')
    .max(200, 'The file name can be at most 200 characters.'),
  csv: z.string().max(maxCalibrationBytes, 'The file can be at most 1 MB.'),
});

const fromShareLink = z.object({
  shareLinkId: z.string().trim().min(1, 'Choose a share link.').max(200, 'Unknown share link.'),
});

/** Either an uploaded CSV or one of the owner's share links; a body with a link id is read as the link. */
const calibrateRequest = z.union([fromShareLink, csvUpload], {
  error: 'Send a CSV file (fileName and csv) or a share link (shareLinkId).',
});

/**
 * Calibration against real answers (the fidelity card): the catalog reads,
 * checks and stores the CSV; the view comes back as the catalog made it.
 */
export function calibrationRoutes(routes: ApiRoutes, deps: { clients: ServiceClients }): void {
  const { catalog, roadmap } = deps.clients;

  /** The owner's link's responses as an upload; another user's link answers 404 (the roadmap service's). */
  async function shareLinkUpload(userId: string, linkId: string) {
    const results = toShareResultsView(await roadmap.getShareResults({ userId, linkId }));
    const made = shareLinkCalibrationCsv(
      results.link.feedbackType,
      results.responses.map((r) => r.answer),
    );
    if (!made.ok) throw new HttpError(400, made.message);
    const title = results.link.title || results.items[0]?.title || '';
    return { fileName: shareLinkCalibrationName(title, made.count), csv: made.csv };
  }

  routes.add({
    method: 'post',
    path: '/api/products/:id/questions/:questionId/calibration',
    summary:
      "Upload the real answers of real customers to a complete question (CSV text), or use a share link's responses",
    tag: 'questions',
    access: 'user',
    idempotent: true,
    product: { from: 'id', role: productActions.edit },
    params: questionParams,
    body: calibrateRequest,
    bodyLimit: '1mb',
    status: 201,
    async handler({ access, params, body }) {
      const upload =
        'shareLinkId' in body ? await shareLinkUpload(access.ownerId, body.shareLinkId) : body;
      const { view } = await catalog.calibrateQuestion({
        userId: access.ownerId,
        productId: params.id,
        questionId: params.questionId,
        fileName: upload.fileName,
        csv: upload.csv,
      });
      return calibrationFromMessage(view!);
    },
  });

  routes.add({
    method: 'get',
    path: '/api/products/:id/questions/:questionId/calibration',
    summary: "A question's fidelity card: real answers against the persona panel",
    tag: 'questions',
    access: 'user',
    product: { from: 'id', role: productActions.read },
    params: questionParams,
    async handler({ access, params }) {
      const { view } = await catalog.getCalibration({
        userId: access.ownerId,
        productId: params.id,
        questionId: params.questionId,
      });
      return calibrationFromMessage(view!);
    },
  });

  routes.add({
    method: 'delete',
    path: '/api/products/:id/questions/:questionId/calibration',
    summary: "Remove a question's real answers",
    tag: 'questions',
    access: 'user',
    product: { from: 'id', role: productActions.edit },
    params: questionParams,
    async handler({ access, params }) {
      await catalog.deleteCalibration({
        userId: access.ownerId,
        productId: params.id,
        questionId: params.questionId,
      });
      return { message: 'The real answers were removed.' };
    },
  });

  routes.add({
    method: 'get',
    path: '/api/products/:id/calibration-share-links',
    summary:
      "The product's share links with responses, to calibrate a question from (rating and thumbs links can be used)",
    tag: 'questions',
    access: 'user',
    product: { from: 'id', role: productActions.read },
    params: productParams,
    async handler({ access, params }): Promise<CalibrationShareLinkView[]> {
      return productShareLinks(deps.clients, access.ownerId, params.id);
    },
  });

  routes.add({
    method: 'get',
    path: '/api/products/:id/calibrations',
    summary:
      'Every calibrated question of a product, oldest first, to see whether the panel gets closer',
    tag: 'questions',
    access: 'user',
    product: { from: 'id', role: productActions.read },
    params: productParams,
    async handler({ access, params }) {
      const { views } = await catalog.listCalibrations({
        userId: access.ownerId,
        productId: params.id,
      });
      return views.map(calibrationFromMessage);
    },
  });
}

/** The product's share links with responses (item links, then comparisons), newest first. */
async function productShareLinks(
  clients: ServiceClients,
  userId: string,
  productId: string,
): Promise<CalibrationShareLinkView[]> {
  await clients.catalog.getProduct({ userId, productId });
  const { roadmaps } = await clients.roadmap.listRoadmaps({ userId, productId });
  const views: CalibrationShareLinkView[] = [];
  for (const summary of roadmaps) {
    const roadmapId = summary.roadmap?.id ?? '';
    const { items } = await clients.roadmap.getRoadmap({ userId, roadmapId });
    const titles = new Map(items.map((item) => [item.id, item.title]));
    const lists = await Promise.all([
      ...items.map((item) =>
        clients.roadmap.listShareLinks({ userId, itemId: item.id, roadmapId: '' }),
      ),
      clients.roadmap.listShareLinks({ userId, itemId: '', roadmapId }),
    ]);
    for (const link of lists.flatMap((list) => list.links)) {
      if (link.responseCount === 0) continue;
      views.push({
        id: link.id,
        title: link.title || titles.get(link.itemId) || 'Untitled link',
        feedbackType: link.feedbackType,
        responseCount: link.responseCount,
        createdAt: link.createdAt?.toISOString() ?? '',
        refusal: shareLinkCalibrationRefusal(link.feedbackType),
      });
    }
  }
  return views.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}
