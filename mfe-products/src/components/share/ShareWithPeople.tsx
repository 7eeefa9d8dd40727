import {
  createQuestionLinkRequest,
  QUESTION_LINK_DEFAULT_DAYS,
  QUESTION_LINK_MAX_DAYS,
  type QuestionLinkView,
} from '@chorus/contracts';
import { COPY_FAILED_MESSAGE, refusalMessage, useCopy } from '@chorus/platform';
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
} from '@chorus/platform/ui';
import { AlertTriangle, Copy, Loader2, Users } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { type LinkTarget, useCreateQuestionLink } from '../../question-links-api';
import { linkAddress, linkDay } from './link-words';

/** The new link's address, shown this once, with a Copy button. */
function CreatedLink({ link }: { link: QuestionLinkView }) {
  const url = linkAddress(link.url ?? '');
  const { copied, failed, copy } = useCopy(url);
  return (
    <div className="grid gap-3" data-testid="created-link">
      <div className="flex min-w-0 gap-2">
        <Input
          readOnly
          value={url}
          aria-label="Link for people"
          className="min-w-0"
          onFocus={(event) => event.target.select()}
        />
        <Button type="button" variant="outline" onClick={() => void copy()}>
          <Copy aria-hidden /> {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
      {failed ? (
        <p role="alert" className="text-sm text-destructive">
          {COPY_FAILED_MESSAGE}
        </p>
      ) : null}
      <p className="flex gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" role="note">
        <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
        Copy it now: this address will not be shown again. The list of links keeps its responses,
        but not the address.
      </p>
      <p className="text-xs text-muted-foreground">
        Open to answers until {linkDay(link.expiresAt)}.
      </p>
    </div>
  );
}

/**
 * "Share with people": after confirming how long the link stays open
 * (30 days unless changed), a public link where people answer the same
 * questions the personas did; its address is shown once, to copy.
 */
export function ShareWithPeople({
  productId,
  target,
  what,
  refusal,
}: {
  productId: string;
  target: LinkTarget;
  /** What is shared, in the dialog's words: "this question", "the study “Pricing”". */
  what: string;
  /** Why the user's role does not allow sharing (a viewer). */
  refusal?: string;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [days, setDays] = useState(String(QUESTION_LINK_DEFAULT_DAYS));
  const [error, setError] = useState<string>();
  const [created, setCreated] = useState<QuestionLinkView>();
  const create = useCreateQuestionLink(productId, target);

  const openChange = (next: boolean) => {
    // Closed, the address is gone for good: the next Share starts afresh.
    if (!next && create.isPending) return;
    setOpen(next);
    if (!next) {
      setCreated(undefined);
      setError(undefined);
      setDays(String(QUESTION_LINK_DEFAULT_DAYS));
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = createQuestionLinkRequest.safeParse({
      expiresInDays: days.trim() === '' ? Number.NaN : Number(days),
    });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    create.mutate(checked.data, {
      onSuccess: (link) => setCreated(link),
      onError: (failure) =>
        setError(refusalMessage(failure) ?? 'The link could not be made. Please try again.'),
    });
  };

  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        disabled={refusal !== undefined}
        title={refusal}
        onClick={() => setOpen(true)}
      >
        <Users aria-hidden /> Share with people
      </Button>
      <Dialog open={open} onOpenChange={openChange}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{created ? 'Link created' : 'Share with people'}</DialogTitle>
            <DialogDescription>
              {created
                ? 'Send it to the people you want to hear from.'
                : `Anyone with the link can answer ${what} without signing in, once per browser. You will see their answers beside your personas’.`}
            </DialogDescription>
          </DialogHeader>
          {created ? (
            <>
              <CreatedLink link={created} />
              <DialogFooter>
                <Button type="button" onClick={() => openChange(false)}>
                  Done
                </Button>
              </DialogFooter>
            </>
          ) : (
            <form className="grid gap-4" onSubmit={submit} noValidate>
              <div className="grid gap-1.5">
                <Label htmlFor={`${id}-days`}>Open to answers for (days)</Label>
                <Input
                  id={`${id}-days`}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={QUESTION_LINK_MAX_DAYS}
                  className="w-28"
                  value={days}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={`${id}-days-help`}
                  onChange={(event) => setDays(event.target.value)}
                />
                {error ? (
                  <FieldError id={`${id}-days-help`}>{error}</FieldError>
                ) : (
                  <p id={`${id}-days-help`} className="text-xs text-muted-foreground">
                    From 1 to {QUESTION_LINK_MAX_DAYS} days; you can switch it off sooner.
                  </p>
                )}
              </div>
              <DialogFooter>
                <Button
                  type="button"
                  variant="outline"
                  disabled={create.isPending}
                  onClick={() => openChange(false)}
                >
                  Cancel
                </Button>
                <Button type="submit" disabled={create.isPending}>
                  {create.isPending ? <Loader2 className="animate-spin" aria-hidden /> : null}
                  {create.isPending ? 'Creating...' : 'Create Link'}
                </Button>
              </DialogFooter>
            </form>
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}
