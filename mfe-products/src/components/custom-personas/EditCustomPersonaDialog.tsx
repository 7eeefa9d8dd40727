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
  FieldError,
  Input,
  Label,
  Textarea,
} from '@chorus/platform/ui';
import { Loader2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
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
  const [values, setValues] = useState(initial);
  const [problem, setProblem] = useState<string>();
  const update = useUpdateCustomPersona(productId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const changes = changesOf(initial, values);
    if (Object.keys(changes).length === 0) {
      onDone();
      return;
    }
    // The server's own rules, checked before sending.
    const checked = editCustomPersonaRequest.safeParse(changes);
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message);
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
          setProblem(refusalMessage(error) ?? 'The persona could not be saved. Please try again.'),
      },
    );
  };

  const set = (field: CustomTraitField) => (value: string) => {
    setProblem(undefined);
    setValues((known) => ({ ...known, [field]: value }));
  };

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate aria-describedby={`${id}-problem`}>
      <div className="grid gap-3 sm:grid-cols-2">
        {shortFields.map((field) => (
          <div key={field} className="grid gap-1.5">
            <Label htmlFor={`${id}-${field}`}>{traitLabels[field]}</Label>
            <Input
              id={`${id}-${field}`}
              type={field === 'age' ? 'number' : 'text'}
              inputMode={field === 'age' ? 'numeric' : undefined}
              min={field === 'age' ? MIN_PERSONA_AGE : undefined}
              max={field === 'age' ? MAX_PERSONA_AGE : undefined}
              value={values[field]}
              onChange={(event) => set(field)(event.target.value)}
            />
          </div>
        ))}
      </div>
      {longFields.map((field) => (
        <div key={field} className="grid gap-1.5">
          <Label htmlFor={`${id}-${field}`}>{traitLabels[field]}</Label>
          <Textarea
            id={`${id}-${field}`}
            rows={2}
            value={values[field]}
            onChange={(event) => set(field)(event.target.value)}
          />
        </div>
      ))}
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
