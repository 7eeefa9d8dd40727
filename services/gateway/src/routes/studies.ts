import { createStudyRequest, productActions, type StudyView } from '@chorus/contracts';
import type { Study } from '@chorus/proto/catalog/v1/studies';
import { specToMessage } from '@chorus/service-kit/wire';
import { z } from 'zod';
import type { ServiceClients } from '../clients';
import { toQuestionView } from '../question-views';
import type { ApiRoutes } from '../routing';
import { studyCostForBudget } from '../workflows/questions';
import { productParams } from './products';

const studyParams = productParams.extend({ studyId: z.string().min(1).max(100) });

function toStudyView(study: Study): StudyView {
  return {
    id: study.id,
    productId: study.productId,
    name: study.name,
    offer: study.offer,
    createdAt: study.createdAt?.toISOString() ?? '',
    questions: study.questions.map(toQuestionView),
  };
}

/** Studies: linked typed questions about one offer (a price ladder, a price range, NPS…), asked together. */
export function studyRoutes(routes: ApiRoutes, deps: { clients: ServiceClients }): void {
  const { catalog } = deps.clients;

  routes.add({
    method: 'post',
    path: '/api/products/:id/studies',
    summary:
      'Ask a study: 1-5 typed questions about one offer (price ladder, price range, scale, NPS, choices, number, ranking, best-worst), stored and asked together, all or nothing',
    tag: 'questions',
    access: 'user',
    idempotent: true,
    product: { from: 'id', role: productActions.edit },
    paidAction: 'askQuestions',
    status: 201,
    params: productParams,
    body: createStudyRequest,
    async handler({ access, params, body }) {
      const estimatedCostUsd = await studyCostForBudget(
        deps.clients,
        access.ownerId,
        params.id,
        body.questions,
        body.panelId,
      );
      const { study } = await catalog.createStudy({
        userId: access.ownerId,
        productId: params.id,
        name: body.name,
        offer: body.offer,
        questions: body.questions.map((q) => ({
          questionText: q.questionText,
          spec: specToMessage(q.spec),
        })),
        estimatedCostUsd,
        ...(body.panelId ? { panelId: body.panelId } : {}),
      });
      return toStudyView(study!);
    },
  });

  routes.add({
    method: 'get',
    path: '/api/products/:id/studies',
    summary: "The product's studies, newest first, each with its questions and their figures",
    tag: 'questions',
    access: 'user',
    product: { from: 'id', role: productActions.read },
    params: productParams,
    async handler({ access, params }) {
      const { studies } = await catalog.listStudies({
        userId: access.ownerId,
        productId: params.id,
      });
      return studies.map(toStudyView);
    },
  });

  routes.add({
    method: 'get',
    path: '/api/products/:id/studies/:studyId',
    summary:
      "A study with its questions: each persona's typed answer and draws, and each question's figures with their 95% intervals",
    tag: 'questions',
    access: 'user',
    product: { from: 'id', role: productActions.read },
    params: studyParams,
    async handler({ access, params }) {
      const { study } = await catalog.getStudy({
        userId: access.ownerId,
        productId: params.id,
        studyId: params.studyId,
      });
      return toStudyView(study!);
    },
  });
}
