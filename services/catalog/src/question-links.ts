import {
  type PeopleVsPersonas,
  questionLinkMessages,
  studyMessages,
  questionMessages,
  type TypedAnswer,
  type TypedQuestionSpec,
  type TypedResult,
} from '@chorus/contracts';
import { maxDiffDesign, peopleVsPersonas, typedResultOf } from '@chorus/research';
import { FailedPrecondition, InvalidArgument, NotFound } from '@chorus/service-kit';
import { linkAnswerFits } from './domain/link-answers';
import type { Products } from './products';
import type { ProductStore } from './store/products';
import type {
  CountedLinkRow,
  LinkAnswerRow,
  QuestionLinkRow,
  QuestionLinkStore,
} from './store/question-links';
import type { QuestionRow, QuestionStore } from './store/questions';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The seed of the best–worst sets people see: one design per question, the same for everyone. */
const PEOPLE_DESIGN_SEED = 1;

interface PublicLink {
  productName: string;
  title: string;
  questions: { question: QuestionRow; spec: TypedQuestionSpec; maxDiffSets: number[][] }[];
  expiresAt: Date;
  myAnswers: LinkAnswerRow[];
}

interface LinkQuestionResults {
  question: QuestionRow;
  spec: TypedQuestionSpec;
  responses: number;
  people: TypedResult | null;
  personas: TypedResult | null;
  agreement: PeopleVsPersonas;
}

/**
 * Share links of typed questions and studies: the owner makes one for a
 * typed question or a study; people answer the same questions on a public
 * page, one answer set per browser; the results set their figures beside the
 * personas', computed from the stored answers on each read (people's answers
 * keep arriving).
 */
export class QuestionLinks {
  constructor(
    private readonly deps: {
      links: QuestionLinkStore;
      questions: QuestionStore;
      products: Products;
      productStore: ProductStore;
    },
  ) {}

  async create(request: {
    userId: string;
    productId: string;
    questionId?: string | undefined;
    studyId?: string | undefined;
    tokenHash: string;
    expiresInDays: number;
  }): Promise<CountedLinkRow> {
    const { links, questions, products } = this.deps;
    const product = await products.owned(request.userId, request.productId);
    if (!request.tokenHash) throw new InvalidArgument('A link needs a token.');
    const days = Math.trunc(request.expiresInDays);
    if (!(days >= 1 && days <= 90)) throw new InvalidArgument(questionLinkMessages.expiry);
    let shared: QuestionRow[];
    let title: string;
    let studyId: string | null = null;
    if (request.studyId) {
      const study = await questions.findStudy(product.id, request.studyId);
      if (!study) throw new NotFound(studyMessages.notFound);
      shared = await questions.listForStudies([study.id]);
      title = study.name;
      studyId = study.id;
    } else {
      const question = request.questionId
        ? await questions.find(product.id, request.questionId)
        : undefined;
      if (!question) throw new NotFound(questionMessages.notFound);
      shared = [question];
      title = question.question_text;
    }
    if (shared.length === 0 || shared.some((q) => !q.spec)) {
      throw new FailedPrecondition(questionLinkMessages.notTyped);
    }
    return links.insert({
      product_id: product.id,
      user_id: product.user_id,
      study_id: studyId,
      question_ids: shared.map((q) => q.id),
      title,
      token_hash: request.tokenHash,
      expires_at: new Date(Date.now() + days * DAY_MS),
    });
  }

  async list(userId: string, productId: string): Promise<CountedLinkRow[]> {
    const product = await this.deps.products.owned(userId, productId);
    return this.deps.links.listForProduct(product.id);
  }

  async setActive(request: {
    userId: string;
    productId: string;
    linkId: string;
    isActive: boolean;
  }): Promise<CountedLinkRow> {
    const link = await this.owned(request.userId, request.productId, request.linkId);
    await this.deps.links.setActive(link.id, request.isActive);
    return { ...link, is_active: request.isActive };
  }

