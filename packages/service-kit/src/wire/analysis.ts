// A question's analysis and drift: QuestionAnalysis and DriftReport of
// @chorus/contracts and their proto messages (catalog.v1.QuestionAnalysis,
// catalog.v1.DriftReport), both ways.
import {
  type Alarm,
  type AnalysisNote,
  type DriftReport,
  opinions,
  type QuestionAnalysis,
} from '@chorus/contracts';
import type {
  Alarm as AlarmMessage,
  AnalysisNote as AnalysisNoteMessage,
  DriftReport as DriftReportMessage,
  QuestionAnalysis as QuestionAnalysisMessage,
} from '@chorus/proto/catalog/v1/questions';
import { estimateFromMessage, estimateToMessage } from './runs';

const alarmKinds = ['leading', 'echo-chamber', 'wording-sensitive', 'flattery'] as const;
const noteKinds = ['panel-agrees', 'wording-stable', 'sensitivity-skipped'] as const;

function alarmToMessage(alarm: Alarm): AlarmMessage {
  return {
    kind: alarm.kind,
    title: alarm.title,
    text: alarm.text,
    ...(alarm.technical === undefined ? {} : { technical: alarm.technical }),
    words: alarm.words ?? [],
    ...(alarm.rewording === undefined ? {} : { rewording: alarm.rewording }),
  };
}

/** An alarm from its message; null for a kind this side does not know. */
function alarmFromMessage(message: AlarmMessage): Alarm | null {
  const kind = alarmKinds.find((k) => k === message.kind);
  if (!kind) return null;
  return {
    kind,
    title: message.title,
    text: message.text,
    ...(message.technical === undefined ? {} : { technical: message.technical }),
    // Only the leading alarm names the words that steer, even when it found none.
    ...(kind === 'leading' ? { words: message.words } : {}),
    ...(message.rewording === undefined ? {} : { rewording: message.rewording }),
  };
}

function noteToMessage(note: AnalysisNote): AnalysisNoteMessage {
  return {
    kind: note.kind,
    title: note.title,
    text: note.text,
    ...(note.technical === undefined ? {} : { technical: note.technical }),
  };
}

function noteFromMessage(message: AnalysisNoteMessage): AnalysisNote | null {
  const kind = noteKinds.find((k) => k === message.kind);
  if (!kind) return null;
  return {
    kind,
    title: message.title,
    text: message.text,
    ...(message.technical === undefined ? {} : { technical: message.technical }),
  };
}

export function analysisToMessage(analysis: QuestionAnalysis): QuestionAnalysisMessage {
  return {
    estimate: estimateToMessage(analysis.estimate),
    entropy: analysis.entropy,
    alarms: analysis.alarms.map(alarmToMessage),
    notes: (analysis.notes ?? []).map(noteToMessage),
  };
}

/** An analysis from its message; null when it carries no estimate. */
export function analysisFromMessage(
  message: QuestionAnalysisMessage | undefined,
): QuestionAnalysis | null {
  if (!message?.estimate) return null;
  return {
    estimate: estimateFromMessage(message.estimate),
    entropy: message.entropy,
    alarms: message.alarms.flatMap((a) => alarmFromMessage(a) ?? []),
    notes: message.notes.flatMap((n) => noteFromMessage(n) ?? []),
  };
}

export function driftToMessage(drift: DriftReport): DriftReportMessage {
  return { ...drift };
}

/** A drift report from its message; null when absent or naming no opinion. */
export function driftFromMessage(message: DriftReportMessage | undefined): DriftReport | null {
  const opinion = opinions.find((o) => o === message?.opinion);
  if (!message || !opinion) return null;
  return { drift: message.drift, opinion, points: message.points, text: message.text };
}
