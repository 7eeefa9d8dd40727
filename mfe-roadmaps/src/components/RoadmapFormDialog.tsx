import {
  checkDateOrder,
  DEFAULT_TIMELINE_TYPE,
  roadmapFieldsSchema,
  type Roadmap,
  TIMELINE_TYPES,
} from '@chorus/contracts';
import {
  Button,
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
import { Loader2 } from 'lucide-react';
import { useEffect } from 'react';
import type { RoadmapInput } from '../api';
import { DateRangeFields, submitWithReadableDates } from './DateRangeFields';
import { Select } from './FormControls';

const timelineLabels: Record<string, string> = {
  quarterly: 'Quarterly',
  monthly: 'Monthly',
  weekly: 'Weekly',
};

/** The fields the form edits, checked as the server checks them (empty text and dates as null). */
const roadmapFields = roadmapFieldsSchema
  .pick({
    name: true,
    description: true,
    timelineType: true,
    startDate: true,
    endDate: true,
  })
  .superRefine(checkDateOrder);

function initialValues(roadmap?: Roadmap) {
  return {
    name: roadmap?.name ?? '',
    description: roadmap?.description ?? '',
    timelineType: roadmap?.timelineType ?? DEFAULT_TIMELINE_TYPE,
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
  const form = useZodForm(roadmapFields, { defaultValues: initialValues(roadmap) });
  const { reset } = form;
  useEffect(() => {
    if (open) reset(initialValues(roadmap));
  }, [open, roadmap, reset]);

  const editing = Boolean(roadmap);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form
          onSubmit={submitWithReadableDates(form, form.handleSubmit(onSave))}
          className="grid gap-5"
          noValidate
        >
          <DialogHeader>
            <DialogTitle>{editing ? 'Edit Roadmap' : 'Create Roadmap'}</DialogTitle>
            <DialogDescription>
              {editing
                ? 'Change the roadmap’s name, description, timeline or dates.'
                : 'Plan what this product will ship, and when.'}
            </DialogDescription>
          </DialogHeader>
          <FormField form={form} name="name" id="roadmap-name" label="Roadmap Name" required>
            {(control) => <Input {...control} placeholder="e.g. 2025 Product Roadmap" autoFocus />}
          </FormField>
          <FormField form={form} name="description" id="roadmap-description" label="Description">
            {(control) => <Textarea {...control} placeholder="What this roadmap is for" />}
          </FormField>
          <FormField form={form} name="timelineType" id="roadmap-timeline" label="Timeline Type">
            {(control) => (
              <Select {...control}>
                {TIMELINE_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {timelineLabels[type]}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <DateRangeFields form={form} idPrefix="roadmap" />
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
