import { type ReactNode, type Ref, useId } from 'react';
import type { Draft, SurveyQuestion } from './survey-drafts';
import { Points } from './answers/Points';
import { Scale } from './answers/Scale';
import { Choices } from './answers/Choices';
import { NumberAnswer } from './answers/NumberAnswer';
import { Ranking } from './answers/Ranking';
import { MaxDiff } from './answers/MaxDiff';
import { PriceLadder } from './answers/PriceLadder';
import { PriceRange } from './answers/PriceRange';

/**
 * One question as its type asks it, in its own fieldset; the problem found
 * when sending shows under the question text and describes the group.
 */
export function SurveyQuestionField({
  question,
  number,
  draft,
  problem,
  fieldsetRef,
  onChange,
}: {
  question: SurveyQuestion;
  number: number;
  draft: Draft;
  problem: string | null;
  fieldsetRef: Ref<HTMLFieldSetElement>;
  onChange: (draft: Draft) => void;
}) {
  const id = useId();
  const name = `q${id}`;
  const { spec } = question;
  const problemId = `${id}-problem`;

  const controls = (): ReactNode => {
    switch (spec.type) {
      case 'scale':
        return draft.type === 'scale' ? (
          <Scale spec={spec} draft={draft} name={name} onChange={onChange} />
        ) : null;
      case 'nps':
        return draft.type === 'nps' ? (
          <Points
            name={name}
            from={0}
            to={10}
            value={draft.value}
            low="Not at all likely"
            high="Extremely likely"
            onChange={(value) => onChange({ type: 'nps', value })}
          />
        ) : null;
      case 'single_choice':
      case 'multiple_choice':
        return draft.type === 'single_choice' || draft.type === 'multiple_choice' ? (
          <Choices spec={spec} draft={draft} name={name} onChange={onChange} />
        ) : null;
      case 'number':
        return draft.type === 'number' ? (
          <NumberAnswer spec={spec} draft={draft} id={`${id}-number`} onChange={onChange} />
        ) : null;
      case 'ranking':
        return draft.type === 'ranking' ? (
          <Ranking spec={spec} draft={draft} id={id} onChange={onChange} />
        ) : null;
      case 'maxdiff':
        return draft.type === 'maxdiff' ? (
          <MaxDiff
            spec={spec}
            sets={question.maxDiffSets}
            draft={draft}
            name={name}
            onChange={onChange}
          />
        ) : null;
      case 'price_ladder':
        return draft.type === 'price_ladder' ? (
          <PriceLadder spec={spec} draft={draft} name={name} onChange={onChange} />
        ) : null;
      case 'price_range':
        return draft.type === 'price_range' ? (
          <PriceRange spec={spec} draft={draft} id={id} name={name} onChange={onChange} />
        ) : null;
    }
  };

  return (
    <fieldset
      ref={fieldsetRef}
      className="survey-question"
      aria-describedby={problem ? problemId : undefined}
    >
      <legend>
        <span className="survey-number">{number}.</span> {question.questionText}
      </legend>
      {problem && (
        <p id={problemId} className="share-error survey-problem">
          {problem}
        </p>
      )}
      {controls()}
    </fieldset>
  );
}
