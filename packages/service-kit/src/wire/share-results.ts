// A share link's results figures (ShareResultsView of @chorus/contracts
// without its link, items, responses and predictions) and
// roadmap.v1.ShareResults, both ways.
import type { Agreement, ShareDistribution, ShareResultsView } from '@chorus/contracts';
import type {
  ShareAgreement,
  ShareDistribution as ShareDistributionMessage,
  ShareResults,
} from '@chorus/proto/roadmap/v1/sharing';

/** The figures the roadmap service computes for a link's results page. */
export type ShareResultsFiguresWire = Pick<
  ShareResultsView,
  'responseCount' | 'distribution' | 'agreement' | 'sentiment' | 'overTime' | 'comments'
>;

function distributionToMessage(distribution: ShareDistribution): ShareDistributionMessage {
  switch (distribution.kind) {
    case 'rating':
    case 'thumbs':
      return {
        distribution: {
          $case: distribution.kind,
          value: { human: distribution.human, persona: distribution.persona },
        },
      };
    case 'text':
      return { distribution: { $case: 'text', value: {} } };
    case 'ranking':
      return {
        distribution: {
          $case: 'ranking',
          value: { human: distribution.human, persona: distribution.persona },
        },
      };
  }
}

function distributionFromMessage(message: ShareDistributionMessage | undefined): ShareDistribution {
  const distribution = message?.distribution;
  switch (distribution?.$case) {
    case 'rating':
    case 'thumbs':
      return {
        kind: distribution.$case,
        human: distribution.value.human,
        persona: distribution.value.persona,
      };
    case 'ranking': {
      const points = (side: { itemId: string; title: string; points: number }[]) =>
        side.map(({ itemId, title, points: p }) => ({ itemId, points: p, title }));
      return {
        kind: 'ranking',
        human: points(distribution.value.human),
        persona: points(distribution.value.persona),
      };
    }
    case 'text':
    case undefined:
      return { kind: 'text' };
  }
}

function agreementToMessage(agreement: Agreement): ShareAgreement {
  return {
    method: agreement.method,
    value: agreement.value ?? undefined,
    responses: agreement.responses,
    tooFew: agreement.tooFew,
    level: agreement.level ?? undefined,
    label: agreement.label,
    text: agreement.text,
    technical: agreement.technical,
  };
}

function agreementFromMessage(message: ShareAgreement): Agreement {
  const agreement: Agreement = {
    method: message.method as Agreement['method'],
    value: message.value ?? null,
    responses: message.responses,
    tooFew: message.tooFew,
    level: (message.level ?? null) as Agreement['level'],
    label: message.label,
  };
  if (message.text !== undefined) agreement.text = message.text;
  if (message.technical !== undefined) agreement.technical = message.technical;
  return agreement;
}

export function shareResultsToMessage(figures: ShareResultsFiguresWire): ShareResults {
  return {
    responseCount: figures.responseCount,
    distribution: distributionToMessage(figures.distribution),
    agreement: figures.agreement ? agreementToMessage(figures.agreement) : undefined,
    sentiment: { ...figures.sentiment },
    overTime: figures.overTime.map(({ date, count }) => ({ date, count })),
    comments: figures.comments.map(({ name, text, createdAt }) => ({
      name,
      text,
      createdAt: new Date(createdAt),
    })),
  };
}

export function shareResultsFromMessage(message: ShareResults): ShareResultsFiguresWire {
  const sentiment = message.sentiment;
  return {
    responseCount: message.responseCount,
    distribution: distributionFromMessage(message.distribution),
    agreement: message.agreement ? agreementFromMessage(message.agreement) : null,
    sentiment: {
      positive: sentiment?.positive ?? 0,
      neutral: sentiment?.neutral ?? 0,
      negative: sentiment?.negative ?? 0,
    },
    overTime: message.overTime.map(({ date, count }) => ({ date, count })),
    comments: message.comments.map(({ name, text, createdAt }) => ({
      name,
      text,
      createdAt: (createdAt ?? new Date(0)).toISOString(),
    })),
  };
}
