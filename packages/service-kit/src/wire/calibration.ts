// A question's fidelity card: CalibrationView of @chorus/contracts and
// catalog.v1.CalibrationView, both ways.
import type { CalibrationView, Fidelity } from '@chorus/contracts';
import type {
  CalibrationView as CalibrationViewMessage,
  Fidelity as FidelityMessage,
} from '@chorus/proto/catalog/v1/calibration';

type Triple = [number, number, number];

function triple(values: readonly number[]): Triple {
  return [values[0] ?? 0, values[1] ?? 0, values[2] ?? 0];
}

export function calibrationToMessage(view: CalibrationView): CalibrationViewMessage {
  const f = view.fidelity;
  const fidelity: FidelityMessage = {
    n: f.n,
    human: f.human,
    persona: f.persona,
    distance: f.distance,
    distanceMeaning: f.distanceMeaning,
    level: f.level ?? '',
    distanceText: f.distanceText ?? '',
    distanceTechnical: f.distanceTechnical ?? '',
    ...(f.ks === null ? {} : { ks: f.ks }),
    ...(f.ksOver ? { ksOver: f.ksOver } : {}),
    ...(f.ksText ? { ksText: f.ksText } : {}),
    ...(f.ksTechnical ? { ksTechnical: f.ksTechnical } : {}),
    ...(f.spreadRatio === null ? {} : { spreadRatio: f.spreadRatio }),
    spreadMeaning: f.spreadMeaning,
    spreadText: f.spreadText ?? '',
    spreadTechnical: f.spreadTechnical ?? '',
    segments: f.segments.map((s) => ({
      label: s.label,
      human: s.human,
      persona: s.persona,
      ...(s.distance === null ? {} : { distance: s.distance }),
    })),
  };
  return {
    questionId: view.questionId,
    questionText: view.questionText,
    fileName: view.fileName,
    createdAt: new Date(view.createdAt),
    answerColumn: view.answerColumn,
    personaSource: view.personaSource,
    fidelity,
  };
}

function fidelityFromMessage(f: FidelityMessage | undefined): Fidelity {
  const level = f?.level;
  const ksOver = f?.ksOver;
  return {
    n: f?.n ?? 0,
    human: triple(f?.human ?? []),
    persona: triple(f?.persona ?? []),
    distance: f?.distance ?? 0,
    distanceMeaning: f?.distanceMeaning ?? '',
    level: level === 'well' || level === 'fairly well' || level === 'poorly' ? level : undefined,
    distanceText: f?.distanceText ?? '',
    distanceTechnical: f?.distanceTechnical ?? '',
    ks: f?.ks ?? null,
    ksOver: ksOver === 'ratings' || ksOver === 'opinions' ? ksOver : null,
    ksText: f?.ksText ?? null,
    ksTechnical: f?.ksTechnical ?? null,
    spreadRatio: f?.spreadRatio ?? null,
    spreadMeaning: f?.spreadMeaning ?? '',
    spreadText: f?.spreadText ?? '',
    spreadTechnical: f?.spreadTechnical ?? '',
    segments: (f?.segments ?? []).map((s) => ({
      label: s.label,
      human: triple(s.human),
      persona: triple(s.persona),
      distance: s.distance ?? null,
    })),
  };
}

/** A fidelity card as the API answers it. */
export function calibrationFromMessage(message: CalibrationViewMessage): CalibrationView {
  return {
    questionId: message.questionId,
    questionText: message.questionText,
    fileName: message.fileName,
    createdAt: message.createdAt?.toISOString() ?? '',
    answerColumn: message.answerColumn === 'rating' ? 'rating' : 'opinion',
    personaSource: message.personaSource,
    fidelity: fidelityFromMessage(message.fidelity),
  };
}