  /** What the public page asks: the link's questions that still exist, with this browser's answers. */
  async open(tokenHash: string, respondentHash: string): Promise<PublicLink> {
    const link = await this.live(tokenHash);
    const product = await this.deps.productStore.findById(link.product_id);
    const asked = await this.questionsOf(link);
    return {
      productName: product?.name ?? '',
      title: link.title,
      questions: asked.map(({ question, spec }) => ({
        question,
        spec,
        maxDiffSets:
          spec.type === 'maxdiff'
            ? maxDiffDesign(spec.items.length, spec.perSet, spec.sets, PEOPLE_DESIGN_SEED)
            : [],
      })),
      expiresAt: link.expires_at,
      myAnswers: respondentHash
        ? ((await this.deps.links.answersOf(link.id, respondentHash)) ?? [])
        : [],
    };
  }

  /** One answer set per browser; answering again replaces it. Every question of the link is answered. */
  async submit(request: {
    tokenHash: string;
    respondentHash: string;
    answers: LinkAnswerRow[];
  }): Promise<boolean> {
    if (!request.respondentHash) throw new InvalidArgument('A response needs a respondent.');
    const link = await this.live(request.tokenHash);
    const asked = await this.questionsOf(link);
    const answers: LinkAnswerRow[] = [];
    for (const { question, spec } of asked) {
      const given = request.answers.find((a) => a.questionId === question.id);
      if (!given) throw new InvalidArgument(questionLinkMessages.answerEveryQuestion);
      if (!linkAnswerFits(spec, given.answer)) {
        throw new InvalidArgument(questionLinkMessages.wrongType);
      }
      answers.push({ questionId: question.id, answer: given.answer });
    }
    if (request.answers.some((a) => !asked.some(({ question }) => question.id === a.questionId))) {
      throw new InvalidArgument(questionLinkMessages.unknownQuestion);
    }
    return this.deps.links.upsert(link.id, request.respondentHash, answers);
  }

  /** People's figures beside the personas' current run, per question of the link. */
  async results(
    userId: string,
    productId: string,
    linkId: string,
  ): Promise<{ link: CountedLinkRow; questions: LinkQuestionResults[] }> {
    const link = await this.owned(userId, productId, linkId);
    const asked = await this.questionsOf(link);
    const all = await this.deps.links.allAnswers(link.id);
    return {
      link,
      questions: asked.map(({ question, spec }) => {
        const people: TypedAnswer[] = all.flatMap((answers) =>
          answers.filter((a) => a.questionId === question.id).map((a) => a.answer),
        );
        const personaAnswers = question.responses.flatMap((r) => (r.typed ? [r.typed] : []));
        return {
          question,
          spec,
          responses: people.length,
          people: people.length > 0 ? typedResultOf(spec, people, question.seed) : null,
          personas: question.typed_result,
          agreement: peopleVsPersonas(spec, people, personaAnswers),
        };
      }),
    };
  }

  private async owned(userId: string, productId: string, linkId: string) {
    const product = await this.deps.products.owned(userId, productId);
    const link = linkId ? await this.deps.links.find(product.id, linkId) : undefined;
    if (!link) throw new NotFound(questionLinkMessages.notFound);
    return link;
  }

  private async live(tokenHash: string): Promise<QuestionLinkRow> {
    const link = tokenHash ? await this.deps.links.findLive(tokenHash) : undefined;
    if (!link) throw new NotFound(questionLinkMessages.unavailable);
    return link;
  }

  /** The link's questions that still exist, in the link's order, each with its settings. */
  private async questionsOf(link: QuestionLinkRow) {
    const found = await this.deps.questions.findMany(link.product_id, link.question_ids);
    return link.question_ids.flatMap((id) => {
      const question = found.find((q) => q.id === id);
      return question?.spec ? [{ question, spec: question.spec }] : [];
    });
  }
}
