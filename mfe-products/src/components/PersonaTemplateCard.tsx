import type { PersonaTemplateView } from '@chorus/contracts';
import { Button, Card, CardContent, CardFooter, CardHeader, cn } from '@chorus/platform/ui';
import { Briefcase, Check, Loader2, MapPin, Plus, Wallet, X } from 'lucide-react';
import { useId } from 'react';
import { SafetyScores } from './SafetyScores';

/** Up to two initials of a persona's name, for its avatar. */
export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('');
}

/** A template of the library: who the persona is, its safety scores, and select or remove. */
export function PersonaTemplateCard({
  template,
  selected,
  busy,
  onSelect,
  canSelect = true,
  refusal,
  onRemove,
}: {
  template: PersonaTemplateView;
  selected: boolean;
  busy: boolean;
  onSelect: () => void;
  /** Selecting is paid work: an unpaid product can only remove personas. */
  canSelect?: boolean;
  /** Why this user's role does not allow the card's button (select or remove): it is disabled. */
  refusal?: string;
  onRemove: () => void;
}) {
  const titleId = useId();
  const facts = [template.gender, `${template.age} years`, template.iq ? `IQ ${template.iq}` : null]
    .filter(Boolean)
    .join(' · ');
  return (
    <Card
      role="article"
      aria-labelledby={titleId}
      className={cn('gap-4', selected && 'border-primary ring-2 ring-primary/20')}
    >
      <CardHeader className="flex flex-row items-start gap-3">
        <span
          className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary/10 font-semibold text-primary"
          aria-hidden
        >
          {initials(template.name)}
        </span>
        <div className="grid min-w-0 gap-0.5">
          <h3 id={titleId} className="truncate font-semibold">
            {template.name}
          </h3>
          <p className="text-xs text-muted-foreground">{facts}</p>
        </div>
        {selected ? (
          <span className="ml-auto inline-flex items-center gap-1 rounded-md bg-primary px-2 py-0.5 text-xs font-medium text-primary-foreground">
            <Check className="size-3" aria-hidden /> Selected
          </span>
        ) : null}
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-3 text-sm">
        <ul className="grid gap-1.5 text-muted-foreground">
          <li className="flex items-start gap-2">
            <Briefcase className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>{template.occupation}</span>
          </li>
          <li className="flex items-start gap-2">
            <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>{template.location}</span>
          </li>
          <li className="flex items-start gap-2">
            <Wallet className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>{template.income}</span>
          </li>
        </ul>
        <p className="line-clamp-3" title={template.personality}>
          <span className="font-medium">Personality: </span>
          <span className="text-muted-foreground">{template.personality}</span>
        </p>
        <p className="line-clamp-2" title={template.motivations}>
          <span className="font-medium">Motivations: </span>
          <span className="text-muted-foreground">{template.motivations}</span>
        </p>
        <div className="mt-auto pt-1">
          <SafetyScores scores={template.safetyScores} />
        </div>
      </CardContent>
      <CardFooter className="mt-auto border-t pt-4">
        {selected ? (
          <Button
            variant="outline"
            className="w-full"
            disabled={busy || refusal !== undefined}
            title={refusal}
            onClick={onRemove}
            aria-label={`Remove ${template.name}`}
          >
            {busy ? <Loader2 className="animate-spin" aria-hidden /> : <X aria-hidden />} Remove
          </Button>
        ) : (
          <Button
            className="w-full"
            disabled={busy || !canSelect || refusal !== undefined}
            title={refusal}
            onClick={onSelect}
            aria-label={`Select ${template.name}`}
          >
            {busy ? <Loader2 className="animate-spin" aria-hidden /> : <Plus aria-hidden />} Select
          </Button>
        )}
      </CardFooter>
    </Card>
  );
}
