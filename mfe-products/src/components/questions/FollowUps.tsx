import { type FollowUpTurnView, followUpMessages, MAX_FOLLOW_UP_LENGTH } from '@chorus/contracts';
import { serverMessage, toast } from '@chorus/platform';
import { Button, cn, FormField, Textarea, useZodForm } from '@chorus/platform/ui';
import { AlertTriangle, Loader2, MessageCircle, RotateCcw, Send } from 'lucide-react';
import { useId } from 'react';
import { z } from 'zod';
import type { LiveReply } from '../../follow-ups-api';

export interface FollowUpController {
  live: LiveReply[];
  sending: boolean;
  send(body: { message?: string; personaId?: string; retryOf?: string }): Promise<void>;
}

/** Sends a follow-up, telling the asker in a toast when it is refused. */
async function sendWithToast(
  controller: FollowUpController,
  body: Parameters<FollowUpController['send']>[0],
) {
  try {
    await controller.send(body);
  } catch (error) {
    toast({
      title: 'Follow-up not sent',
      description: serverMessage(error),
      variant: 'destructive',
    });
  }
}

/** The message as typed: something to ask, within the request's length. */
const followUpField = z.object({
  message: z
    .string()
    .trim()
    .min(1, followUpMessages.empty)
    .max(MAX_FOLLOW_UP_LENGTH, followUpMessages.tooLong),
});

/** The message box: one persona, or every persona of the question. */
export function FollowUpForm({
  controller,
  personaId,
  label,
  disabled,
}: {
  controller: FollowUpController;
  personaId?: string;
  label: string;
  disabled?: boolean;
}) {
  const id = useId();
  // Checked when sent, and again only at the next send.
  const form = useZodForm(followUpField, {
    defaultValues: { message: '' },
    reValidateMode: 'onSubmit',
  });
  return (
    <form
      className="grid gap-2"
      noValidate
      onSubmit={(event) =>
        void form.handleSubmit(({ message }) => {
          form.reset({ message: '' });
          void sendWithToast(controller, { message, ...(personaId ? { personaId } : {}) });
        })(event)
      }
    >
      <FormField form={form} name="message" id={id} label={label}>
        {(control) => (
          <Textarea {...control} rows={2} placeholder="e.g. What would change your mind?" />
        )}
      </FormField>
      <Button type="submit" size="sm" className="w-fit" disabled={disabled || controller.sending}>
        {controller.sending ? (
          <Loader2 className="animate-spin" aria-hidden />
        ) : (
          <Send aria-hidden />
        )}
        Send
      </Button>
    </form>
  );
}

function Turn({
  role,
  name,
  text,
  status,
  error,
  onRetry,
}: {
  role: 'asker' | 'persona';
  name: string;
  text: string;
  status: FollowUpTurnView['status'];
  error: string | null;
  onRetry?: () => void;
}) {
  return (
    <li
      className={cn(
        'grid gap-1 rounded-lg px-3 py-2 text-sm',
        role === 'asker' ? 'justify-self-end bg-primary/10' : 'bg-muted',
      )}
      data-role={role}
      data-status={status}
    >
      <span className="text-xs font-medium text-muted-foreground">
        {role === 'asker' ? 'You' : name}
      </span>
      <p className="whitespace-pre-wrap">
        {text}
        {status === 'writing' ? <span className="ml-0.5 animate-pulse">▍</span> : null}
      </p>
      {status === 'partial' || status === 'failed' ? (
        <div className="flex flex-wrap items-center gap-2 text-xs text-amber-800">
          <AlertTriangle className="size-3.5" aria-hidden />
          <span>
            {status === 'partial' ? 'Cut off. ' : 'No reply. '}
            {error}
          </span>
          {onRetry ? (
            <Button type="button" variant="outline" size="sm" className="h-7" onClick={onRetry}>
              <RotateCcw aria-hidden /> Retry
            </Button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

/** One persona's conversation: the stored turns, the replies being written, and a message box. */
export function PersonaConversation({
  personaId,
  personaName,
  turns,
  controller,
  disabled,
}: {
  personaId: string;
  personaName: string;
  turns: FollowUpTurnView[];
  controller: FollowUpController;
  disabled?: boolean;
}) {
  const mine = turns.filter((turn) => turn.personaId === personaId);
  const live = controller.live.filter((reply) => reply.personaId === personaId);
  return (
    <section className="grid gap-3 border-t pt-3" aria-label={`Follow-up with ${personaName}`}>
      <h5 className="flex items-center gap-1.5 text-sm font-semibold">
        <MessageCircle className="size-4" aria-hidden /> Follow-up
      </h5>
      {mine.length + live.length > 0 ? (
        <ol className="grid gap-2">
          {mine.map((stored) => {
            // A reply being written here reads from the stream until it is stored whole.
            const writing = live.find((reply) => reply.replyId === stored.id);
            const turn = writing
              ? { ...stored, text: writing.text, status: writing.status, error: writing.error }
              : stored;
            return (
              <Turn
                key={turn.id}
                role={turn.role}
                name={personaName}
                text={turn.text}
                status={turn.status}
                error={turn.error}
                onRetry={
                  turn.role === 'persona'
                    ? () => void sendWithToast(controller, { retryOf: turn.id })
                    : undefined
                }
              />
            );
          })}
          {live
            .filter((reply) => !mine.some((turn) => turn.id === reply.replyId))
            .flatMap((reply) => [
              ...(reply.message
                ? [
                    <Turn
                      key={`${reply.replyId}-asked`}
                      role="asker"
                      name={personaName}
                      text={reply.message}
                      status="complete"
                      error={null}
                    />,
                  ]
                : []),
              <Turn
                key={reply.replyId}
                role="persona"
                name={personaName}
                text={reply.text}
                status={reply.status}
                error={reply.error}
              />,
            ])}
        </ol>
      ) : null}
      <FollowUpForm
        controller={controller}
        personaId={personaId}
        label={`Ask ${personaName} a follow-up`}
        disabled={disabled}
      />
    </section>
  );
}
