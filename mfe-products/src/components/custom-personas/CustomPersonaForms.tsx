import {
  createCustomPersonaRequest,
  customPersonaMessages,
  maxCustomerCsvBytes,
  maxCustomerRows,
  maxPersonaDescription,
  parseCustomerCsv,
} from '@chorus/contracts';
import {
  Button,
  Card,
  CardContent,
  cn,
  FieldError,
  Label,
  RequiredMark,
  Textarea,
  useZodForm,
} from '@chorus/platform/ui';
import { FileUp, Loader2, Sparkles } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import type { CustomPersonaImport } from '../../custom-personas-api';

/** A customer described in a sentence or two becomes a persona. */
export function DescribeCustomerForm({
  pending,
  notAllowed,
  refusal,
  onClearRefusal,
  onCreate,
}: {
  pending: boolean;
  /** Why the user's role does not allow creating a persona: the button is disabled. */
  notAllowed?: string;
  /** The server's refusal of the last description, in its own words. */
  refusal: string | undefined;
  onClearRefusal: () => void;
  /** Resolves true once the persona exists (the form then empties). */
  onCreate(description: string): Promise<boolean>;
}) {
  const id = useId();
  // The request's own rules, checked when sent; typing clears the message until the next try.
  const form = useZodForm(createCustomPersonaRequest, {
    defaultValues: { description: '' },
    reValidateMode: 'onSubmit',
  });
  const shown = form.formState.errors.description?.message ?? refusal;
  const length = form.watch('description').trim().length;

  const submit = form.handleSubmit(async ({ description }) => {
    if (await onCreate(description)) form.reset({ description: '' });
  });

  return (
    <Card className="gap-3 py-5" role="region" aria-labelledby={`${id}-title`}>
      <CardContent className="grid gap-3 px-5">
        <div className="flex items-center gap-2">
          <Sparkles className="size-4 text-violet-700" aria-hidden />
          <h3 id={`${id}-title`} className="font-semibold">
            Describe a customer
          </h3>
        </div>
        <form className="grid gap-2" onSubmit={(event) => void submit(event)} noValidate>
          <span className="flex items-center gap-1">
            <Label htmlFor={`${id}-description`}>Customer description</Label>
            <RequiredMark />
          </span>
          <Textarea
            id={`${id}-description`}
            aria-required
            rows={4}
            aria-invalid={shown ? true : undefined}
            aria-describedby={`${id}-help`}
            placeholder="e.g. A parent of two in Lyon who cooks three times a week and shops at discount stores"
            {...form.register('description', {
              onChange: () => {
                form.clearErrors('description');
                onClearRefusal();
              },
            })}
          />
          <div id={`${id}-help`} className="flex items-start justify-between gap-3 text-xs">
            {shown ? (
              <FieldError>{shown}</FieldError>
            ) : (
              <p className="text-muted-foreground">
                What you state is kept as given; Chorus infers the rest and marks it so.
              </p>
            )}
            <span
              className={cn(
                'shrink-0 tabular-nums',
                length > maxPersonaDescription ? 'text-destructive' : 'text-muted-foreground',
              )}
            >
              {length}/{maxPersonaDescription}
            </span>
          </div>
          <Button
            type="submit"
            className="w-fit"
            disabled={pending || notAllowed !== undefined}
            title={notAllowed}
          >
            {pending ? <Loader2 className="animate-spin" aria-hidden /> : <Sparkles aria-hidden />}
            {pending ? 'Creating...' : 'Create Persona'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

/** A customer file read in the browser, with the number of personas it makes. */
export interface CustomerFile {
  fileName: string;
  csv: string;
  /** Usable customer rows, read as the server reads them: each becomes a persona. */
  rows: number;
}

/**
 * Reads the chosen file as the server will (too large, empty, no usable
 * column, too many customers are refused here, before anything is sent).
 */
async function readCustomerFile(
  file: File | undefined,
): Promise<{ file: CustomerFile } | { problem: string }> {
  if (!file) return { problem: 'Choose a CSV file of your customers.' };
  if (file.size > maxCustomerCsvBytes) return { problem: customPersonaMessages.csvTooLarge };
  const csv = await file.text();
  const parsed = parseCustomerCsv(csv);
  if (!parsed.ok) return { problem: parsed.message };
  return { file: { fileName: file.name, csv, rows: parsed.rows.length } };
}

/** A CSV of customer records or interview notes, one row per customer, becomes personas. */
export function ImportCustomersForm({
  pending,
  notAllowed,
  refusal,
  result,
  onClearRefusal,
  onImport,
}: {
  pending: boolean;
  /** Why the user's role does not allow importing: the button is disabled. */
  notAllowed?: string;
  refusal: string | undefined;
  /** The last import's outcome: the personas it created and the rows it skipped. */
  result: (CustomPersonaImport & { fileName: string }) | undefined;
  onClearRefusal: () => void;
  /** Resolves true once the import is done (the file input then empties). */
  onImport(file: CustomerFile): Promise<boolean>;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string>();
  const [reading, setReading] = useState(false);
  const shown = problem ?? refusal;
  const busy = pending || reading;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setReading(true);
    const read = await readCustomerFile(input.current?.files?.[0]).finally(() => setReading(false));
    if ('problem' in read) {
      setProblem(read.problem);
      return;
    }
    setProblem(undefined);
    if ((await onImport(read.file)) && input.current) input.current.value = '';
  };

  return (
    <Card className="gap-3 py-5" role="region" aria-labelledby={`${id}-title`}>
      <CardContent className="grid gap-3 px-5">
        <div className="flex items-center gap-2">
          <FileUp className="size-4 text-violet-700" aria-hidden />
          <h3 id={`${id}-title`} className="font-semibold">
            Import customers
          </h3>
        </div>
        <form className="grid gap-2" onSubmit={(event) => void submit(event)} noValidate>
          <Label htmlFor={`${id}-file`}>Customer file (CSV)</Label>
          <input
            id={`${id}-file`}
            ref={input}
            type="file"
            accept=".csv,text/csv"
            aria-invalid={shown ? true : undefined}
            aria-describedby={`${id}-help`}
            className="block w-full cursor-pointer rounded-md border border-input bg-background text-sm text-muted-foreground file:mr-3 file:cursor-pointer file:border-0 file:border-r file:bg-secondary file:px-3 file:py-2 file:text-sm file:font-medium file:text-secondary-foreground aria-invalid:border-destructive"
            onChange={() => {
              setProblem(undefined);
              onClearRefusal();
            }}
          />
          <div id={`${id}-help`} className="text-xs">
            {shown ? (
              <FieldError>{shown}</FieldError>
            ) : (
              <p className="text-muted-foreground">
                Customer records or interview notes, one row per customer, with a header row. Up to{' '}
                {maxCustomerRows} customers and 1 MB.
              </p>
            )}
          </div>
          <Button
            type="submit"
            className="w-fit"
            disabled={busy || notAllowed !== undefined}
            title={notAllowed}
          >
            {busy ? <Loader2 className="animate-spin" aria-hidden /> : <FileUp aria-hidden />}
            {pending ? 'Importing...' : 'Import'}
          </Button>
        </form>
        {result ? <ImportResult result={result} /> : null}
      </CardContent>
    </Card>
  );
}

function ImportResult({ result }: { result: CustomPersonaImport & { fileName: string } }) {
  const created = result.personas.length;
  return (
    <div className="grid gap-2 rounded-lg border bg-muted/40 px-3 py-2 text-sm" role="status">
      <p className="font-medium">
        Created {created} {created === 1 ? 'persona' : 'personas'} from {result.fileName}.
      </p>
      {result.skipped.length > 0 ? (
        <div className="grid gap-1">
          <p className="text-muted-foreground">
            {result.skipped.length} {result.skipped.length === 1 ? 'row was' : 'rows were'} skipped:
          </p>
          <ul className="grid gap-0.5 text-xs" aria-label="Skipped rows">
            {result.skipped.map((skip) => (
              <li key={skip.row}>
                <span className="font-medium">Row {skip.row}:</span> {skip.reason}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
