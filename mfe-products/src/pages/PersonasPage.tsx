import {
  filterPersonaTemplates,
  formatCents,
  needsPersonaCostConfirmation,
  type PersonaTemplateView,
  personaMessages,
  planFor,
  type ProductPersonaView,
  type ProductView,
  quote,
} from '@chorus/contracts';
import { analytics, toast } from '@chorus/platform';
import { Button, Card, CardContent, EmptyState, LoadError, Loading } from '@chorus/platform/ui';
import { useMutation } from '@tanstack/react-query';
import { ArrowLeft, SearchX, Users, X } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  addProductPersona,
  refreshAfterPersonaChange,
  removeProductPersona,
  usePersonaTemplates,
  useProductPersonas,
} from '../api';
import { PersonaCostDialog } from '../components/PersonaCostDialog';
import {
  noPersonaFilters,
  PersonaFilters,
  type PersonaFilterValues,
} from '../components/PersonaFilters';
import { PersonaTemplateCard } from '../components/PersonaTemplateCard';
import { ProductGate } from '../components/ProductGate';
import { PageFrame } from '../components/States';
import { refusalMessage } from '../messages';

function SelectedPersonas({
  personas,
  busyId,
  onRemove,
}: {
  personas: ProductPersonaView[];
  busyId: string | undefined;
  onRemove: (persona: ProductPersonaView) => void;
}) {
  if (personas.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        No personas selected yet. Choose from the library below.
      </p>
    );
  }
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Selected personas">
      {personas.map((persona) => (
        <li
          key={persona.id}
          className="inline-flex items-center gap-1 rounded-full border bg-background py-1 pr-1 pl-3 text-sm"
        >
          <span className="font-medium">{persona.template.name}</span>
          <Button
            size="icon"
            variant="ghost"
            className="size-6 rounded-full"
            disabled={busyId === persona.id}
            aria-label={`Remove ${persona.template.name}`}
            onClick={() => onRemove(persona)}
          >
            <X className="size-3.5" aria-hidden />
          </Button>
        </li>
      ))}
    </ul>
  );
}

function PersonaSelection({ product }: { product: ProductView }) {
  const templates = usePersonaTemplates();
  const personas = useProductPersonas(product.id);
  const [filters, setFilters] = useState<PersonaFilterValues>(noPersonaFilters);
  const [confirming, setConfirming] = useState<PersonaTemplateView | null>(null);

  const selected = personas.data ?? [];
  const plan = {
    personaCount: selected.length,
    billingCycle: product.billingCycle,
    isLegacyPricing: product.isLegacyPricing,
  };
  const bill = quote(plan);
  const selectedByTemplate = new Map(selected.map((p) => [p.templateId, p]));
  const shown = useMemo(
    () => filterPersonaTemplates(templates.data ?? [], filters),
    [templates.data, filters],
  );

  const add = useMutation({
    mutationFn: (template: PersonaTemplateView) => addProductPersona(product.id, template.id),
    onSuccess: async (_persona, template) => {
      analytics.personaSelection(selected.length + 1);
      await refreshAfterPersonaChange(product.id);
      toast({
        title: 'Persona added',
        description: `${template.name} will answer your questions.`,
      });
    },
    onError: (error) =>
      toast({
        title: 'Error',
        description: refusalMessage(error) ?? personaMessages.addFailed,
        variant: 'destructive',
      }),
  });

  const remove = useMutation({
    mutationFn: (persona: ProductPersonaView) => removeProductPersona(product.id, persona.id),
    onSuccess: async (_answer, persona) => {
      await refreshAfterPersonaChange(product.id);
      toast({
        title: personaMessages.removed,
        description: `${persona.template.name} no longer answers your questions.`,
      });
    },
    onError: (error) =>
      toast({
        title: 'Error',
        description: refusalMessage(error) ?? 'Failed to remove persona',
        variant: 'destructive',
      }),
  });

  function select(template: PersonaTemplateView) {
    // At or beyond the included count, the customer sees the cost first.
    if (needsPersonaCostConfirmation(selected.length, product)) setConfirming(template);
    else add.mutate(template);
  }

  const busyTemplate = add.isPending ? add.variables.id : undefined;
  const busyPersona = remove.isPending ? remove.variables.id : undefined;

  return (
    <PageFrame>
      <Link
        to={`/products/${encodeURIComponent(product.id)}/dashboard`}
        className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden /> {product.name}
      </Link>
      <header className="mt-3">
        <h1 className="text-3xl font-bold tracking-tight">Personas</h1>
        <p className="mt-2 max-w-2xl text-muted-foreground">
          Choose the AI customer personas who answer your questions about {product.name}. Each
          persona&apos;s views are shaped by its safety scores.
        </p>
      </header>

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
                    ? ` · ${bill.extraPersonas} extra at ${formatCents(planFor(product).extraPersonaCents)}/month each`
                    : ''}
                </p>
              </div>
            </div>
            <p className="text-sm text-muted-foreground">
              Monthly cost{' '}
              <span
                className="text-lg font-semibold text-foreground tabular-nums"
                data-testid="monthly-cost"
              >
                {formatCents(bill.monthlyRateCents)}/month
              </span>
            </p>
          </div>
          {personas.isPending ? (
            <p className="text-sm text-muted-foreground">Loading your personas...</p>
          ) : personas.isError ? (
            <p role="alert" className="text-sm text-destructive">
              Unable to load your personas.
            </p>
          ) : (
            <SelectedPersonas
              personas={selected}
              busyId={busyPersona}
              onRemove={(persona) => remove.mutate(persona)}
            />
          )}
        </CardContent>
      </Card>

      <section className="mt-10 grid gap-5" aria-labelledby="library-title">
        <div className="flex items-end justify-between gap-3">
          <h2 id="library-title" className="text-xl font-semibold tracking-tight">
            Persona Library
          </h2>
          {templates.data ? (
            <p className="text-sm text-muted-foreground" data-testid="library-count">
              Showing {shown.length} of {templates.data.length} personas
            </p>
          ) : null}
        </div>
        <PersonaFilters value={filters} onChange={setFilters} />
        {templates.isPending ? (
          <Loading label="Loading persona library..." />
        ) : templates.isError ? (
          <LoadError
            message="Unable to load the persona library."
            onRetry={() => void templates.refetch()}
          />
        ) : shown.length === 0 ? (
          <EmptyState
            icon={SearchX}
            title="No personas match your filters"
            text="Try another search or clear a filter."
            action={
              <Button variant="outline" onClick={() => setFilters(noPersonaFilters)}>
                Clear Filters
              </Button>
            }
          />
        ) : (
          <div className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
            {shown.map((template) => {
              const persona = selectedByTemplate.get(template.id);
              return (
                <PersonaTemplateCard
                  key={template.id}
                  template={template}
                  selected={Boolean(persona)}
                  busy={
                    busyTemplate === template.id ||
                    (persona !== undefined && busyPersona === persona.id) ||
                    personas.isPending
                  }
                  onSelect={() => select(template)}
                  onRemove={() => persona && remove.mutate(persona)}
                />
              );
            })}
          </div>
        )}
      </section>

      <PersonaCostDialog
        personaName={confirming?.name ?? null}
        plan={plan}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (confirming) add.mutate(confirming);
          setConfirming(null);
        }}
      />
    </PageFrame>
  );
}

/** /products/{id}/personas (and /companies/{id}/personas). */
export function PersonasPage() {
  return (
    <ProductGate loadingLabel="Loading personas...">
      {(product) => <PersonaSelection product={product} />}
    </ProductGate>
  );
}
