import type { QuestionLinkResultsView, QuestionLinkView } from '@chorus/contracts';
import { apiRequest, queryClient, useActionMutation } from '@chorus/platform';
import { useMutation, useQuery } from '@tanstack/react-query';
import { productKeys } from './api';

// Links where real people answer the typed questions the personas answered:
// make one for a question or a study, list them, switch one off, and read the
// people's answers beside the personas'.

const encode = encodeURIComponent;

const questionLinkKeys = {
  list: (productId: string) => [...productKeys.product(productId), 'question-links'],
  results: (productId: string, linkId: string) => [
    ...productKeys.product(productId),
    'question-links',
    encode(linkId),
    'results',
  ],
};

/** What a link is made for: one typed question, or every question of a study. */
export type LinkTarget = { questionId: string } | { studyId: string };

function sharePath(productId: string, target: LinkTarget): string {
  const base = productKeys.product(productId).join('/');
  return 'questionId' in target
    ? `${base}/questions/${encode(target.questionId)}/share-links`
    : `${base}/studies/${encode(target.studyId)}/share-links`;
}

/** The product's links, newest first (their addresses are never listed). */
export function useQuestionLinks(productId: string) {
  return useQuery<QuestionLinkView[]>({ queryKey: questionLinkKeys.list(productId) });
}

export function useQuestionLinkResults(productId: string, linkId: string) {
  return useQuery<QuestionLinkResultsView>({
    queryKey: questionLinkKeys.results(productId, linkId),
    // Answers keep coming in while a link is open: read again whenever the page is opened.
    staleTime: 0,
  });
}

/** Makes a link; its answer is the only one that carries the address. */
export function useCreateQuestionLink(productId: string, target: LinkTarget) {
  return useActionMutation({
    mutationFn: async (body: { expiresInDays: number }, idempotencyKey) => {
      const response = await apiRequest('POST', sharePath(productId, target), body, {
        idempotencyKey,
      });
      return (await response.json()) as QuestionLinkView;
    },
    onSuccess: () =>
      void queryClient.invalidateQueries({ queryKey: questionLinkKeys.list(productId) }),
  });
}

/** Switches a link off (people can no longer answer) or on again. */
export function useSetQuestionLinkActive(productId: string) {
  return useMutation({
    mutationFn: async ({ linkId, isActive }: { linkId: string; isActive: boolean }) => {
      const response = await apiRequest(
        'PATCH',
        `${questionLinkKeys.list(productId).join('/')}/${encode(linkId)}`,
        { isActive },
      );
      return (await response.json()) as QuestionLinkView;
    },
    onSuccess: (link) =>
      queryClient.setQueryData<QuestionLinkView[]>(questionLinkKeys.list(productId), (known) =>
        known?.map((other) => (other.id === link.id ? { ...link, url: null } : other)),
      ),
  });
}
