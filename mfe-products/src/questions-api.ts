import {
  QUESTION_POLL_INTERVAL_MS,
  type QuestionView,
  shouldPollQuestions,
} from '@chorus/contracts';
import { apiRequest, getToken } from '@chorus/platform';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { productKeys, useProductQuestions } from './api';

// The questions page's own calls: its polling read, ask, delete and the live
// stream. The list lives under the products pages' key, so a question asked
// here is in the dashboard's cache too.

const questionsPath = (productId: string) => productKeys.questions(productId).join('/');

/** The product's questions, newest first, read again every 2 s while any is being answered. */
export function useQuestions(productId: string) {
  return useProductQuestions(productId, {
    refetchInterval: (questions) =>
      shouldPollQuestions(questions ?? []) ? QUESTION_POLL_INTERVAL_MS : false,
  });
}

export function useAskQuestion(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (questionText: string) => {
      const response = await apiRequest('POST', questionsPath(productId), {
        questionText,
        productId,
      });
      return (await response.json()) as QuestionView;
    },
    onSuccess: (asked) => {
      // Shown at once (pending), which also starts the polling.
      queryClient.setQueryData<QuestionView[]>(productKeys.questions(productId), (known) => [
        asked,
        ...(known ?? []).filter((question) => question.id !== asked.id),
      ]);
    },
  });
}

export function useDeleteQuestion(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (questionId: string) => {
      await apiRequest('DELETE', `${questionsPath(productId)}/${encodeURIComponent(questionId)}`);
      return questionId;
    },
    onSuccess: (questionId) => {
      queryClient.setQueryData<QuestionView[]>(productKeys.questions(productId), (known) =>
        (known ?? []).filter((question) => question.id !== questionId),
      );
    },
  });
}

/**
 * Live results: the gateway's event stream says when a question's new state
 * is stored ('question') or a question is gone ('question-deleted'), and the
 * list is read again at once instead of at the next poll. EventSource cannot
 * send headers, so the token travels as access_token. Closed on unmount.
 */
export function useQuestionStream(productId: string): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const token = getToken();
    if (!token || typeof EventSource === 'undefined') return undefined;
    const source = new EventSource(
      `${questionsPath(productId)}/stream?access_token=${encodeURIComponent(token)}`,
    );
    const refresh = () =>
      void queryClient.invalidateQueries({ queryKey: productKeys.questions(productId) });
    source.addEventListener('question', refresh);
    source.addEventListener('question-deleted', refresh);
    return () => source.close();
  }, [productId, queryClient]);
}
