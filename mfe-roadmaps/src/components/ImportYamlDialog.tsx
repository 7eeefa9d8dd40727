import {
  importRoadmapYamlRequest,
  parseRoadmapYaml,
  type RoadmapImportResult,
  YAML_PREVIEW_ITEMS,
} from '@chorus/contracts';
import { toast, useActionMutation } from '@chorus/platform';
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  FormField,
  Textarea,
  useZodForm,
} from '@chorus/platform/ui';
import { AlertCircle, CheckCircle2, FileUp, Loader2 } from 'lucide-react';
import { type ChangeEvent, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { roadmapApi } from '../api';
import { refusalMessage } from '../messages';
import { PriorityBadge, StatusBadge } from './Badges';
import { FormatGuideDialog } from './FormatGuideDialog';
import { checkYamlFile } from '../yaml-file';

/** "Invalid File Type: Please upload..." as a toast: title before the colon, the rest after. */
function toastMessage(message: string) {
  const at = message.indexOf(': ');
  toast({
    title: at > 0 ? message.slice(0, at) : message,
    description: at > 0 ? message.slice(at + 2) : undefined,
    variant: 'destructive',
  });
}

function importSummary(result: RoadmapImportResult): string {
  const errors = result.errors.length;
  const tail = errors > 0 ? ` (${errors} ${errors === 1 ? 'error' : 'errors'})` : '';
  return `Successfully imported ${result.created} of ${result.total} items${tail}`;
}

/**
 * Import YAML: a file or pasted text, checked in the browser by the same
 * module the server runs. The problems are listed and block the import until
 * fixed; the items are previewed (the server reports any it still refuses).
 */
export function ImportYamlDialog({
  open,
  onOpenChange,
  roadmapId,
  onImported,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  roadmapId: string;
  onImported: () => void;
}) {
  const form = useZodForm(importRoadmapYamlRequest, { defaultValues: { yamlContent: '' } });
  const { reset } = form;
  const content = form.watch('yamlContent');
  const [fileName, setFileName] = useState<string>();
  const fileInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (open) {
      reset({ yamlContent: '' });
      setFileName(undefined);
    }
  }, [open, reset]);

  const checked = useDeferredValue(content);
  const parsed = useMemo(() => (checked.trim() ? parseRoadmapYaml(checked) : undefined), [checked]);
  const valid = parsed?.items ?? [];

  const importing = useActionMutation({
    mutationFn: (yamlContent: string, idempotencyKey) =>
      roadmapApi.importYaml(roadmapId, yamlContent, idempotencyKey),
    onSuccess: (result) => {
      toast({ title: 'YAML Import Complete', description: importSummary(result) });
      onImported();
      onOpenChange(false);
    },
    onError: (error) =>
      toast({
        title: 'Import Failed',
        description: refusalMessage(error) ?? 'Failed to import YAML file',
        variant: 'destructive',
      }),
  });

  async function chooseFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = checkYamlFile(file);
    if (problem) {
      toastMessage(problem);
      return;
    }
    setFileName(file.name);
    form.setValue('yamlContent', await file.text(), { shouldDirty: true });
  }

  const submit = form.handleSubmit(({ yamlContent }) => importing.mutate(yamlContent));
  // The spec: enabled only with content, no errors, and not processing. What the
  // server still refuses after a clean check is reported in the result's toast.
  const canImport =
    content.trim() !== '' &&
    checked === content &&
    valid.length > 0 &&
    parsed?.errors.length === 0 &&
    !importing.isPending;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Import YAML</DialogTitle>
          <DialogDescription>
            Add roadmap items from a YAML file: choose one, or paste its text below.
          </DialogDescription>
        </DialogHeader>

        <div className="flex flex-wrap items-center gap-2">
          <input
            ref={fileInput}
            type="file"
            accept=".yaml,.yml"
            className="sr-only"
            aria-label="YAML file"
            onChange={(event) => void chooseFile(event)}
          />
          <Button type="button" variant="outline" onClick={() => fileInput.current?.click()}>
            <FileUp aria-hidden /> Choose File
          </Button>
          <span className="min-w-0 flex-1 truncate text-sm text-muted-foreground">
            {fileName ?? 'No file chosen (.yaml or .yml, under 5MB)'}
          </span>
          <FormatGuideDialog />
        </div>

        <FormField form={form} name="yamlContent" id="yaml-content" label="YAML Content">
          {(control) => (
            <Textarea
              {...control}
              onChange={(event) => {
                setFileName(undefined);
                return control.onChange(event);
              }}
              placeholder={'roadmap_items:\n  - title: My feature\n    priority: high'}
              className="min-h-40 font-mono text-xs"
              spellCheck={false}
            />
          )}
        </FormField>

        {parsed && parsed.errors.length > 0 ? (
          <div
            role="alert"
            aria-label="Validation errors"
            className="rounded-lg border border-destructive/30 bg-destructive/5 p-3 text-sm"
          >
            <p className="flex items-center gap-2 font-medium text-destructive">
              <AlertCircle className="size-4" aria-hidden /> Validation Errors
            </p>
            <ul className="mt-2 grid list-disc gap-1 pl-6 text-destructive">
              {parsed.errors.map((error, index) => (
                <li key={index}>{error}</li>
              ))}
            </ul>
            <p className="mt-2 text-muted-foreground">
              Fix these to import; nothing is imported while the document has errors.
            </p>
          </div>
        ) : null}

        {parsed && parsed.errors.length === 0 && valid.length > 0 ? (
          <p
            role="status"
            className="flex items-center gap-2 rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-800"
          >
            <CheckCircle2 className="size-4" aria-hidden /> YAML is valid: {valid.length}{' '}
            {valid.length === 1 ? 'item' : 'items'} ready to import.
          </p>
        ) : null}

        {valid.length > 0 ? (
          <div className="grid gap-2">
            <h4 className="text-sm font-medium">Preview</h4>
            <ul className="divide-y rounded-lg border" aria-label="Items to import">
              {valid.slice(0, YAML_PREVIEW_ITEMS).map((item, index) => (
                <li key={index} className="flex items-center justify-between gap-3 px-3 py-2">
                  <span className="truncate text-sm">{item.title}</span>
                  <span className="flex shrink-0 items-center gap-2">
                    <PriorityBadge priority={item.priority} />
                    <StatusBadge status={item.status} />
                  </span>
                </li>
              ))}
            </ul>
            {valid.length > YAML_PREVIEW_ITEMS ? (
              <p className="text-sm text-muted-foreground">
                and {valid.length - YAML_PREVIEW_ITEMS} more
              </p>
            ) : null}
          </div>
        ) : null}

        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="button" disabled={!canImport} onClick={(event) => void submit(event)}>
            {importing.isPending ? <Loader2 className="animate-spin" aria-hidden /> : null}
            Import {valid.length} {valid.length === 1 ? 'Item' : 'Items'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
