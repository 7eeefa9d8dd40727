import {
  type CustomPersonaFacts,
  type CustomTraitField,
  customTraitFields,
  type ProductPersonaView,
} from '@chorus/contracts';
import { Button, Card, CardContent, CardFooter, CardHeader } from '@chorus/platform/ui';
import { Loader2, Pencil, Trash2, UserRound } from 'lucide-react';
import { useId } from 'react';
import { initials } from '../PersonaTemplateCard';
import { SafetyScores } from '../SafetyScores';
import { ProvenanceMark, traitLabels } from './TraitProvenance';

/** The traits listed on the card, in reading order (the name is the card's title). */
const listed = customTraitFields.filter((field) => field !== 'name');

function traitValue(persona: ProductPersonaView, field: CustomTraitField): string {
  const value = persona.template[field];
  if (value === null || value === '') return 'Not known';
  return field === 'age' ? `${value} years` : String(value);
}

/** Where the persona came from: the description, or the customer's row of a file. */
function SourceText({ custom }: { custom: CustomPersonaFacts }) {
  return (
    <figure className="grid gap-1 rounded-md bg-muted/50 px-3 py-2 text-xs" aria-label="Source">
      <figcaption className="font-medium">
        {custom.source === 'csv'
          ? `From ${custom.fileName || 'your customer file'}`
          : 'From your description'}
      </figcaption>
      <blockquote
        className="line-clamp-4 whitespace-pre-line text-muted-foreground"
        title={custom.sourceText}
      >
        {custom.sourceText}
      </blockquote>
    </figure>
  );
}

/**
 * A persona of the business's own customer: its traits, each marked given or
 * inferred, its source, its safety scores, and edit or delete.
 */
export function CustomPersonaCard({
  persona,
  custom,
  busy,
  editRefusal,
  deleteRefusal,
  onEdit,
  onDelete,
}: {
  persona: ProductPersonaView;
  custom: CustomPersonaFacts;
  busy: boolean;
  /** Why the user's role does not allow editing or deleting it: that button is disabled. */
  editRefusal?: string;
  deleteRefusal?: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const titleId = useId();
  const { template } = persona;
  return (
    <Card role="article" aria-labelledby={titleId} className="gap-4">
      <CardHeader className="flex flex-row items-start gap-3">
        <span
          className="flex size-11 shrink-0 items-center justify-center rounded-full bg-violet-100 font-semibold text-violet-700"
          aria-hidden
        >
          {initials(template.name)}
        </span>
        <div className="grid min-w-0 gap-1">
          <div className="flex min-w-0 items-center gap-1.5">
            <h3 id={titleId} className="truncate font-semibold">
              {template.name}
            </h3>
            <ProvenanceMark field="name" provenance={custom.provenance.name} />
          </div>
          <span className="inline-flex w-fit items-center gap-1 rounded-md bg-violet-50 px-2 py-0.5 text-xs font-medium text-violet-700">
            <UserRound className="size-3" aria-hidden /> Your customer
          </span>
        </div>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-3 text-sm">
        <dl className="grid gap-1.5" aria-label="Traits">
          {listed.map((field) => (
            <div key={field} className="grid grid-cols-[6.5rem_1fr] items-start gap-2">
              <dt className="text-xs font-medium text-muted-foreground">{traitLabels[field]}</dt>
              <dd className="flex min-w-0 items-start justify-between gap-2">
                <span className="line-clamp-2" title={traitValue(persona, field)}>
                  {traitValue(persona, field)}
                </span>
                <ProvenanceMark field={field} provenance={custom.provenance[field]} />
              </dd>
            </div>
          ))}
        </dl>
        <SourceText custom={custom} />
        <div className="mt-auto pt-1">
          <SafetyScores scores={template.safetyScores} />
        </div>
      </CardContent>
      <CardFooter className="mt-auto gap-2 border-t pt-4">
        <Button
          variant="outline"
          className="flex-1"
          disabled={busy || editRefusal !== undefined}
          title={editRefusal}
          onClick={onEdit}
          aria-label={`Edit ${template.name}`}
        >
          <Pencil aria-hidden /> Edit
        </Button>
        <Button
          variant="outline"
          className="flex-1 text-destructive hover:text-destructive"
          disabled={busy || deleteRefusal !== undefined}
          title={deleteRefusal}
          onClick={onDelete}
          aria-label={`Delete ${template.name}`}
        >
          {busy ? <Loader2 className="animate-spin" aria-hidden /> : <Trash2 aria-hidden />} Delete
        </Button>
      </CardFooter>
    </Card>
  );
}
