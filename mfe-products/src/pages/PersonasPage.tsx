import { type ProductView } from '@chorus/contracts';
import { filterPersonaTemplates } from '../persona-pages';
import {
  Button,
  EmptyState,
  LoadError,
  Loading,
  PageFrame,
  PaymentRequiredBanner,
  ProductGate,
  useProductAccess,
} from '@chorus/platform/ui';
import { ArrowLeft, SearchX } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { usePersonaTemplates } from '../api';
import { CustomPersonas } from '../components/custom-personas/CustomPersonas';
import { PersonaCostDialog } from '../components/PersonaCostDialog';
import {
  noPersonaFilters,
  PersonaFilters,
  type PersonaFilterValues,
} from '../components/PersonaFilters';
import { PersonaTemplateCard } from '../components/PersonaTemplateCard';
import { SelectedPersonas } from '../components/SelectedPersonas';
import { usePersonaSelection } from '../hooks/usePersonaSelection';

function PersonaSelectionPage({ product }: { product: ProductView }) {
  const templates = usePersonaTemplates();
  const selection = usePersonaSelection(product);
  const [filters, setFilters] = useState<PersonaFilterValues>(noPersonaFilters);
  const shown = useMemo(
    () => filterPersonaTemplates(templates.data ?? [], filters),
    [templates.data, filters],
  );
  const selectedByTemplate = new Map(selection.selected.map((p) => [p.templateId, p]));
  const { canUsePaidFeatures } = useProductAccess(product);

  return (
    <PageFrame>
      <Link
        to={`/products/${encodeURIComponent(product.id)}/dashboard`}
        className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden /> {product.name}
      </Link>
      <div className="mt-4">
        <PaymentRequiredBanner product={product} />
      </div>
      <header className="mt-3">
        <h1 className="text-3xl font-bold tracking-tight">Personas</h1>
        <p className="mt-2 max-w-2xl text-muted-foreground">
          Choose the AI customer personas who answer your questions about {product.name}. Each
          persona&apos;s views are shaped by its safety scores.
        </p>
      </header>

      <SelectedPersonas product={product} selection={selection} />

      <CustomPersonas product={product} selection={selection} />

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
                    selection.busyTemplateId === template.id ||
                    (persona !== undefined && selection.busyPersonaId === persona.id) ||
                    selection.personas.isPending
                  }
                  onSelect={() => selection.select(template)}
                  canSelect={canUsePaidFeatures}
                  refusal={persona ? selection.removeRefusal : selection.addRefusal()}
                  onRemove={() => persona && selection.remove(persona)}
                />
              );
            })}
          </div>
        )}
      </section>

      <PersonaCostDialog
        personaName={selection.confirming?.name ?? null}
        plan={selection.plan}
        onCancel={selection.cancelCost}
        onConfirm={selection.confirmCost}
      />
    </PageFrame>
  );
}

/** /products/{id}/personas (and /companies/{id}/personas). */
export function PersonasPage() {
  return (
    <ProductGate loadingLabel="Loading personas...">
      {(product) => <PersonaSelectionPage product={product} />}
    </ProductGate>
  );
}
