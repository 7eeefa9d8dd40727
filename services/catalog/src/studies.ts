// Studies: typed questions about one offer, asked together.
import {
  MAX_QUESTION_LENGTH,
  MIN_QUESTION_LENGTH,
  questionMessages,
  MAX_STUDY_QUESTIONS,
  studyMessages,
  type TypedQuestionSpec,
  typedQuestionMessages,
} from '@chorus/contracts';
import { InvalidArgument, NotFound } from '@chorus/service-kit';
import type { QuestionRow, StudyRow } from './store/questions';
import { type QuestionDeps, answerers, insertAsked, withinBudget } from './question-asking';

/**
 * A study: its typed questions about one offer stored and handed to
 * inference in one transaction, so a study is asked whole or not at all.
 * The gateway checked every question against the contracts' schemas.
 */
export async function createStudy(
  deps: QuestionDeps,
  userId: string,
  productId: string,
  study: {
    name: string;
    offer: string;
    questions: { questionText: string; spec: TypedQuestionSpec | null }[];
    estimatedCostUsd?: number;
    panelId?: string | undefined;
  },
): Promise<{ study: StudyRow; questions: QuestionRow[] }> {
  const name = study.name.trim();
  if (!name) throw new InvalidArgument(typedQuestionMessages.studyName);
  if (study.questions.length < 1 || study.questions.length > MAX_STUDY_QUESTIONS) {
    throw new InvalidArgument(typedQuestionMessages.studyQuestions);
  }
  for (const asked of study.questions) {
    const text = asked.questionText.trim();
    if (text.length < MIN_QUESTION_LENGTH) throw new InvalidArgument(questionMessages.tooShort);
    if (text.length > MAX_QUESTION_LENGTH) throw new InvalidArgument(questionMessages.tooLong);
  }
  const { store, products } = deps;
  const product = await products.owned(userId, productId);
  const asked = await answerers(deps, product, { panelId: study.panelId });
  await withinBudget(deps, product.id, study.estimatedCostUsd ?? 0);
  const stored = await store.db.transaction(async (trx) => {
    const row = await store.insertStudy(trx, {
      product_id: product.id,
      user_id: product.user_id,
      name: name.slice(0, 200),
      offer: study.offer.trim().slice(0, 300),
    });
    const questions: QuestionRow[] = [];
    for (const [position, question] of study.questions.entries()) {
      questions.push(
        await insertAsked(deps, trx, asked, {
          user_id: product.user_id,
          product_id: product.id,
          question_text: question.questionText.trim(),
          persona_ids: [],
          check_wording: false,
          progress_total: 0,
          spec: question.spec,
          study_id: row.id,
          study_position: position,
        }),
      );
    }
    return { study: row, questions };
  });
  deps.relay.nudge();
  return stored;
}

/** The product's studies, newest first, each with its questions. */
export async function listStudies(
  deps: QuestionDeps,
  userId: string,
  productId: string,
): Promise<{ study: StudyRow; questions: QuestionRow[] }[]> {
  await deps.products.owned(userId, productId);
  const studies = await deps.store.listStudies(productId);
  const questions = await deps.store.listForStudies(studies.map((s) => s.id));
  return studies.map((study) => ({
    study,
    questions: questions.filter((q) => q.study_id === study.id),
  }));
}

export async function getStudy(
  deps: QuestionDeps,
  userId: string,
  productId: string,
  studyId: string,
): Promise<{ study: StudyRow; questions: QuestionRow[] }> {
  await deps.products.owned(userId, productId);
  const study = studyId ? await deps.store.findStudy(productId, studyId) : undefined;
  if (!study) throw new NotFound(studyMessages.notFound);
  return { study, questions: await deps.store.listForStudies([study.id]) };
}
