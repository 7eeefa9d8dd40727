import { type CalibrationView, productActions, type QuestionView } from '@chorus/contracts';
import { buildStudyReport, studyReportMessages } from '../study-report/model';
import { fileSlug, studyReportFileName, studyReportMarkdown } from '../study-report/markdown';
import type { StudyReport } from '../study-report/report';
import { buildStudyDocument, studyDocumentMessages } from '../study-report/study';
import { isServiceError } from '@chorus/service-kit';
import { calibrationFromMessage } from '@chorus/service-kit/wire';
import { status } from '@grpc/grpc-js';
import type { Response } from 'express';
import { z } from 'zod';
import { toPersonaView } from '../catalog-views';
import type { ServiceClients } from '../clients';
import { HttpError } from '../http-errors';
import { toQuestionView } from '../question-views';
import type { ApiRoutes } from '../routing';
import { renderStudyReportPdf } from '../study-report-pdf';
import { answersCsv, csvExportMessages, summaryCsv } from '../typed-csv';
import { productParams } from './products';

const questionParams = productParams.extend({ questionId: z.string().min(1).max(100) });
const studyParams = productParams.extend({ studyId: z.string().min(1).max(100) });

/** A download: an attachment the browser saves, never cached by a proxy. */
function sendFile(res: Response, type: string, fileName: string, body: string | Buffer): void {
  res
    .status(200)
    .type(type)
    .setHeader('content-disposition', `attachment; filename="${fileName}"`)
    .setHeader('cache-control', 'private, no-store')
    .send(body);
}

const csvName = (name: string, fallback: string, kind: 'answers' | 'summary') =>
  `${fileSlug(name) || fallback}-${kind}.csv`;

/**
 * A question's and a study's report, as Markdown and as a PDF (the same
 * model, two renderings), and their answers and figures as CSV.
 */
