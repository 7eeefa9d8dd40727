import {
  type CalibrationOpinion,
  ratingOpinion,
  type ShareAnswer,
  shareCalibrationMessages,
} from '@chorus/contracts';

// A share link's responses as real answers of a question's calibration: which
// links can give them, the CSV they make (read like an upload) and its name.

/**
 * One share link response as a real answer: a rating is mapped like a rating
 * column (1-2 negative, 3 neutral, 4-5 positive), thumbs up/down as
 * positive/negative. Rankings and text have no opinion: null.
 */
export function shareAnswerOpinion(
  answer: ShareAnswer,
): { opinion: CalibrationOpinion; rating: number | null } | null {
  if (answer.type === 'rating') {
    const opinion = ratingOpinion(answer.rating);
    return opinion ? { opinion, rating: answer.rating } : null;
  }
  if (answer.type === 'thumbs') {
    return { opinion: answer.thumbs === 'up' ? 'positive' : 'negative', rating: null };
  }
  return null;
}

/** Whether a share link's responses can calibrate a question; the reason in words when not. */
export function shareLinkCalibrationRefusal(feedbackType: string): string | null {
  if (feedbackType === 'rating' || feedbackType === 'thumbs') return null;
  return feedbackType === 'text' ? shareCalibrationMessages.text : shareCalibrationMessages.ranking;
}

/**
 * A share link's responses as the CSV a team would upload: a rating column for
 * a rating link, an opinion column for a thumbs link, so they are read by the
 * same rules as an upload.
 */
export function shareLinkCalibrationCsv(
  feedbackType: string,
  answers: readonly ShareAnswer[],
): { ok: true; csv: string; count: number } | { ok: false; message: string } {
  const refusal = shareLinkCalibrationRefusal(feedbackType);
  if (refusal) return { ok: false, message: refusal };
  const mapped = answers.flatMap((answer) => {
    const one = shareAnswerOpinion(answer);
    return one ? [one] : [];
  });
  if (mapped.length === 0) return { ok: false, message: shareCalibrationMessages.noResponses };
  const csv =
    feedbackType === 'rating'
      ? ['rating', ...mapped.map((m) => String(m.rating))].join('\n')
      : ['opinion', ...mapped.map((m) => m.opinion)].join('\n');
  return { ok: true, csv, count: mapped.length };
}

/** The name a share link's calibration is stored under: "Share link: <title> (12 responses)". */
export function shareLinkCalibrationName(title: string, count: number): string {
  const short = title.trim().length > 140 ? `${title.trim().slice(0, 139)}…` : title.trim();
  return `Share link: ${short || 'untitled'} (${count} ${count === 1 ? 'response' : 'responses'})`;
}
