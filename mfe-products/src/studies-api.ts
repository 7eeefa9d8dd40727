import type { CreateStudyRequest, QuestionView, StudyView } from '@chorus/contracts';
import {
  apiRequest,
  downloadFrom,
  queryClient,
  serverMessage,
  toast,
  useActionMutation,
} from '@chorus/platform';
import { useQuery } from '@tanstack/react-query';
import { isLaterQuestionState, productKeys } from './api';

// Studies: a few linked typed questions about one offer, asked together. Keys
// are the paths the shared query function GETs. A study's questions are also
// in the product's question list, which the live stream keeps current; the
// study pages read each question's state from there when it is later.

const encode = encodeURIComponent;

const studyKeys = {
  list: (productId: string) => [...productKeys.product(productId), 'studies'],
  study: (productId: string, studyId: string) => [
    ...productKeys.product(productId),
    'studies',
    encode(studyId),
  ],
};

/** The product's studies, newest first. */
export function useStudies(productId: string) {
  return useQuery<StudyView[]>({ queryKey: studyKeys.list(productId) });
}

/** One study with its questions. */
export function useStudy(productId: string, studyId: string) {
  return useQuery<StudyView>({ queryKey: studyKeys.study(productId, studyId) });
}

/**
 * The study's questions in its order, each in its latest known state: the
 * live question list's when that is later than the study's own copy.
 */
export function liveStudyQuestions(
  study: StudyView,
  live: readonly QuestionView[] | undefined,
): QuestionView[] {
  const byId = new Map((live ?? []).map((question) => [question.id, question]));
  return study.questions.map((question) => {
    const known = byId.get(question.id);
    return known && isLaterQuestionState(known, question) ? known : question;
  });
}

/** Starts a study: one Idempotency-Key per click, so a double click asks once. */
export function useCreateStudy(productId: string) {
  return useActionMutation({
    mutationFn: async (body: CreateStudyRequest, idempotencyKey) => {
      const response = await apiRequest('POST', studyKeys.list(productId).join('/'), body, {
        idempotencyKey,
      });
      return (await response.json()) as StudyView;
    },
    onSuccess: (study) => {
      queryClient.setQueryData<StudyView[]>(studyKeys.list(productId), (known) =>
        known ? [study, ...known.filter((other) => other.id !== study.id)] : known,
      );
      queryClient.setQueryData(studyKeys.study(productId, study.id), study);
      // Its questions join the history; the stream brings them too, but not while it is down.
      void queryClient.invalidateQueries({
        queryKey: productKeys.questions(productId),
        exact: true,
      });
    },
  });
}

/** What a study can be downloaded as: its report, every persona's draws, or its figures. */
export const studyDownloads = [
  { file: 'report.pdf', label: 'Study report (PDF)' },
  { file: 'report.md', label: 'Study report (Markdown)' },
  { file: 'answers.csv', label: 'Answers (CSV, one row per draw)' },
  { file: 'summary.csv', label: 'Figures (CSV)' },
] as const;

/** Saves one of a study's downloads through a temporary link; a refusal (not answered yet) shows as a toast. */
export async function downloadStudy(
  productId: string,
  studyId: string,
  file: (typeof studyDownloads)[number]['file'],
): Promise<void> {
  try {
    await downloadFrom(
      `/api/products/${encodeURIComponent(productId)}/studies/${encodeURIComponent(studyId)}/${file}`,
      `study-${file}`,
    );
  } catch (error) {
    toast({ title: 'Not downloaded', description: serverMessage(error), variant: 'destructive' });
  }
}
