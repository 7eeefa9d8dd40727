import {
  adminMessages,
  personaTemplateInput,
  type PersonaTemplateView,
  TEMPLATE_FORM_DEFAULTS,
} from '@chorus/contracts';
import { toast } from '@chorus/platform';
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  FormField,
  Input,
  Textarea,
  useZodForm,
} from '@chorus/platform/ui';
import { useMutation } from '@tanstack/react-query';
import { Loader2, Plus, RefreshCw, UsersRound } from 'lucide-react';
import { useState } from 'react';
import { adminRequest, refreshAdmin } from '../api';
import { refusalMessage, serverAnswered } from '../messages';
import { DeleteButton } from './DeleteButton';

type ScoreName = 'economic' | 'world' | 'local' | 'occupation';
const scoreNames: { key: ScoreName; label: string }[] = [
  { key: 'economic', label: 'Economic safety' },
  { key: 'world', label: 'World safety' },
  { key: 'local', label: 'Local safety' },
  { key: 'occupation', label: 'Occupation safety' },
];

/** The spec's defaults: age 30, every slider at 50 (of 100). */
const emptyTemplate = {
  name: '',
  age: String(TEMPLATE_FORM_DEFAULTS.age),
  occupation: '',
  location: '',
  income: '',
  lifestyle: '',
  motivations: '',
  personality: '',
  safetyScores: {
    economic: TEMPLATE_FORM_DEFAULTS.safetyScore,
    world: TEMPLATE_FORM_DEFAULTS.safetyScore,
    local: TEMPLATE_FORM_DEFAULTS.safetyScore,
    occupation: TEMPLATE_FORM_DEFAULTS.safetyScore,
  },
};

type TextField = Exclude<keyof typeof emptyTemplate, 'age' | 'safetyScores'>;

/** The form's fields top to bottom: the toast names the first problem, as the server would. */
const fieldOrder = [
  'name',
  'age',
  'occupation',
  'location',
  'income',
  'lifestyle',
  'motivations',
  'personality',
] as const;

// The spec shows a refused template as a toast, not under the fields.
const inToastOnly = () => undefined;

function CreateTemplateDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  // The server's own schema, so a blank field is refused in the server's words without the trip.
  const form = useZodForm(personaTemplateInput, { defaultValues: emptyTemplate });

  const create = useMutation({
    mutationFn: (body: unknown) => adminRequest('POST', '/api/admin/persona-templates', body),
    onSuccess: () => {
      form.reset(emptyTemplate);
      onOpenChange(false);
      toast({ title: adminMessages.templateCreated });
      void refreshAdmin();
    },
    onError: (error) =>
      toast({
        title: adminMessages.templateCreateFailed,
        // The spec: the server's message is shown when there is one.
        description: serverAnswered(error) ? refusalMessage(error) : undefined,
        variant: 'destructive',
      }),
  });

  const submit = form.handleSubmit(
    // The sliders go as they stand (0-100): the server scales them as the schema did here.
    (template) => create.mutate({ ...template, safetyScores: form.getValues('safetyScores') }),
    (problems) =>
      toast({
        title: adminMessages.templateCreateFailed,
        description: fieldOrder.map((field) => problems[field]?.message).find(Boolean),
        variant: 'destructive',
      }),
  );

  const text = (field: TextField, label: string, long = false) => (
    <FormField
      form={form}
      name={field}
      id={`template-${field}`}
      label={label}
      errorText={inToastOnly}
    >
      {(control) => (long ? <Textarea rows={2} {...control} /> : <Input {...control} />)}
    </FormField>
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Create Persona Template</DialogTitle>
          <DialogDescription>
            A person customers can add to their products. Every text field is required.
          </DialogDescription>
        </DialogHeader>
        <form id="create-template" className="grid gap-4" onSubmit={(event) => void submit(event)}>
          <div className="grid gap-4 sm:grid-cols-[1fr_7rem]">
            {text('name', 'Name')}
            <FormField form={form} name="age" id="template-age" label="Age" errorText={inToastOnly}>
              {(control) => <Input type="number" min={18} max={100} {...control} />}
            </FormField>
          </div>
          <div className="grid gap-4 sm:grid-cols-3">
            {text('occupation', 'Occupation')}
            {text('location', 'Location')}
            {text('income', 'Income')}
          </div>
          {text('lifestyle', 'Lifestyle', true)}
          {text('motivations', 'Motivations', true)}
          {text('personality', 'Personality', true)}
          <fieldset className="grid gap-3 sm:grid-cols-2">
            <legend className="mb-2 text-sm font-medium">Safety scores (0-100)</legend>
            {scoreNames.map(({ key, label }) => (
              <div key={key} className="grid gap-1.5">
                <div className="flex justify-between text-sm">
                  <label htmlFor={`template-score-${key}`}>{label}</label>
                  <output
                    htmlFor={`template-score-${key}`}
                    className="text-muted-foreground tabular-nums"
                  >
                    {String(form.watch(`safetyScores.${key}`))}
                  </output>
                </div>
                <input
                  id={`template-score-${key}`}
                  type="range"
                  min={0}
                  max={100}
                  step={1}
                  {...form.register(`safetyScores.${key}`, { valueAsNumber: true })}
                  className="w-full accent-[var(--color-primary)]"
                />
              </div>
            ))}
          </fieldset>
        </form>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form="create-template" disabled={create.isPending}>
            {create.isPending ? <Loader2 className="animate-spin" aria-hidden /> : null}
            Create Template
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function TemplateRow({
  template,
  deleting,
  onDelete,
}: {
  template: PersonaTemplateView;
  deleting: boolean;
  onDelete: () => void;
}) {
  const scores = template.safetyScores;
  return (
    <li
      className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between"
      aria-label={template.name}
    >
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-semibold">{template.name}</span>
          <span className="text-sm text-muted-foreground">{template.age}</span>
          <Badge variant={template.isActive ? 'success' : 'secondary'}>
            {template.isActive ? 'Active' : 'Inactive'}
          </Badge>
        </div>
        <p className="mt-0.5 text-sm text-muted-foreground">
          {template.occupation} · {template.location} · {template.income}
        </p>
        <p className="mt-0.5 text-xs text-muted-foreground tabular-nums">
          Safety: economic {scores.economic}, world {scores.world}, local {scores.local}, occupation{' '}
          {scores.occupation} (of 10)
        </p>
      </div>
      <DeleteButton
        label={`Delete persona template ${template.name}`}
        title={`Delete persona template ${template.name}?`}
        description="Products that selected this persona lose it. This cannot be undone."
        deleting={deleting}
        onDelete={onDelete}
      />
    </li>
  );
}

/** Persona Template Management: the library, create, delete, and Sync from YAML. */
export function PersonaTemplates({ templates }: { templates: PersonaTemplateView[] | undefined }) {
  const [creating, setCreating] = useState(false);

  const remove = useMutation({
    mutationFn: (id: string) =>
      adminRequest('DELETE', `/api/admin/persona-templates/${encodeURIComponent(id)}`),
    onSuccess: () => {
      toast({ title: adminMessages.templateDeleted });
      void refreshAdmin();
    },
    onError: (error) =>
      toast({
        title: adminMessages.templateDeleteFailed,
        description: refusalMessage(error),
        variant: 'destructive',
      }),
  });

  const sync = useMutation({
    mutationFn: async () => {
      const response = await adminRequest('POST', '/api/admin/sync-personas');
      return (await response.json()) as { imported: number; updated: number };
    },
    onSuccess: ({ imported, updated }) => {
      toast({ title: adminMessages.synced(imported, updated) });
      void refreshAdmin();
    },
    onError: (error) => {
      if (serverAnswered(error)) {
        toast({
          title: adminMessages.syncFailed,
          description: refusalMessage(error) ?? adminMessages.syncFailedFallback,
          variant: 'destructive',
        });
      } else {
        toast({ title: adminMessages.syncError, variant: 'destructive' });
      }
      void refreshAdmin();
    },
  });

  return (
    <Card>
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle className="flex items-center gap-2">
            <UsersRound className="size-5 text-primary" aria-hidden /> Persona Template Management
          </CardTitle>
          <CardDescription>The personas customers choose from for their products.</CardDescription>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" disabled={sync.isPending} onClick={() => sync.mutate()}>
            {sync.isPending ? (
              <Loader2 className="animate-spin" aria-hidden />
            ) : (
              <RefreshCw aria-hidden />
            )}
            Sync from YAML
          </Button>
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden /> Add Template
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        {!templates ? (
          <p className="text-sm text-muted-foreground">Loading persona templates...</p>
        ) : templates.length === 0 ? (
          <p className="rounded-md border border-dashed px-4 py-8 text-center text-sm text-muted-foreground">
            No persona templates yet. Add one, or sync the library from YAML.
          </p>
        ) : (
          <ul className="max-h-[32rem] divide-y overflow-y-auto" aria-label="Persona templates">
            {templates.map((template) => (
              <TemplateRow
                key={template.id}
                template={template}
                deleting={remove.isPending && remove.variables === template.id}
                onDelete={() => remove.mutate(template.id)}
              />
            ))}
          </ul>
        )}
      </CardContent>
      <CreateTemplateDialog open={creating} onOpenChange={setCreating} />
    </Card>
  );
}
