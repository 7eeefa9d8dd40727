import { type CalibrationView, productActions } from '@chorus/contracts';
import {
  buildStudyReport,
  studyReportFileName,
  studyReportMarkdown,
  studyReportMessages,
} from '../study-report/model';
import { isServiceError } from '@chorus/service-kit';
import { calibrationFromMessage } from '@chorus/service-kit/wire';
import { status } from '@grpc/grpc-js';
import { z } from 'zod';
import { toPersonaView } from '../catalog-views';
import type { ServiceClients } from '../clients';
import { HttpError } from '../http-errors';
import { toQuestionView } from '../question-views';
import type { ApiRoutes } from '../routing';
import { renderStudyReportPdf } from '../study-report-pdf';
import { productParams } from './products';

const questionParams = productParams.extend({ questionId: z.string().min(1).max(100) });

/** A question's study report, as Markdown and as a PDF: the same model, two renderings. */
export function studyReportRoutes(routes: ApiRoutes, deps: { clients: ServiceClients }): void {
  const { catalog } = deps.clients;

  async function reportOf(userId: string, productId: string, questionId: string) {
    const [{ product }, { question }] = await Promise.all([
      catalog.getProduct({ userId, productId }),
      catalog.getQuestion({ userId, productId, questionId }),
    ]);
    const view = toQuestionView(question!);
    if (view.status !== 'complete') throw new HttpError(409, studyReportMessages.notReady);
    const productName = product?.name ?? '';
    const [calibration, { personas }] = await Promise.all([
      catalog
        .getCalibration({ userId, productId, questionId })
        .then(({ view }): CalibrationView | null => (view ? calibrationFromMessage(view) : null))
        .catch((error: unknown) => {
          // Not calibrated: the report has no fidelity section.
          if (isServiceError(error) && error.code === status.NOT_FOUND) return null;
          throw error;
        }),
      catalog.listProductPersonas({ userId, productId }),
    ]);
    return {
      report: buildStudyReport({
        productName,
        question: view,
        generatedAt: new Date(),
        calibration,
        personas: personas.map(toPersonaView),
      }),
      fileName: (extension: 'md' | 'pdf') =>
        studyReportFileName(productName, view.questionText, extension),
    };
  }

  routes.add({
    method: 'get',
    path: '/api/products/:id/questions/:questionId/report.md',
    summary:
      "A complete question's study report as Markdown (an attachment): the question and its wording check, the shares with intervals, the key insight, the alarms, each persona's answer and follow-ups, the runs and the run details (409 until the question is answered)",
    tag: 'questions',
    access: 'user',
    product: { from: 'id', role: productActions.read },
    params: questionParams,
    async handler({ access, params, res }) {
      const { report, fileName } = await reportOf(access.ownerId, params.id, params.questionId);
      res
        .status(200)
        .type('text/markdown; charset=utf-8')
        .setHeader('content-disposition', `attachment; filename="${fileName('md')}"`)
        .setHeader('cache-control', 'private, no-store')
        .send(studyReportMarkdown(report));
      return undefined;
    },
  });

  routes.add({
    method: 'get',
    path: '/api/products/:id/questions/:questionId/report.pdf',
    summary:
      "A complete question's study report as a PDF (an attachment), with the same content as the Markdown (409 until the question is answered)",
    tag: 'questions',
    access: 'user',
    product: { from: 'id', role: productActions.read },
    params: questionParams,
    async handler({ access, params, res }) {
      const { report, fileName } = await reportOf(access.ownerId, params.id, params.questionId);
      const pdf = await renderStudyReportPdf(report);
      res
        .status(200)
        .type('application/pdf')
        .setHeader('content-disposition', `attachment; filename="${fileName('pdf')}"`)
        .setHeader('cache-control', 'private, no-store')
        .send(pdf);
      return undefined;
    },
  });
}
