import {
  type FollowUpTurnView,
  type Opinion,
  type OpinionCounts,
  opinions,
  type PersonaResponse,
  personaAttributeLabel,
  profileFieldLabel,
  type QuestionSpec,
  type SafetyInfluence,
} from '@chorus/contracts';
import { confidencePercent } from '../../question-history';
import { Badge, Button, cn } from '@chorus/platform/ui';
import { Frown, Meh, MessageCircle, Smile } from 'lucide-react';
import { useState } from 'react';
import { type FollowUpController, PersonaConversation } from './FollowUps';
import { DistributionBar } from './research/DistributionBar';
import { typedAnswerWords } from './typed/answer-words';

const opinionLook: Record<Opinion, { label: string; className: string; Icon: typeof Smile }> = {
  positive: { label: 'Positive', className: 'bg-emerald-100 text-emerald-800', Icon: Smile },
  neutral: { label: 'Neutral', className: 'bg-slate-100 text-slate-700', Icon: Meh },
  negative: { label: 'Negative', className: 'bg-red-100 text-red-800', Icon: Frown },
};

const influenceLabel: Record<SafetyInfluence, string> = {
  high: 'High',
  medium: 'Medium',
  low: 'Low',
};

function Chips({ label, items }: { label: string; items: string[] }) {
  if (items.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      <span className="text-xs font-medium text-muted-foreground">{label}:</span>
      {items.map((item) => (
        <Badge key={item} variant="outline" className="font-normal">
          {item}
        </Badge>
      ))}
    </div>
  );
}

/** "In 20 draws: 12 positive, 6 neutral, 2 negative": how the persona's repeated answers fell. */
function DrawCounts({ draws }: { draws: OpinionCounts }) {
  const total = opinions.reduce((sum, o) => sum + draws[o], 0);
  if (total <= 1) return null;
  return (
    <p className="text-xs text-muted-foreground tabular-nums" data-testid="draw-counts">
      In {total} draws: {opinions.map((o) => `${draws[o]} ${o}`).join(', ')}
    </p>
  );
}

/**
 * One persona's answer: the opinion, how sure it is, how much its safety
 * scores weighed, what it said and why, and the grounds it named (persona
 * attributes and business-profile fields), so a reader can check the reasons.
 */
export function PersonaResponseCard({
  response,
  spec = null,
  conversation,
}: {
  response: PersonaResponse;
  /** A typed question's settings: its answer is then also written in words ("Rated 4 of 5"). */
  spec?: QuestionSpec | null;
  /** Follow-up interviews, on an answered question. */
  conversation?: { turns: FollowUpTurnView[]; controller: FollowUpController; disabled: boolean };
}) {
  const talked =
    conversation?.turns.some((turn) => turn.personaId === response.personaId) ||
    conversation?.controller.live.some((reply) => reply.personaId === response.personaId);
  const [asking, setAsking] = useState(false);
  const look = opinionLook[response.opinion];
  const confidence = confidencePercent(response.confidence);
  const attributes = response.grounding.personaAttributes.map(personaAttributeLabel);
  const profileFields = response.grounding.profileFields.map(profileFieldLabel);
  const typedWords = response.typed ? typedAnswerWords(response.typed, spec) : null;
  return (
    <article
      className="grid gap-3 rounded-lg border bg-background p-4"
      aria-label={response.personaName}
    >
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="font-semibold">{response.personaName}</h4>
        <span
          className={cn(
            'inline-flex items-center gap-1 rounded-md px-2 py-0.5 text-xs font-medium',
            look.className,
          )}
        >
          <look.Icon className="size-3.5" aria-hidden />
          {look.label}
        </span>
      </header>
      <dl className="grid grid-cols-2 gap-3 text-xs">
        <div className="grid gap-1">
          <dt className="text-muted-foreground">Likelihood of this view</dt>
          <dd className="flex items-center gap-2 font-medium tabular-nums">
            <span
              className="h-1.5 w-16 overflow-hidden rounded-full bg-muted"
              role="meter"
              aria-label="Likelihood of this view"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(response.confidence * 100)}
            >
              <span className="block h-full bg-primary" style={{ width: confidence }} />
            </span>
            {confidence}
          </dd>
        </div>
        <div className="grid gap-1">
          <dt className="text-muted-foreground">Safety influence</dt>
          <dd className="font-medium">{influenceLabel[response.safetyInfluence]}</dd>
        </div>
      </dl>
      {typedWords ? (
        <p className="text-sm font-medium" data-testid="typed-answer">
          {typedWords}
        </p>
      ) : null}
      {response.distribution ? <DistributionBar distribution={response.distribution} /> : null}
      {response.draws ? <DrawCounts draws={response.draws} /> : null}
      <blockquote className="border-l-2 border-primary/30 pl-3 text-sm">
        {response.response}
      </blockquote>
      <p className="text-sm text-muted-foreground">
        <span className="font-medium text-foreground">Reasoning: </span>
        {response.reasoning}
      </p>
      {attributes.length + profileFields.length > 0 ? (
        <div className="grid gap-1.5 border-t pt-3" aria-label="Grounding">
          <Chips label="Persona attributes" items={attributes} />
          <Chips label="Business profile" items={profileFields} />
        </div>
      ) : null}
      {conversation && (talked || asking) ? (
        <PersonaConversation
          personaId={response.personaId}
          personaName={response.personaName}
          turns={conversation.turns}
          controller={conversation.controller}
          disabled={conversation.disabled}
        />
      ) : conversation ? (
        <Button
          variant="outline"
          size="sm"
          className="w-fit"
          disabled={conversation.disabled}
          onClick={() => setAsking(true)}
        >
          <MessageCircle aria-hidden /> Ask a follow-up
        </Button>
      ) : null}
    </article>
  );
}
