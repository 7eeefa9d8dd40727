import type { CalibrationShareLinkView, CalibrationView } from '@chorus/contracts';
import { apiRequest, queryClient, useActionMutation } from '@chorus/platform';
import { useMutation, useQuery } from '@tanstack/react-query';
import { productKeys } from './api';

// Calibration against real answers: one question's fidelity card, the
// product's calibrated questions, and the share links that can stand in for
// an upload. Keys are the paths the shared query function GETs.

const encode = encodeURIComponent;

export const calibrationKeys = {
  question: (productId: string, questionId: string) => [
    ...productKeys.questions(productId),
    encode(questionId),
    'calibration',
  ],
  product: (productId: string) => ['/api/products', encode(productId), 'calibrations'],
  shareLinks: (productId: string) => [
    '/api/products',
    encode(productId),
    'calibration-share-links',
  ],
};

/**
 * The question's fidelity card, or null before any real answers. Read from the
 * product's list (one read for the whole questions page, and no "not found"
 * for each question without real answers).
 */
export function useCalibration(productId: string, questionId: string) {
  return useQuery<CalibrationView[], Error, CalibrationView | null>({
    queryKey: calibrationKeys.product(productId),
    select: (views) => views.find((view) => view.questionId === questionId) ?? null,
  });
}

/** Every calibrated question of the product, oldest upload first. */
export function useProductCalibrations(productId: string) {
  return useQuery<CalibrationView[]>({ queryKey: calibrationKeys.product(productId) });
}

/** The product's share links with responses, read when the upload panel offers them. */
export function useCalibrationShareLinks(productId: string, enabled: boolean) {
  return useQuery<CalibrationShareLinkView[]>({
    queryKey: calibrationKeys.shareLinks(productId),
    enabled,
  });
}

/** Shows the question's new card (or none) at once, then reads the list again for its order. */
function settle(productId: string, questionId: string, view: CalibrationView | null) {
  queryClient.setQueryData<CalibrationView[]>(calibrationKeys.product(productId), (known) => {
    const others = (known ?? []).filter((other) => other.questionId !== questionId);
    return view ? [...others, view] : others;
  });
  void queryClient.invalidateQueries({ queryKey: calibrationKeys.product(productId) });
}

/** Uploads a CSV, or uses a share link's responses; the card shows the answer at once. */
export function useCalibrate(productId: string, questionId: string) {
  return useActionMutation({
    mutationFn: async (
      body: { fileName: string; csv: string } | { shareLinkId: string },
      idempotencyKey,
    ) => {
      const response = await apiRequest(
        'POST',
        calibrationKeys.question(productId, questionId).join('/'),
        body,
        { idempotencyKey },
      );
      return (await response.json()) as CalibrationView;
    },
    onSuccess: (view) => settle(productId, questionId, view),
  });
}

export function useRemoveCalibration(productId: string, questionId: string) {
  return useMutation({
    mutationFn: async () => {
      await apiRequest('DELETE', calibrationKeys.question(productId, questionId).join('/'));
    },
    onSuccess: () => settle(productId, questionId, null),
  });
}
