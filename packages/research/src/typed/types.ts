import type { SpecOf, TypedAnswer, TypedResult } from '@chorus/contracts';

/** Each type's answer and result, picked out of the unions of @chorus/contracts. */
export type AnswerOf<T extends TypedAnswer['type']> = Extract<TypedAnswer, { type: T }>;

export type ScaleResult = Extract<TypedResult, { type: 'scale' }>;
export type NpsResult = Extract<TypedResult, { type: 'nps' }>;
export type ChoiceResult = Extract<TypedResult, { options: unknown }>;
export type NumberResult = Extract<TypedResult, { type: 'number' }>;
export type RankingResult = Extract<TypedResult, { type: 'ranking' }>;
export type MaxDiffResult = Extract<TypedResult, { type: 'maxdiff' }>;
export type PriceLadderResult = Extract<TypedResult, { type: 'price_ladder' }>;
export type PriceRangeResult = Extract<TypedResult, { type: 'price_range' }>;

export type ChoiceSpec = SpecOf<'single_choice'> | SpecOf<'multiple_choice'>;
export type ChoiceAnswer = AnswerOf<'single_choice'> | AnswerOf<'multiple_choice'>;
