import {
  type BudgetView,
  QUESTION_POLL_INTERVAL_MS,
  type QuestionEstimate,
  type QuestionView,
  type TypedQuestionSpec,
  type NationalFrameId,
} from '@chorus/contracts';
import {
  apiRequest,
  downloadFrom,
  getToken,
  queryClient,
  serverMessage,
  toast,
  useActionMutation,
} from '@chorus/platform';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { isLaterQuestionState, productKeys, useProductQuestions } from './api';
import { calibrationKeys } from './calibration-api';
import { shouldPollQuestions } from './question-history';

// The questions page's own calls: the list (kept current by the live stream,
// polled only while the stream is down), ask, delete. The list lives under
// the products pages' key, so a question asked here is in the dashboard's
// cache too.

const questionsPath = (productId: string) => productKeys.questions(productId).join('/');

/**
 * The product's questions, newest first. While the live stream is connected
 * it keeps them current; while it is down (not yet open, or dropped) the list
 * is read again every 2 s as long as any question is being answered.
 */
export function useQuestions(productId: string, streaming: boolean) {
  return useProductQuestions(productId, {
    refetchInterval: (questions) =>
      !streaming && shouldPollQuestions(questions ?? []) ? QUESTION_POLL_INTERVAL_MS : false,
  });
}

/**
 * Drops the list read under way (it may have left before a state the page
 * has since heard of was stored) for one that starts now. A read with no list
 * cached yet is not cancelled by invalidation alone: it would be joined.
 */
function readListAfresh(productId: string): void {
  const list = { queryKey: productKeys.questions(productId), exact: true };
  void queryClient.cancelQueries(list).then(() => queryClient.invalidateQueries(list));
}

/** Puts a question's state into the cached list: replaces it, or adds it as the newest. */
function storeQuestion(productId: string, question: QuestionView): void {
  const list = productKeys.questions(productId);
  const loaded = queryClient.getQueryData<QuestionView[]>(list);
  const before = loaded?.find((q) => q.id === question.id);
  // A run that has just finished changes the persona side of its fidelity card.
  if (
    before &&
    question.status === 'complete' &&
    (before.status !== 'complete' || before.seed !== question.seed)
  ) {
    void queryClient.invalidateQueries({ queryKey: calibrationKeys.product(productId) });
  }
  if (!loaded) {
    // Not loaded yet. The read under way may have left before this state was
    // stored, and nothing would push it again: a read that starts now brings it.
    readListAfresh(productId);
    return;
  }
  queryClient.setQueryData<QuestionView[]>(list, (known) => {
    if (!known) return known;
    const cached = known.find((q) => q.id === question.id);
    if (!cached) return [question, ...known];
    // The ask's answer can come after the stream has already sent a later state.
    if (isLaterQuestionState(cached, question)) return known;
    return known.map((q) => (q.id === question.id ? question : q));
  });
}

function dropQuestion(productId: string, questionId: string): void {
  queryClient.setQueryData<QuestionView[]>(productKeys.questions(productId), (known) =>
    known?.filter((question) => question.id !== questionId),
  );
}

export function useAskQuestion(productId: string) {
  // One Idempotency-Key per ask: a double click asks once.
  return useActionMutation({
    mutationFn: async (
      ask: {
        questionText: string;
        checkWording: boolean;
        spec?: TypedQuestionSpec;
        /** A ready market panel asked instead of the chosen personas. */
        panelId?: string;
        /** The chosen personas' answers weighted to this population. */
        weightTo?: NationalFrameId;
      },
      idempotencyKey,
    ) => {
      const response = await apiRequest(
        'POST',
        questionsPath(productId),
        {
          questionText: ask.questionText,
          checkWording: ask.checkWording,
          productId,
          // An open opinion question goes without one, as before typed questions.
          ...(ask.spec ? { spec: ask.spec } : {}),
          ...(ask.panelId ? { panelId: ask.panelId } : {}),
          ...(ask.weightTo && !ask.panelId ? { weightTo: ask.weightTo } : {}),
        },
        { idempotencyKey },
      );
      return (await response.json()) as QuestionView;
    },
    // Shown at once (pending); the stream, or the fallback polling, brings its answers.
    onSuccess: (asked) => {
      storeQuestion(productId, asked);
      void queryClient.invalidateQueries({ queryKey: budgetKey(productId) });
      void queryClient.invalidateQueries({
        queryKey: [...productKeys.questions(productId), 'estimate'],
      });
    },
  });
}

/** Runs a complete question again with a new seed; its earlier run stays beside it. */
export function useRerunQuestion(productId: string) {
  return useActionMutation({
    mutationFn: async (questionId: string, idempotencyKey) => {
      const response = await apiRequest(
        'POST',
        `${questionsPath(productId)}/${encodeURIComponent(questionId)}/rerun`,
        undefined,
        { idempotencyKey },
      );
      return (await response.json()) as QuestionView;
    },
    onSuccess: (rerun) => storeQuestion(productId, rerun),
  });
}

