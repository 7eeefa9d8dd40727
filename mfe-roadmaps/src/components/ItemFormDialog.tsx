import {
  FORM_DEFAULT_ITEM_STATUS,
  ITEM_PRIORITIES,
  ITEM_STATUSES,
  ITEM_STATUS_LABELS,
  priorityBadgeText,
  roadmapMessages,
  type RoadmapItem,
  toTextList,
} from '@chorus/contracts';
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Field,
  Input,
  Textarea,
} from '@chorus/platform/ui';
import { Loader2, Trash2 } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import type { ItemInput } from '../api';
import { Select } from './FormControls';

interface FormValues {
  title: string;
  description: string;
  priority: string;
  status: string;
  startDate: string;
  endDate: string;
  assignedTo: string;
  tags: string;
  targetPersonas: string;
  dependencies: string[];
}

function initialValues(item?: RoadmapItem): FormValues {
  return {
    title: item?.title ?? '',
    description: item?.description ?? '',
    priority: item?.priority ?? 'P2',
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
  /** Shown when editing: deletes the item after a second click. */
  onDelete?: () => void;
}) {
  const [values, setValues] = useState(() => initialValues(item));
  const [error, setError] = useState<string>();
  const [confirmDelete, setConfirmDelete] = useState(false);
  useEffect(() => {
    if (open) {
      setValues(initialValues(item));
      setError(undefined);
      setConfirmDelete(false);
    }
  }, [open, item]);

  const editing = Boolean(item);
  const set = (field: Exclude<keyof FormValues, 'dependencies'>) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));
  const choices = [...new Set([...otherTitles, ...values.dependencies])];

  function toggleDependency(title: string, on: boolean) {
    setValues((current) => ({
      ...current,
      dependencies: on
        ? [...current.dependencies, title]
        : current.dependencies.filter((d) => d !== title),
    }));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!values.title.trim()) {
      setError(roadmapMessages.titleRequired);
      return;
    }
    onSave({
      title: values.title.trim(),
      description: values.description.trim() || null,
      priority: values.priority,
      status: values.status,
      startDate: values.startDate || null,
      endDate: values.endDate || null,
      assignedTo: values.assignedTo.trim() || null,
      tags: JSON.stringify(toTextList(values.tags) ?? []),
      targetPersonas: JSON.stringify(toTextList(values.targetPersonas) ?? []),
      dependencies: JSON.stringify(values.dependencies),
    });
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <form onSubmit={submit} className="grid gap-5" noValidate>
          <DialogHeader>
            <DialogTitle>{editing ? 'Edit Item' : 'Add Roadmap Item'}</DialogTitle>
            <DialogDescription>
              A feature or piece of work: what it is, how much it matters and when it happens.
            </DialogDescription>
          </DialogHeader>
          <Field label="Title" htmlFor="item-title" error={error}>
            <Input
              id="item-title"
              value={values.title}
              placeholder="e.g. User authentication"
              aria-invalid={Boolean(error)}
              onChange={(e) => {
                set('title')(e.target.value);
                setError(undefined);
              }}
              autoFocus
            />
          </Field>
          <Field label="Description" htmlFor="item-description">
            <Textarea
              id="item-description"
              value={values.description}
              onChange={(e) => set('description')(e.target.value)}
            />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Priority" htmlFor="item-priority">
              <Select
                id="item-priority"
                value={values.priority}
                onChange={(e) => set('priority')(e.target.value)}
              >
                {ITEM_PRIORITIES.map((p) => (
                  <option key={p} value={p}>
                    {priorityBadgeText(p)}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label="Status" htmlFor="item-status">
              <Select
                id="item-status"
                value={values.status}
                onChange={(e) => set('status')(e.target.value)}
              >
                {ITEM_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {ITEM_STATUS_LABELS[s]}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label="Start Date" htmlFor="item-start">
              <Input
                id="item-start"
                type="date"
                value={values.startDate}
                onChange={(e) => set('startDate')(e.target.value)}
              />
            </Field>
            <Field label="End Date" htmlFor="item-end">
              <Input
                id="item-end"
                type="date"
                value={values.endDate}
                onChange={(e) => set('endDate')(e.target.value)}
              />
            </Field>
            <Field label="Assigned To" htmlFor="item-assigned">
              <Input
                id="item-assigned"
                value={values.assignedTo}
                placeholder="A person or team"
                onChange={(e) => set('assignedTo')(e.target.value)}
              />
            </Field>
            <Field label="Tags" htmlFor="item-tags" hint="Separated by commas">
              <Input
                id="item-tags"
                value={values.tags}
                placeholder="frontend, api"
                onChange={(e) => set('tags')(e.target.value)}
              />
            </Field>
          </div>
          <Field
            label="Target Personas"
            htmlFor="item-personas"
            hint="Who the feature is for, separated by commas"
          >
            <Input
              id="item-personas"
              value={values.targetPersonas}
              onChange={(e) => set('targetPersonas')(e.target.value)}
            />
          </Field>
          {choices.length > 0 ? (
            <fieldset className="grid gap-2">
              <legend className="mb-2 text-sm font-medium">Depends On</legend>
              <div className="flex flex-wrap gap-x-5 gap-y-2">
                {choices.map((title) => (
                  <label key={title} className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      className="size-4 accent-primary"
                      checked={values.dependencies.includes(title)}
                      onChange={(e) => toggleDependency(title, e.target.checked)}
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
                variant={confirmDelete ? 'destructive' : 'ghost'}
                className={confirmDelete ? 'sm:mr-auto' : 'text-destructive sm:mr-auto'}
                onClick={() => (confirmDelete ? onDelete() : setConfirmDelete(true))}
              >
                <Trash2 aria-hidden />
                {confirmDelete ? 'Confirm Delete' : 'Delete Item'}
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
  );
}
