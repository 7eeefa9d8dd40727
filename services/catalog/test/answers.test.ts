import { checkedAnswer } from '../src/domain/answers';

describe('checkedAnswer', () => {
  const response = (personaId: string) => ({
    personaId,
    personaName: `Persona ${personaId}`,
    opinion: 'neutral',
    confidence: 0.5,
    safetyInfluence: 'low',
    response: 'Maybe.',
    reasoning: 'Nothing weighs strongly.',
    grounding: { personaAttributes: [], profileFields: [] },
  });
  const results = { positive: 0, neutral: 100, negative: 0, keyInsight: 'All neutral.' };

  it('accepts answers that pass the schema', () => {
    expect(checkedAnswer([response('a'), response('b')], results)).toMatchObject({ ok: true });
  });

  it.each([
    ['no responses', [], results],
    ['the same persona twice', [response('a'), response('a')], results],
    ['no aggregated results', [response('a')], undefined],
  ])('refuses %s', (_what, responses, aggregated) => {
    expect(checkedAnswer(responses, aggregated)).toMatchObject({ ok: false });
  });
});
