import {
  askQuestionRequest,
  personaAnswerSchema,
  personaResponseSchema,
  questionMessages,
} from '../src';

describe('the response schema', () => {
  const valid = {
    personaId: 'p1',
    personaName: 'Dorothy Jenkins',
    opinion: 'negative',
    confidence: 0.72,
    safetyInfluence: 'high',
    response: 'On a fixed income, another monthly charge is hard to justify.',
    reasoning: 'Low economic safety (3/10) and a pension income make the price decisive.',
    grounding: {
      personaAttributes: ['income', 'safetyScores.economic'],
      profileFields: ['pricingModels'],
    },
  };

  it('accepts a complete answer', () => {
    expect(personaResponseSchema.parse(valid)).toEqual(valid);
  });

  it.each([
    ['an unknown opinion', { opinion: 'mixed' }],
    ['confidence above 1', { confidence: 1.2 }],
    ['negative confidence', { confidence: -0.1 }],
    ['an unknown safety influence', { safetyInfluence: 'extreme' }],
    ['an empty response', { response: '  ' }],
    ['an empty reasoning', { reasoning: '' }],
    ['a response that is too long', { response: 'x'.repeat(2001) }],
    [
      'an attribute the persona does not have',
      { grounding: { personaAttributes: ['shoeSize'], profileFields: [] } },
    ],
    [
      'a field the profile does not have',
      { grounding: { personaAttributes: [], profileFields: ['favouriteColour'] } },
    ],
    ['no grounding', { grounding: undefined }],
    ['no persona name', { personaName: '' }],
  ])('refuses %s', (_what, change) => {
    expect(personaResponseSchema.safeParse({ ...valid, ...change }).success).toBe(false);
  });

  it('is the answer schema plus who answered', () => {
    const { personaId: _id, personaName: _name, ...answerOnly } = valid;
    expect(personaAnswerSchema.safeParse(answerOnly).success).toBe(true);
  });
});

describe('askQuestionRequest', () => {
  it.each([
    ['too short', 'Why?', questionMessages.tooShort],
    ['only spaces around a short text', '   Why not?   ', questionMessages.tooShort],
    ['too long', 'x'.repeat(501), questionMessages.tooLong],
    ['missing', undefined, questionMessages.tooShort],
    ['one word', 'Subscription', questionMessages.tooFewWords],
    ['emoji only', '🤔🤔🤔🤔🤔🤔🤔🤔🤔🤔', questionMessages.noWords],
    ['HTML', '<script>alert(1)</script> Would you pay $30?', questionMessages.markup],
    ['10,000 characters', `Would you pay ${'x'.repeat(9_986)}`, questionMessages.tooLong],
  ])('refuses a question that is %s', (_what, questionText, message) => {
    const parsed = askQuestionRequest.safeParse({ questionText });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(message);
  });

  it.each([
    ['10 characters', 'Is it fun?'],
    ['500 characters', `Would you pay for this? ${'x'.repeat(476)}`],
    ['a price with a less-than sign', 'Is a <$30 price fair for you?'],
    ['a question without a verb', 'Thoughts on weekly meal kits?'],
  ])('accepts %s', (_what, questionText) => {
    expect(askQuestionRequest.parse({ questionText, productId: 'p' }).questionText).toBe(
      questionText,
    );
  });
});
