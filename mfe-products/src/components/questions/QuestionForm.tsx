import {
  askQuestionRequest,
  MAX_QUESTION_LENGTH,
  type ProductPersonaView,
  questionMessages,
  selectedPersonasSummary,
} from '@chorus/contracts';
import { analytics, toast } from '@chorus/platform';
import {
  Button,
  Card,
  CardContent,
  cn,
  FieldError,
  Label,
  Spinner,
  Textarea,
  useZodForm,
} from '@chorus/platform/ui';
import { Send, Users } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router-dom';

function NoPersonas({ productId }: { productId: string }) {
  return (
    <div
      className="flex flex-col items-start gap-3 rounded-lg border border-dashed border-amber-300 bg-amber-50 p-4 sm:flex-row sm:items-center sm:justify-between"
      role="status"
    >
      <div className="flex gap-3">
        <Users className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden />
        <div>
          <p className="font-semibold text-amber-900">{questionMessages.noPersonasTitle}</p>
          <p className="text-sm text-amber-800">{questionMessages.noPersonasDescription}</p>
        </div>
      </div>
      <Button asChild variant="outline" size="sm">
        <Link to={`/products/${encodeURIComponent(productId)}/personas`}>Select Personas</Link>
      </Button>
    </div>
  );
}

/**
 * Ask every selected persona a question (10 to 500 characters). Without
 * personas the form says so and refuses to submit.
 */
export function QuestionForm({
  productId,
  personas,
  personasLoading,
  submitting,
  locked = false,
  onAsk,
}: {
  productId: string;
  /** The product is not paid for: the form stays visible but asks nothing (the page's banner says why). */
  locked?: boolean;
  personas: readonly ProductPersonaView[];
  personasLoading: boolean;
  submitting: boolean;
  /** Resolves true when the question was accepted (the form then empties). */
  onAsk(questionText: string): Promise<boolean>;
}) {
  const id = useId();
  // Checked on submit only; typing clears the message (below) rather than re-checking each key.
  const form = useZodForm(askQuestionRequest, {
    defaultValues: { questionText: '', productId },
    reValidateMode: 'onSubmit',
  });
  const error = form.formState.errors.questionText?.message;
  const names = personas.map((persona) => persona.template.name);
  const { shown, more } = selectedPersonasSummary(names);
  const length = form.watch('questionText').trim().length;

  const submit = form.handleSubmit(async ({ questionText }) => {
    if (personas.length === 0) {
      toast({
        title: questionMessages.noPersonasTitle,
        description: questionMessages.noPersonasDescription,
        variant: 'destructive',
      });
      return;
    }
    if (await onAsk(questionText)) {
      analytics.questionSubmitted('strategic');
      form.reset({ questionText: '', productId });
    }
  });

  return (
    <Card className="gap-4 py-5">
      <CardContent className="grid gap-4 px-5">
        <div className="grid gap-1">
          <h2 className="text-lg font-semibold">Ask Your Personas</h2>
          <p className="text-sm text-muted-foreground">
            Every selected persona answers with an opinion, a confidence and its reasoning.
          </p>
        </div>

        {personasLoading ? (
          <Spinner label="Loading personas..." />
        ) : names.length === 0 ? (
          <NoPersonas productId={productId} />
        ) : (
          <div
            className="flex flex-wrap items-center gap-1.5 text-sm"
            aria-label="Selected personas"
          >
            <Users className="size-4 text-muted-foreground" aria-hidden />
            <span className="text-muted-foreground">Asking</span>
            {shown.map((name) => (
              <span key={name} className="rounded-md bg-secondary px-2 py-0.5 font-medium">
                {name}
              </span>
            ))}
            {more ? <span className="text-muted-foreground">{more}</span> : null}
          </div>
        )}

        <form className="grid gap-2" onSubmit={(event) => void submit(event)} noValidate>
          <Label htmlFor={`${id}-question`}>Your question</Label>
          <Textarea
            id={`${id}-question`}
            rows={3}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-help`}
            placeholder="e.g. Would you pay $30 a month for a tool that plans your week for you?"
            {...form.register('questionText', { onChange: () => form.clearErrors('questionText') })}
          />
          <div id={`${id}-help`} className="flex items-start justify-between gap-3 text-xs">
            {error ? (
              <FieldError>{error}</FieldError>
            ) : (
              <p className="text-muted-foreground">Between 10 and 500 characters.</p>
            )}
            <span
              className={cn(
                'shrink-0 tabular-nums',
                length > MAX_QUESTION_LENGTH ? 'text-destructive' : 'text-muted-foreground',
              )}
            >
              {length}/{MAX_QUESTION_LENGTH}
            </span>
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <Button
              type="submit"
              className="w-fit"
              disabled={submitting || locked}
              aria-describedby={locked ? `${id}-locked` : undefined}
            >
              <Send aria-hidden />
              {submitting ? 'Submitting...' : 'Ask Question'}
            </Button>
            {locked ? (
              <p id={`${id}-locked`} className="text-sm text-muted-foreground">
                Complete payment to ask questions.
              </p>
            ) : null}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
