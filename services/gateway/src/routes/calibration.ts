import { maxCalibrationBytes } from '@chorus/contracts';
import { z } from 'zod';
import type { ServiceClients } from '../clients';
import type { ApiRoutes } from '../routing';
import { productParams } from './products';

const questionParams = productParams.extend({ questionId: z.string().min(1).max(100) });

const calibrateRequest = z.object({
  fileName: z
    .string()
    .trim()
    .min(1, 'The file needs a name.')
    .max(200, 'The file name can be at most 200 characters.'),
  csv: z.string().max(maxCalibrationBytes, 'The file can be at most 1 MB.'),
});

/**
 * Calibration against real answers (the fidelity card): the catalog reads,
 * checks and stores the CSV; the view comes back as the catalog made it.
 */
export function calibrationRoutes(routes: ApiRoutes, deps: { clients: ServiceClients }): void {
  const { catalog } = deps.clients;

  routes.add({
    method: 'post',
    path: '/api/products/:id/questions/:questionId/calibration',
    summary: 'Upload the real answers of real customers to a complete question (CSV text)',
    tag: 'questions',
    access: 'user',
    params: questionParams,
    body: calibrateRequest,
    bodyLimit: '1mb',
    status: 201,
    async handler({ user, params, body }) {
      const { viewJson } = await catalog.calibrateQuestion({
        userId: user.id,
        productId: params.id,
        questionId: params.questionId,
        fileName: body.fileName,
        csv: body.csv,
      });
      return JSON.parse(viewJson) as unknown;
    },
  });

  routes.add({
    method: 'get',
    path: '/api/products/:id/questions/:questionId/calibration',
    summary: "A question's fidelity card: real answers against the persona panel",
    tag: 'questions',
    access: 'user',
    params: questionParams,
    async handler({ user, params }) {
      const { viewJson } = await catalog.getCalibration({
        userId: user.id,
        productId: params.id,
        questionId: params.questionId,
      });
      return JSON.parse(viewJson) as unknown;
    },
  });

  routes.add({
    method: 'delete',
    path: '/api/products/:id/questions/:questionId/calibration',
    summary: "Remove a question's real answers",
    tag: 'questions',
    access: 'user',
    params: questionParams,
    async handler({ user, params }) {
      await catalog.deleteCalibration({
        userId: user.id,
        productId: params.id,
        questionId: params.questionId,
      });
      return { message: 'The real answers were removed.' };
    },
  });

  routes.add({
    method: 'get',
    path: '/api/products/:id/calibrations',
    summary:
      'Every calibrated question of a product, oldest first, to see whether the panel gets closer',
    tag: 'questions',
    access: 'user',
    params: productParams,
    async handler({ user, params }) {
      const { viewsJson } = await catalog.listCalibrations({
        userId: user.id,
        productId: params.id,
      });
      return JSON.parse(viewsJson) as unknown;
    },
  });
}
