import { roadmapMessages, type Roadmap, TIMELINE_TYPES } from '@chorus/contracts';
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
import { Loader2 } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import type { RoadmapInput } from '../api';
import { Select } from './FormControls';

const timelineLabels: Record<string, string> = {
  quarterly: 'Quarterly',
  monthly: 'Monthly',
  weekly: 'Weekly',
};

function initialValues(roadmap?: Roadmap): RoadmapInput {
  return {
    name: roadmap?.name ?? '',
    description: roadmap?.description ?? '',
    timelineType: roadmap?.timelineType ?? 'quarterly',
    startDate: roadmap?.startDate ?? '',
    endDate: roadmap?.endDate ?? '',
  };
}

/** Create Roadmap and Edit Roadmap: the same form, empty or filled in. */
export function RoadmapFormDialog({
  open,
  onOpenChange,
  roadmap,
  saving,
  onSave,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The roadmap to edit; absent to create one. */
  roadmap?: Roadmap;
  saving: boolean;
  onSave: (input: RoadmapInput) => void;
}) {
  const [values, setValues] = useState(() => initialValues(roadmap));
  const [error, setError] = useState<string>();
  useEffect(() => {
    if (open) {
      setValues(initialValues(roadmap));
      setError(undefined);
    }
  }, [open, roadmap]);

  const editing = Boolean(roadmap);
  const set = (field: keyof RoadmapInput) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!values.name.trim()) {
      setError(roadmapMessages.nameRequired);
      return;
    }
    onSave({
      name: values.name.trim(),
      description: values.description?.trim() || null,
      timelineType: values.timelineType,
      startDate: values.startDate || null,
      endDate: values.endDate || null,
    });
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-5" noValidate>
          <DialogHeader>
            <DialogTitle>{editing ? 'Edit Roadmap' : 'Create Roadmap'}</DialogTitle>
            <DialogDescription>
              {editing
                ? 'Change the roadmap’s name, description, timeline or dates.'
                : 'Plan what this product will ship, and when.'}
            </DialogDescription>
          </DialogHeader>
          <Field label="Roadmap Name" htmlFor="roadmap-name" error={error}>
            <Input
              id="roadmap-name"
              value={values.name}
              placeholder="e.g. 2025 Product Roadmap"
              aria-invalid={Boolean(error)}
              onChange={(e) => {
                set('name')(e.target.value);
                setError(undefined);
              }}
              autoFocus
            />
          </Field>
          <Field label="Description" htmlFor="roadmap-description">
            <Textarea
              id="roadmap-description"
              value={values.description ?? ''}
              placeholder="What this roadmap is for"
              onChange={(e) => set('description')(e.target.value)}
            />
          </Field>
          <Field label="Timeline Type" htmlFor="roadmap-timeline">
            <Select
              id="roadmap-timeline"
              value={values.timelineType}
              onChange={(e) => set('timelineType')(e.target.value)}
            >
              {TIMELINE_TYPES.map((type) => (
                <option key={type} value={type}>
                  {timelineLabels[type]}
                </option>
              ))}
            </Select>
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Start Date" htmlFor="roadmap-start">
              <Input
                id="roadmap-start"
                type="date"
                value={values.startDate ?? ''}
                onChange={(e) => set('startDate')(e.target.value)}
              />
            </Field>
            <Field label="End Date" htmlFor="roadmap-end">
              <Input
                id="roadmap-end"
                type="date"
                value={values.endDate ?? ''}
                onChange={(e) => set('endDate')(e.target.value)}
              />
            </Field>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? <Loader2 className="animate-spin" aria-hidden /> : null}
              {editing ? 'Save Changes' : 'Create Roadmap'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