export function studyReportRoutes(routes: ApiRoutes, deps: { clients: ServiceClients }): void {
  const { catalog } = deps.clients;

  /** A complete question as the API shows it; 409 with `notReady` until it is answered. */
  async function completeQuestion(
    userId: string,
    productId: string,
    questionId: string,
    notReady: string,
  ): Promise<QuestionView> {
    const { question } = await catalog.getQuestion({ userId, productId, questionId });
    const view = toQuestionView(question!);
    if (view.status !== 'complete') throw new HttpError(409, notReady);
    return view;
  }

  /** A study whose questions are all answered; 404 for anyone else's, 409 until every question is. */
  async function completeStudy(
    userId: string,
    productId: string,
    studyId: string,
    notReady: string,
  ) {
    const { study } = await catalog.getStudy({ userId, productId, studyId });
    const questions = study!.questions.map(toQuestionView);
    if (questions.some((q) => q.status !== 'complete')) throw new HttpError(409, notReady);
    return {
      name: study!.name,
      offer: study!.offer,
      createdAt: study!.createdAt?.toISOString() ?? '',
      questions,
    };
  }

  async function studyReportOf(userId: string, productId: string, studyId: string) {
    const [{ product }, study] = await Promise.all([
      catalog.getProduct({ userId, productId }),
      completeStudy(userId, productId, studyId, studyDocumentMessages.notReady),
    ]);
    const productName = product?.name ?? '';
    return {
      report: buildStudyDocument({ productName, study, generatedAt: new Date() }),
      fileName: (extension: 'md' | 'pdf') =>
        studyReportFileName(productName, study.name, extension),
    };
  }

  async function sendReport(
    res: Response,
    format: 'md' | 'pdf',
    { report, fileName }: { report: StudyReport; fileName: (extension: 'md' | 'pdf') => string },
  ): Promise<undefined> {
    if (format === 'md') {
      sendFile(res, 'text/markdown; charset=utf-8', fileName('md'), studyReportMarkdown(report));
    } else {
      sendFile(res, 'application/pdf', fileName('pdf'), await renderStudyReportPdf(report));
    }
    return undefined;
  }

  async function reportOf(userId: string, productId: string, questionId: string) {
    const [{ product }, view] = await Promise.all([
      catalog.getProduct({ userId, productId }),
      completeQuestion(userId, productId, questionId, studyReportMessages.notReady),
    ]);
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
      "A complete question's study report as Markdown (an attachment): the question and its wording check, a typed question's figures with their 95% intervals and segment cuts, the shares with intervals, the key insight, the alarms, each persona's answer and follow-ups, the runs and the run details (409 until the question is answered)",
    tag: 'questions',
    access: 'user',
    product: { from: 'id', role: productActions.read },
    params: questionParams,
    async handler({ access, params, res }) {
      return sendReport(res, 'md', await reportOf(access.ownerId, params.id, params.questionId));
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
      return sendReport(res, 'pdf', await reportOf(access.ownerId, params.id, params.questionId));
    },
  });

  for (const format of ['md', 'pdf'] as const) {
    routes.add({
      method: 'get',
      path: `/api/products/:id/studies/:studyId/report.${format}`,
      summary:
        format === 'md'
          ? "A study's report as Markdown (an attachment): its name and offer, then each question in order with its figures and 95% intervals in plain words, its segment cuts and each persona's answer, and how each figure is measured (409 until every question is answered)"
          : "A study's report as a PDF (an attachment), with the same content as the Markdown and bars with interval whiskers for each question's figures (409 until every question is answered)",
      tag: 'questions',
      access: 'user',
      product: { from: 'id', role: productActions.read },
      params: studyParams,
      async handler({ access, params, res }) {
        return sendReport(
          res,
          format,
          await studyReportOf(access.ownerId, params.id, params.studyId),
        );
      },
    });
  }

  routes.add({
    method: 'get',
    path: '/api/products/:id/questions/:questionId/answers.csv',
    summary:
      "A complete question's answers as CSV in long format (an attachment): one row per persona and draw (and per shown set or ladder price), the answer in the columns of the question's type, draws without an answer marked `no answer`; formulas kept as text (409 until the question is answered)",
    tag: 'questions',
    access: 'user',
    product: { from: 'id', role: productActions.read },
    params: questionParams,
    async handler({ access, params, res }) {
      const question = await completeQuestion(
        access.ownerId,
        params.id,
        params.questionId,
        csvExportMessages.notReady,
      );
      sendFile(
        res,
        'text/csv; charset=utf-8',
        csvName(question.questionText, 'question', 'answers'),
        answersCsv([question]),
      );
      return undefined;
    },
  });

  routes.add({
    method: 'get',
    path: '/api/products/:id/questions/:questionId/summary.csv',
    summary:
      "A complete question's figures as CSV (an attachment): one row per figure with its value and 95% interval (shares as fractions of 1) (409 until the question is answered)",
    tag: 'questions',
    access: 'user',
    product: { from: 'id', role: productActions.read },
    params: questionParams,
    async handler({ access, params, res }) {
      const question = await completeQuestion(
        access.ownerId,
        params.id,
        params.questionId,
        csvExportMessages.notReady,
      );
      sendFile(
        res,
        'text/csv; charset=utf-8',
        csvName(question.questionText, 'question', 'summary'),
        summaryCsv([question]),
      );
      return undefined;
    },
  });

  routes.add({
    method: 'get',
    path: '/api/products/:id/studies/:studyId/answers.csv',
    summary:
      "A study's answers as CSV in long format (an attachment): one row per question, persona and draw (and per shown set or ladder price), with the answer columns of every type in the study; formulas kept as text (409 until every question is answered)",
    tag: 'questions',
    access: 'user',
    product: { from: 'id', role: productActions.read },
    params: studyParams,
    async handler({ access, params, res }) {
      const study = await completeStudy(
        access.ownerId,
        params.id,
        params.studyId,
        csvExportMessages.studyNotReady,
      );
      sendFile(
        res,
        'text/csv; charset=utf-8',
        csvName(study.name, 'study', 'answers'),
        answersCsv(study.questions),
      );
      return undefined;
    },
  });

  routes.add({
    method: 'get',
    path: '/api/products/:id/studies/:studyId/summary.csv',
    summary:
      "A study's figures as CSV (an attachment): one row per question and figure with its value and 95% interval (shares as fractions of 1) (409 until every question is answered)",
    tag: 'questions',
    access: 'user',
    product: { from: 'id', role: productActions.read },
    params: studyParams,
    async handler({ access, params, res }) {
      const study = await completeStudy(
        access.ownerId,
        params.id,
        params.studyId,
        csvExportMessages.studyNotReady,
      );
      sendFile(
        res,
        'text/csv; charset=utf-8',
        csvName(study.name, 'study', 'summary'),
        summaryCsv(study.questions),
      );
      return undefined;
    },
  });
}
