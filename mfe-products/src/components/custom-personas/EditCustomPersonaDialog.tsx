import {
  type CustomTraitField,
  editCustomPersonaRequest,
  MAX_PERSONA_AGE,
  MIN_PERSONA_AGE,
  type ProductPersonaView,
} from '@chorus/contracts';
import { toast } from '@chorus/platform';
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  type FieldControl,
  FieldError,
  FormField,
  Input,
  Textarea,
  useZodForm,
} from '@chorus/platform/ui';
import { Loader2 } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { z } from 'zod';
import { type CustomTraitChanges, useUpdateCustomPersona } from '../../custom-personas-api';
import { refusalMessage } from '../../messages';
import { traitLabels } from './TraitProvenance';

const shortFields = ['name', 'age', 'gender', 'occupation', 'location', 'income'] as const;
const longFields = ['lifestyle', 'motivations', 'personality'] as const;

type Values = Record<CustomTraitField, string>;

function valuesOf(persona: ProductPersonaView): Values {
  const { template } = persona;
  return {
    name: template.name,
    age: String(template.age),
    gender: template.gender ?? '',
    occupation: template.occupation,
    location: template.location,
    income: template.income,
    lifestyle: template.lifestyle,
    motivations: template.motivations,
    personality: template.personality,
  };
}

/** The traits the user changed, typed as the API takes them. */
function changesOf(before: Values, after: Values): CustomTraitChanges {
  const changes: CustomTraitChanges = {};
  for (const field of [...shortFields, ...longFields]) {
    const value = after[field].trim();
    if (value === before[field].trim()) continue;
    changes[field] =
      field === 'age'
        ? value === ''
          ? Number.NaN
          : Number(value)
        : field === 'gender' && value === ''
          ? null
          : value;
  }
  return changes;
}

const traitValues = z.object({
  name: z.string(),
  age: z.string(),
  gender: z.string(),
  occupation: z.string(),
  location: z.string(),
  income: z.string(),
  lifestyle: z.string(),
  motivations: z.string(),
  personality: z.string(),
}) satisfies z.ZodType<Values>;

/**
 * The form's values become the traits the user changed, checked by the
 * server's own rules; each message shows under the trait it is about.
 */
function editSchema(initial: Values) {
  return traitValues
    .transform((values) => changesOf(initial, values))
    .superRefine((changes, ctx) => {
      if (Object.keys(changes).length === 0) return;
      const checked = editCustomPersonaRequest.safeParse(changes);
      if (checked.success) return;
      for (const issue of checked.error.issues) {
        ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
      }
    });
}

function EditForm({
  productId,
  persona,
  onDone,
}: {
  productId: string;
  persona: ProductPersonaView;
  onDone: () => void;
}) {
  const id = useId();
  const [initial] = useState(() => valuesOf(persona));
  const [schema] = useState(() => editSchema(initial));
  // Checked when saved, and again only at the next save.
  const form = useZodForm(schema, { defaultValues: initial, reValidateMode: 'onSubmit' });
  const update = useUpdateCustomPersona(productId);
  const problem = form.formState.errors.root?.message;

  const submit = form.handleSubmit((changes) => {
    if (Object.keys(changes).length === 0) {
      onDone();
      return;
    }
    update.mutate(
      { personaId: persona.id, changes },
      {
        onSuccess: (updated) => {
          toast({
            title: 'Persona updated',
            description: `The traits you edited on ${updated.template.name} are now given.`,
          });
          onDone();
        },
        onError: (error) =>
          form.setError('root', {
            message: refusalMessage(error) ?? 'The persona could not be saved. Please try again.',
          }),
      },
    );
  });

  /** One trait: its label, its control and the message about it. */
  const trait = (field: CustomTraitField, control: (props: FieldControl) => ReactNode) => (
    <FormField
      key={field}
      form={form}
      name={field}
      id={`${id}-${field}`}
      label={traitLabels[field]}
      className="gap-1.5"
    >
      {control}
    </FormField>
  );

  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => void submit(event)}
      onChange={() => form.clearErrors()}
      noValidate
      aria-describedby={`${id}-problem`}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        {shortFields.map((field) =>
          trait(field, (control) => (
            <Input
              {...control}
              type={field === 'age' ? 'number' : 'text'}
              inputMode={field === 'age' ? 'numeric' : undefined}
              min={field === 'age' ? MIN_PERSONA_AGE : undefined}
              max={field === 'age' ? MAX_PERSONA_AGE : undefined}
            />
          )),
        )}
      </div>
      {longFields.map((field) => trait(field, (control) => <Textarea {...control} rows={2} />))}
      <FieldError id={`${id}-problem`}>{problem}</FieldError>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={update.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? <Loader2 className="animate-spin" aria-hidden /> : null}
          Save Changes
        </Button>
      </DialogFooter>
    </form>
  );
}

/** Edits a customer persona's traits; whatever the user types becomes given. */
export function EditCustomPersonaDialog({
  productId,
  persona,
  onClose,
}: {
  productId: string;
  /** The persona being edited; the dialog is closed without one. */
  persona: ProductPersonaView | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={persona !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Edit {persona?.template.name}</DialogTitle>
          <DialogDescription>
            Traits you change are marked given: they count as evidence, not guesswork.
          </DialogDescription>
        </DialogHeader>
        {persona ? (
          <EditForm key={persona.id} productId={productId} persona={persona} onDone={onClose} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
