import type {
  PersonAnswer,
  PublicQuestionLinkView,
  QuestionLinkResultsView,
  QuestionLinkView,
  TypedAnswer,
  TypedQuestionSpec,
} from '@chorus/contracts';
import type {
  GetPublicQuestionLinkResponse,
  GetQuestionLinkResultsResponse,
  QuestionLink,
} from '@chorus/proto/catalog/v1/studies';
import {
  specFromMessage,
  typedAnswerFromMessage,
  typedResultFromMessage,
} from '@chorus/service-kit/wire';

// A person's answer on the public page is one draw of the type's answer:
// the catalog keeps it as such, so people's figures come from the same rules
// as the personas'.

/** A ladder answer counts the prices, from the lowest, the person would buy at before the first no. */
function ladderCount(wouldBuy: readonly boolean[]): number {
  const firstNo = wouldBuy.indexOf(false);
  return firstNo === -1 ? wouldBuy.length : firstNo;
}

export function personAnswerToTyped(answer: PersonAnswer): TypedAnswer {
  switch (answer.type) {
    case 'scale':
    case 'nps':
    case 'number':
      return { type: answer.type, draws: [answer.value], noAnswer: 0 };
    case 'single_choice':
      return { type: 'single_choice', draws: [answer.option], noAnswer: 0 };
    case 'multiple_choice':
      return { type: 'multiple_choice', draws: [answer.options], noAnswer: 0 };
    case 'ranking':
      return { type: 'ranking', draws: [answer.order], noAnswer: 0 };
    case 'maxdiff':
      return { type: 'maxdiff', draws: [answer.tasks], noAnswer: 0 };
    case 'price_ladder': {
      const count = ladderCount(answer.wouldBuy);
      return {
        type: 'price_ladder',
        buyProbability: answer.wouldBuy.map((_, i) => (i < count ? 1 : 0)),
        draws: [count],
        noAnswer: 0,
      };
    }
    case 'price_range':
      return {
        type: 'price_range',
        draws: [
          {
            tooCheap: answer.tooCheap,
            bargain: answer.bargain,
            expensive: answer.expensive,
            tooExpensive: answer.tooExpensive,
            buyAtBargain: (answer.buyAtBargain ?? 0) / 10,
            buyAtExpensive: (answer.buyAtExpensive ?? 0) / 10,
          },
        ],
        outOfOrder: 0,
        noAnswer: 0,
      };
  }
}

/** What a person sent, read back from the stored draw so the page shows it filled in. */
function typedToPersonAnswer(spec: TypedQuestionSpec, answer: TypedAnswer): PersonAnswer | null {
  switch (answer.type) {
    case 'scale':
    case 'nps':
    case 'number': {
      const value = answer.draws[0];
      return value === undefined ? null : { type: answer.type, value };
    }
    case 'single_choice': {
      const option = answer.draws[0];
      return option === undefined ? null : { type: 'single_choice', option };
    }
    case 'multiple_choice': {
      const options = answer.draws[0];
      return options ? { type: 'multiple_choice', options } : null;
    }
    case 'ranking': {
      const order = answer.draws[0];
      return order ? { type: 'ranking', order } : null;
    }
    case 'maxdiff': {
      const tasks = answer.draws[0];
      return tasks ? { type: 'maxdiff', tasks } : null;
    }
    case 'price_ladder': {
      const count = answer.draws[0];
      if (count === undefined || spec.type !== 'price_ladder') return null;
      return { type: 'price_ladder', wouldBuy: spec.prices.map((_, i) => i < count) };
    }
    case 'price_range': {
      const draw = answer.draws[0];
      if (!draw) return null;
      const likely = spec.type === 'price_range' && spec.likelihood;
      return {
        type: 'price_range',
        tooCheap: draw.tooCheap,
        bargain: draw.bargain,
        expensive: draw.expensive,
        tooExpensive: draw.tooExpensive,
        ...(likely
          ? {
              buyAtBargain: Math.round(draw.buyAtBargain * 10),
              buyAtExpensive: Math.round(draw.buyAtExpensive * 10),
            }
          : {}),
      };
    }
  }
}

export function toQuestionLinkView(
  link: QuestionLink,
  url: string | null = null,
): QuestionLinkView {
  return {
    id: link.id,
    productId: link.productId,
    studyId: link.studyId || null,
    questionIds: link.questionIds,
    title: link.title,
    isActive: link.isActive,
    createdAt: link.createdAt?.toISOString() ?? '',
    expiresAt: link.expiresAt?.toISOString() ?? '',
    responseCount: link.responseCount,
    url,
  };
}

export function toPublicQuestionLinkView(
  opened: GetPublicQuestionLinkResponse,
): PublicQuestionLinkView {
  const questions = opened.questions.flatMap((q) => {
    const spec = specFromMessage(q.spec);
    return spec
      ? [
          {
            id: q.id,
            questionText: q.questionText,
            spec,
            maxDiffSets: q.maxdiffSets.map((set) => set.values),
          },
        ]
      : [];
  });
  const myAnswers = opened.myAnswers.flatMap((mine) => {
    const spec = questions.find((q) => q.id === mine.questionId)?.spec;
    const typed = typedAnswerFromMessage(mine.answer);
    const answer = spec && typed ? typedToPersonAnswer(spec, typed) : null;
    return answer ? [{ questionId: mine.questionId, answer }] : [];
  });
  return {
    productName: opened.productName,
    title: opened.title,
    questions,
    expiresAt: opened.expiresAt?.toISOString() ?? '',
    myAnswers: myAnswers.length > 0 ? myAnswers : null,
  };
}

export function toQuestionLinkResultsView(
  results: GetQuestionLinkResultsResponse,
): QuestionLinkResultsView {
  return {
    link: toQuestionLinkView(results.link!),
    questions: results.questions.flatMap((q) => {
      const spec = specFromMessage(q.spec);
      if (!spec) return [];
      return [
        {
          questionId: q.questionId,
          questionText: q.questionText,
          type: spec.type,
          responses: q.responses,
          people: typedResultFromMessage(q.people),
          personas: typedResultFromMessage(q.personas),
          agreement: {
            distance: q.agreement?.distance ?? null,
            ks: q.agreement?.ks ?? null,
            level: q.agreement?.level ?? '',
            text: q.agreement?.text ?? '',
          },
        },
      ];
    }),
  };
}
