import {
  type ProductPersonaView,
  type ProductView,
  QUESTION_POLL_INTERVAL_MS,
  type QuestionView,
  shouldPollQuestions,
} from '@chorus/contracts';
import { apiRequest, getToken } from '@chorus/platform';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

// The questions page's calls. Each read's key is the path the shared query
// function GETs with the bearer token.

const encode = encodeURIComponent;

// Keys in the same shape as the other products pages' (parts joined with
// "/"), so a question asked here is in the dashboard's cache too.
export const questionKeys = {
  product: (productId: string) => ['/api/products', encode(productId)] as const,
  personas: (productId: string) => ['/api/products', encode(productId), 'personas'] as const,
  questions: (productId: string) => ['/api/products', encode(productId), 'questions'] as const,
};

const questionsPath = (productId: string) => questionKeys.questions(productId).join('/');

export function useProduct(productId: string) {
  return useQuery<ProductView>({ queryKey: questionKeys.product(productId) });
}

export function useProductPersonas(productId: string) {
  return useQuery<ProductPersonaView[]>({ queryKey: questionKeys.personas(productId) });
}

/** The product's questions, newest first, read again every 2 s while any is being answered. */
export function useQuestions(productId: string) {
  return useQuery<QuestionView[]>({
    queryKey: questionKeys.questions(productId),
    refetchInterval: (query) =>
      shouldPollQuestions(query.state.data ?? []) ? QUESTION_POLL_INTERVAL_MS : false,
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
      queryClient.setQueryData<QuestionView[]>(questionKeys.questions(productId), (known) => [
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
      await apiRequest('DELETE', `${questionsPath(productId)}/${encode(questionId)}`);
      return questionId;
    },
    onSuccess: (questionId) => {
      queryClient.setQueryData<QuestionView[]>(questionKeys.questions(productId), (known) =>
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
    const url = `${questionsPath(productId)}/stream?access_token=${encode(token)}`;
    const source = new EventSource(url);
    const refresh = () =>
      void queryClient.invalidateQueries({ queryKey: questionKeys.questions(productId) });
    source.addEventListener('question', refresh);
    source.addEventListener('question-deleted', refresh);
    return () => source.close();
  }, [productId, queryClient]);
}
