import {
  checkDateOrder,
  DEFAULT_ITEM_PRIORITY,
  FORM_DEFAULT_ITEM_STATUS,
  ITEM_PRIORITIES,
  ITEM_STATUSES,
  type RoadmapItem,
  roadmapItemFieldsSchema,
} from '@chorus/contracts';
import { ITEM_STATUS_LABELS, priorityBadgeText } from '../roadmap-views';
import {
  Button,
  ConfirmDialog,
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
import { Loader2, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { ItemInput } from '../api';
import { DateRangeFields, submitWithReadableDates } from './DateRangeFields';
import { Select } from './FormControls';

/**
 * The fields the form edits, checked as the server checks them: tags and
 * personas are typed separated by commas, dependencies are ticked; each
 * becomes a list.
 */
const itemFields = roadmapItemFieldsSchema
  .pick({
    title: true,
    description: true,
    priority: true,
    status: true,
    startDate: true,
    endDate: true,
    assignedTo: true,
    tags: true,
    targetPersonas: true,
    dependencies: true,
  })
  .superRefine(checkDateOrder);

function initialValues(item?: RoadmapItem) {
  return {
    title: item?.title ?? '',
    description: item?.description ?? '',
    priority: item?.priority ?? DEFAULT_ITEM_PRIORITY,
    status: item?.status ?? FORM_DEFAULT_ITEM_STATUS,
    startDate: item?.startDate ?? '',
    endDate: item?.endDate ?? '',
    assignedTo: item?.assignedTo ?? '',
    tags: item?.tags.join(', ') ?? '',
    targetPersonas: item?.targetPersonas.join(', ') ?? '',
    dependencies: item?.dependencies ?? [],
  };
}

/** Add Item and Edit Item: title required; lists are sent JSON-encoded, empty dates as null. */
export function ItemFormDialog({
  open,
  onOpenChange,
  item,
  otherTitles,
  saving,
  onSave,
  onDelete,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  item?: RoadmapItem;
  /** Titles of the roadmap's other items: what this one may depend on. */
  otherTitles: string[];
  saving: boolean;
  onSave: (input: ItemInput) => void;
  /** Shown when editing: deletes the item once the user confirms. */
  onDelete?: () => void;
}) {
  const form = useZodForm(itemFields, { defaultValues: initialValues(item) });
  const { reset } = form;
  const [confirmDelete, setConfirmDelete] = useState(false);
  useEffect(() => {
    if (open) {
      reset(initialValues(item));
      setConfirmDelete(false);
    }
  }, [open, item, reset]);

  const editing = Boolean(item);
  const dependencies = form.watch('dependencies');
  const chosen = Array.isArray(dependencies) ? dependencies.map(String) : [];
  const choices = [...new Set([...otherTitles, ...chosen])];

  const submit = submitWithReadableDates(
    form,
    form.handleSubmit((values) =>
      onSave({
        ...values,
        tags: JSON.stringify(values.tags),
        targetPersonas: JSON.stringify(values.targetPersonas),
        dependencies: JSON.stringify(values.dependencies),
      }),
    ),
  );

  return (
    <>
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent className="sm:max-w-2xl">
          <form onSubmit={submit} className="grid gap-5" noValidate>
            <DialogHeader>
              <DialogTitle>{editing ? 'Edit Item' : 'Add Roadmap Item'}</DialogTitle>
              <DialogDescription>
                A feature or piece of work: what it is, how much it matters and when it happens.
              </DialogDescription>
            </DialogHeader>
            <FormField form={form} name="title" id="item-title" label="Title" required>
              {(control) => <Input {...control} placeholder="e.g. User authentication" autoFocus />}
            </FormField>
            <FormField form={form} name="description" id="item-description" label="Description">
              {(control) => <Textarea {...control} />}
            </FormField>
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField form={form} name="priority" id="item-priority" label="Priority">
                {(control) => (
                  <Select {...control}>
                    {ITEM_PRIORITIES.map((p) => (
                      <option key={p} value={p}>
                        {priorityBadgeText(p)}
                      </option>
                    ))}
                  </Select>
                )}
              </FormField>
              <FormField form={form} name="status" id="item-status" label="Status">
                {(control) => (
                  <Select {...control}>
                    {ITEM_STATUSES.map((s) => (
                      <option key={s} value={s}>
                        {ITEM_STATUS_LABELS[s]}
                      </option>
                    ))}
                  </Select>
                )}
              </FormField>
              <FormField form={form} name="assignedTo" id="item-assigned" label="Assigned To">
                {(control) => <Input {...control} placeholder="A person or team" />}
              </FormField>
              <FormField
                form={form}
                name="tags"
                id="item-tags"
                label="Tags"
                hint="Separated by commas"
              >
                {(control) => <Input {...control} placeholder="frontend, api" />}
              </FormField>
            </div>
            <DateRangeFields form={form} idPrefix="item" />
            <FormField
              form={form}
              name="targetPersonas"
              id="item-personas"
              label="Target Personas"
              hint="Who the feature is for, separated by commas"
            >
              {(control) => <Input {...control} />}
            </FormField>
            {choices.length > 0 ? (
              <fieldset className="grid gap-2">
                <legend className="mb-2 text-sm font-medium">Depends On</legend>
                <div className="flex flex-wrap gap-x-5 gap-y-2">
                  {choices.map((title) => (
                    <label key={title} className="flex items-center gap-2 text-sm">
                      <input
                        type="checkbox"
                        className="size-4 accent-primary"
                        checked={chosen.includes(title)}
                        onChange={(e) =>
                          form.setValue(
                            'dependencies',
                            e.target.checked
                              ? [...chosen, title]
                              : chosen.filter((d) => d !== title),
                            { shouldDirty: true },
                          )
                        }
                      />
                      {title}
                    </label>
                  ))}
                </div>
              </fieldset>
            ) : null}
            <DialogFooter>
              {editing && onDelete ? (
                <Button
                  type="button"
                  variant="ghost"
                  className="text-destructive sm:mr-auto"
                  onClick={() => setConfirmDelete(true)}
                >
                  <Trash2 aria-hidden />
                  Delete Item
                </Button>
              ) : null}
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={saving}>
                {saving ? <Loader2 className="animate-spin" aria-hidden /> : null}
                {editing ? 'Save Item' : 'Add Item'}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
      {item && onDelete ? (
        <ConfirmDialog
          open={open && confirmDelete}
          onOpenChange={setConfirmDelete}
          title="Delete Item"
          description={`Are you sure you want to delete “${item.title}”? This action cannot be undone.`}
          confirmLabel="Delete Item"
          destructive
          onConfirm={onDelete}
        />
      ) : null}
    </>
  );
}
