import {
  customPersonaMessages,
  type ProductPersonaView,
  type ProductView,
} from '@chorus/contracts';
import { needsPersonaCostConfirmation } from '../../product-pages';
import { toast } from '@chorus/platform';
import { ConfirmDialog } from '@chorus/platform/ui';
import { useState } from 'react';
import {
  type CustomPersonaImport,
  useCreateCustomPersona,
  useImportCustomPersonas,
} from '../../custom-personas-api';
import type { PersonaSelection } from '../../hooks/usePersonaSelection';
import { refusalMessage } from '../../messages';
import { PersonaCostDialog } from '../PersonaCostDialog';
import { CustomPersonaCard } from './CustomPersonaCard';
import { type CustomerFile, DescribeCustomerForm, ImportCustomersForm } from './CustomPersonaForms';
import { EditCustomPersonaDialog } from './EditCustomPersonaDialog';
import { ProvenanceLegend } from './TraitProvenance';

/** A creation waiting for the customer to accept what it adds to the bill. */
type Pending =
  | { kind: 'description'; description: string; settle(done: boolean): void }
  | { kind: 'file'; file: CustomerFile; settle(done: boolean): void };

/**
 * The personas of the business's own customers: create one from a
 * description, import several from a customer CSV, and each as a card with
 * its traits' provenance, to edit or delete. They count toward the price as
 * any persona does, so past the included count the cost is confirmed first.
 */
export function CustomPersonas({
  product,
  selection,
}: {
  product: ProductView;
  selection: PersonaSelection;
}) {
  const create = useCreateCustomPersona(product.id);
  const importer = useImportCustomPersonas(product.id);
  const [describeRefusal, setDescribeRefusal] = useState<string>();
  const [importRefusal, setImportRefusal] = useState<string>();
  const [imported, setImported] = useState<CustomPersonaImport & { fileName: string }>();
  const [pending, setPending] = useState<Pending | null>(null);
  const [editing, setEditing] = useState<ProductPersonaView | null>(null);
  const [deleting, setDeleting] = useState<ProductPersonaView | null>(null);
  const count = selection.selected.length;
  const customers = selection.selected.filter((persona) => persona.custom);

  const runCreate = async (description: string): Promise<boolean> => {
    try {
      const persona = await create.mutateAsync(description);
      toast({
        title: 'Persona created',
        description: `${persona.template.name} will answer your questions.`,
      });
      return true;
    } catch (error) {
      setDescribeRefusal(refusalMessage(error) ?? customPersonaMessages.buildFailed);
      return false;
    }
  };

  const runImport = async (file: CustomerFile): Promise<boolean> => {
    try {
      const answer = await importer.mutateAsync({ fileName: file.fileName, csv: file.csv });
      setImported({ ...answer, fileName: file.fileName });
      return true;
    } catch (error) {
      setImported(undefined);
      setImportRefusal(refusalMessage(error) ?? customPersonaMessages.buildFailed);
      return false;
    }
  };

  // An import whose every row is unusable adds nothing: no cost to confirm.
  const confirmFirst = (added: number, make: (settle: (done: boolean) => void) => Pending) =>
    added > 0 && needsPersonaCostConfirmation(count + added - 1, product)
      ? new Promise<boolean>((settle) => setPending(make(settle)))
      : undefined;

  const onCreate = (description: string) =>
    confirmFirst(1, (settle) => ({ kind: 'description', description, settle })) ??
    runCreate(description);

  const onImport = (file: CustomerFile) =>
    confirmFirst(file.rows, (settle) => ({ kind: 'file', file, settle })) ?? runImport(file);

  const confirmCost = () => {
    if (!pending) return;
    setPending(null);
    const run =
      pending.kind === 'description' ? runCreate(pending.description) : runImport(pending.file);
    void run.then(pending.settle);
  };

  const cancelCost = () => {
    pending?.settle(false);
    setPending(null);
  };

  return (
    <section className="mt-10 grid gap-5" aria-labelledby="customers-title">
      <div className="grid gap-1">
        <h2 id="customers-title" className="text-xl font-semibold tracking-tight">
          Your Customers
        </h2>
        <p className="max-w-2xl text-sm text-muted-foreground">
          Build personas of your own customers from a description or a customer file. Each trait
          shows whether it was given in your source or inferred by Chorus.
        </p>
      </div>
      <div className="grid gap-5 md:grid-cols-2">
        <DescribeCustomerForm
          pending={create.isPending}
          notAllowed={selection.addRefusal()}
          refusal={describeRefusal}
          onClearRefusal={() => setDescribeRefusal(undefined)}
          onCreate={onCreate}
        />
        <ImportCustomersForm
          pending={importer.isPending}
          notAllowed={selection.addRefusal()}
          refusal={importRefusal}
          result={imported}
          onClearRefusal={() => setImportRefusal(undefined)}
          onImport={onImport}
        />
      </div>
      {customers.length > 0 ? (
        <>
          <ProvenanceLegend />
          <div
            className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3"
            role="list"
            aria-label="Customer personas"
          >
            {customers.map((persona) =>
              persona.custom ? (
                <div role="listitem" key={persona.id} className="grid">
                  <CustomPersonaCard
                    persona={persona}
                    custom={persona.custom}
                    busy={selection.busyPersonaId === persona.id}
                    editRefusal={selection.editRefusal}
                    deleteRefusal={selection.removeRefusal}
                    onEdit={() => setEditing(persona)}
                    onDelete={() => setDeleting(persona)}
                  />
                </div>
              ) : null,
            )}
          </div>
        </>
      ) : null}

      <PersonaCostDialog
        personaName={
          pending === null
            ? null
            : pending.kind === 'file' && pending.file.rows > 1
              ? `${pending.file.rows} personas of your customers`
              : 'a persona of your customer'
        }
        count={pending?.kind === 'file' ? pending.file.rows : 1}
        plan={selection.plan}
        onCancel={cancelCost}
        onConfirm={confirmCost}
      />
      <EditCustomPersonaDialog
        productId={product.id}
        persona={editing}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete ${deleting?.template.name ?? 'this persona'}?`}
        description="The persona and what it was built from are deleted; it no longer answers your questions."
        confirmLabel="Delete Persona"
        destructive
        onConfirm={() => {
          if (deleting) selection.remove(deleting);
          setDeleting(null);
        }}
      />
    </section>
  );
}
