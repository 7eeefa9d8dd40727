import { formatMoney, planFor, type ProductView } from '@chorus/contracts';
import { Button, Card, CardContent } from '@chorus/platform/ui';
import { Users, X } from 'lucide-react';
import type { PersonaSelection } from '../hooks/usePersonaSelection';

/** The personas page's summary: how many are selected, what they cost, and each to remove. */
export function SelectedPersonas({
  product,
  selection,
}: {
  product: ProductView;
  selection: PersonaSelection;
}) {
  const { selected, bill, personas } = selection;
  return (
    <Card className="mt-8 gap-4" role="region" aria-label="Your personas">
      <CardContent className="grid gap-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex items-center gap-3">
            <span className="flex size-10 items-center justify-center rounded-lg bg-violet-50 text-violet-700">
              <Users className="size-5" aria-hidden />
            </span>
            <div>
              <h2 className="font-semibold" data-testid="selected-count">
                {selected.length} {selected.length === 1 ? 'persona' : 'personas'} selected
              </h2>
              <p className="text-sm text-muted-foreground">
                {bill.includedPersonas} included in your plan
                {bill.extraPersonas > 0
                  ? ` · ${bill.extraPersonas} extra at ${formatMoney(planFor(product).extraPersonaCents)}/month each`
                  : ''}
              </p>
            </div>
          </div>
          {/* What the owner pays is not a viewer's to see. */}
          {product.role === 'viewer' ? null : (
            <p className="text-sm text-muted-foreground">
              Monthly cost{' '}
              <span
                className="text-lg font-semibold text-foreground tabular-nums"
                data-testid="monthly-cost"
              >
                {formatMoney(bill.monthlyRateCents)}/month
              </span>
            </p>
          )}
        </div>
        {personas.isPending ? (
          <p className="text-sm text-muted-foreground">Loading your personas...</p>
        ) : personas.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Unable to load your personas.
          </p>
        ) : selected.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No personas selected yet. Choose from the library below.
          </p>
        ) : (
          <ul className="flex flex-wrap gap-2" aria-label="Selected personas">
            {selected.map((persona) => (
              <li
                key={persona.id}
                className="inline-flex items-center gap-1 rounded-full border bg-background py-1 pr-1 pl-3 text-sm"
              >
                <span className="font-medium">{persona.template.name}</span>
                <Button
                  size="icon"
                  variant="ghost"
                  className="size-6 rounded-full"
                  disabled={
                    selection.busyPersonaId === persona.id || selection.removeRefusal !== undefined
                  }
                  title={selection.removeRefusal}
                  aria-label={`Remove ${persona.template.name}`}
                  onClick={() => selection.remove(persona)}
                >
                  <X className="size-3.5" aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