/**
 * What the question being typed would cost, asked again (debounced by the
 * caller) as the text or the wording check changes; the last estimate stays
 * shown while the next one loads.
 */
export function useQuestionEstimate(
  productId: string,
  ask: {
    questionText: string;
    checkWording: boolean;
    spec?: TypedQuestionSpec | undefined;
    panelId?: string | undefined;
  },
  enabled: boolean,
) {
  return useQuery({
    queryKey: [...productKeys.questions(productId), 'estimate', ask],
    queryFn: async () => {
      const response = await apiRequest('POST', `${questionsPath(productId)}/estimate`, ask);
      return (await response.json()) as QuestionEstimate;
    },
    enabled,
    placeholderData: keepPreviousData,
    // Asked again whenever the text comes back: answers cached meanwhile make it cheaper.
    staleTime: 0,
  });
}

const budgetKey = (productId: string) => [...productKeys.product(productId), 'question-budget'];

/** The product's monthly budget for questions and this month's spend. */
export function useQuestionBudget(productId: string) {
  return useQuery({
    queryKey: budgetKey(productId),
    queryFn: async () => {
      const response = await apiRequest('GET', budgetKey(productId).join('/'));
      return (await response.json()) as BudgetView;
    },
  });
}

export function useSetQuestionBudget(productId: string) {
  return useMutation({
    mutationFn: async (monthlyBudgetUsd: number | null) => {
      const response = await apiRequest('PUT', budgetKey(productId).join('/'), {
        monthlyBudgetUsd,
      });
      return (await response.json()) as BudgetView & { message: string };
    },
    onSuccess: (budget) => queryClient.setQueryData(budgetKey(productId), budget),
  });
}

export function useDeleteQuestion(productId: string) {
  return useMutation({
    mutationFn: async (questionId: string) => {
      await apiRequest('DELETE', `${questionsPath(productId)}/${encodeURIComponent(questionId)}`);
      return questionId;
    },
    onSuccess: (questionId) => dropQuestion(productId, questionId),
  });
}

/** Asks a question that ended in error again: same text, same personas; back to pending. */
export function useRetryQuestion(productId: string) {
  return useActionMutation({
    mutationFn: async (questionId: string, idempotencyKey) => {
      const response = await apiRequest(
        'POST',
        `${questionsPath(productId)}/${encodeURIComponent(questionId)}/retry`,
        undefined,
        { idempotencyKey },
      );
      return (await response.json()) as QuestionView;
    },
    onSuccess: (retried) => storeQuestion(productId, retried),
  });
}

/**
 * Live results: the gateway's event stream sends each question as soon as
 * its new state is stored ('question') and says when one is gone
 * ('question-deleted'); both go straight into the cached list. 'ready' means
 * the stream is watching; the list is read once then, since states stored
 * while it was down were not sent. Answers whether the stream is connected,
 * so the list polls only while it is not. EventSource cannot send headers, so
 * the token travels as access_token; it reconnects by itself after a drop.
 * Closed on unmount.
 */
export function useQuestionStream(productId: string): boolean {
  const [connected, setConnected] = useState(false);
  useEffect(() => {
    const token = getToken();
    if (!token || typeof EventSource === 'undefined') return undefined;
    const source = new EventSource(
      `${questionsPath(productId)}/stream?access_token=${encodeURIComponent(token)}`,
    );
    source.addEventListener('ready', () => {
      setConnected(true);
      // A read already under way may have been answered before the stream was watching.
      readListAfresh(productId);
    });
    source.addEventListener('question', (event) =>
      storeQuestion(productId, JSON.parse(event.data as string) as QuestionView),
    );
    source.addEventListener('question-deleted', (event) =>
      dropQuestion(productId, (JSON.parse(event.data as string) as { id: string }).id),
    );
    source.addEventListener('error', () => setConnected(false));
    return () => {
      source.close();
      setConnected(false);
    };
  }, [productId]);
  return connected;
}

/** Saves a question's study report (PDF or Markdown) through a temporary link. */
export async function downloadStudyReport(
  question: Pick<QuestionView, 'id' | 'productId'>,
  format: 'pdf' | 'md',
): Promise<void> {
  try {
    await downloadFrom(
      `${questionsPath(question.productId)}/${encodeURIComponent(question.id)}/report.${format}`,
      `study-report.${format}`,
    );
  } catch (error) {
    toast({
      title: 'Report not downloaded',
      description: serverMessage(error),
      variant: 'destructive',
    });
  }
}
