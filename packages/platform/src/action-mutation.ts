import {
  type UseMutationOptions,
  type UseMutationResult,
  useMutation,
} from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { ApiError } from './api';

/** A fresh key for one user action: a random UUID (random bytes where randomUUID is missing). */
function newActionKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Whether the server's answer settles the action, so the next send is a new
 * action: any answer but a network failure, a 5xx, a 429 or a 409 (which may
 * be "a request with this key is still being processed").
 */
function settles(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.status < 500 && error.status !== 409 && error.status !== 429;
}

function variablesKey(variables: unknown): string {
  try {
    return JSON.stringify(variables) ?? '';
  } catch {
    return String(variables);
  }
}

/**
 * The keys of one kind of user action outside React (a purchase step): the
 * same details sent again before the server settled them reuse the key;
 * after an answer, or with other details, the next send is a new action.
 */
export class ActionKeys {
  private current: { key: string; variables: string } | null = null;

  /** Sends the action with its key, and settles the key by the answer. */
  async run<T>(variables: unknown, send: (idempotencyKey: string) => Promise<T>): Promise<T> {
    const sent = variablesKey(variables);
    if (!this.current || this.current.variables !== sent) {
      this.current = { key: newActionKey(), variables: sent };
    }
    const current = this.current;
    try {
      const answer = await send(current.key);
      if (this.current === current) this.current = null;
      return answer;
    } catch (error) {
      if (this.current === current && settles(error)) this.current = null;
      throw error;
    }
  }
}

type ActionMutationOptions<TData, TVariables> = Omit<
  UseMutationOptions<TData, Error, TVariables>,
  'mutationFn'
> & {
  /** Sends the action with its key: `apiRequest(method, url, body, { idempotencyKey })`. */
  mutationFn: (variables: TVariables, idempotencyKey: string) => Promise<TData>;
};

/**
 * A mutation for a user action that creates something or costs money: one
 * Idempotency-Key per action, so the server does it once.
 *
 * - A second `mutate` with the same details while the action is pending (a
 *   double click before the control is disabled) is not sent again;
 *   `mutateAsync` answers the same promise. Other details are another action.
 * - Sending the same details again after a failure that did not settle it
 *   (network lost, 5xx, 409, 429) or a React Query retry reuses the key, so a
 *   request that did reach the server is not done twice.
 * - After an answer (success, or a refusal such as invalid input) the next
 *   send is a new action with a new key; so are changed details.
 *
 * Disable the control while `isPending`.
 */
export function useActionMutation<TData = unknown, TVariables = void>(
  options: ActionMutationOptions<TData, TVariables>,
): UseMutationResult<TData, Error, TVariables> {
  const keys = useRef(new ActionKeys());
  const inFlight = useRef(new Map<string, Promise<TData>>());
  const { mutationFn } = options;
  const mutation = useMutation<TData, Error, TVariables>({
    ...options,
    mutationFn: (variables) =>
      keys.current.run(variables, (idempotencyKey) => mutationFn(variables, idempotencyKey)),
  });
  const { mutateAsync: send } = mutation;
  const mutateAsync = useCallback(
    (variables: TVariables, callbacks?: Parameters<typeof send>[1]): Promise<TData> => {
      const sent = variablesKey(variables);
      const running = inFlight.current.get(sent);
      if (running) return running;
      const started = send(variables, callbacks).finally(() => {
        inFlight.current.delete(sent);
      });
      inFlight.current.set(sent, started);
      return started;
    },
    [send],
  );
  const mutate = useCallback(
    (variables: TVariables, callbacks?: Parameters<typeof send>[1]): void => {
      mutateAsync(variables, callbacks).catch(() => undefined);
    },
    [mutateAsync],
  );
  return { ...mutation, mutate, mutateAsync } as UseMutationResult<TData, Error, TVariables>;
}
