import type { Alarm, AnalysisNote, QuestionView } from '@chorus/contracts';
import { cn } from '@chorus/platform/ui';
import { AlertTriangle, Info } from 'lucide-react';
import { HowMeasured } from '../HowMeasured';

const alarmLook = 'border-amber-300 bg-amber-50 text-amber-900';
const noteLook = 'border-sky-200 bg-sky-50 text-sky-950';

function AlarmItem({ alarm }: { alarm: Alarm }) {
  return (
    <li
      className={cn('grid gap-1.5 rounded-lg border px-3 py-2 text-sm', alarmLook)}
      role="note"
      data-alarm={alarm.kind}
    >
      <p className="flex gap-2">
        <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>
          <span className="font-semibold">{alarm.title}: </span>
          {alarm.text}
        </span>
      </p>
      {alarm.words && alarm.words.length > 0 ? (
        <p className="pl-6" data-testid="alarm-words">
          Words that steer the answer:{' '}
          {alarm.words.map((word, index) => (
            <span key={`${word}-${index}`}>
              {index > 0 ? ', ' : ''}
              <mark className="rounded bg-amber-200/70 px-1 text-amber-950">{word}</mark>
            </span>
          ))}
        </p>
      ) : null}
      {alarm.rewording && !alarm.text.includes(alarm.rewording) ? (
        <p className="pl-6" data-testid="alarm-rewording">
          Ask instead: “{alarm.rewording}”
        </p>
      ) : null}
      {alarm.technical ? (
        <HowMeasured className="pl-6 text-amber-900/80">
          <p>{alarm.technical}</p>
        </HowMeasured>
      ) : null}
    </li>
  );
}

function NoteItem({ note }: { note: AnalysisNote }) {
  return (
    <li
      className={cn('grid gap-1.5 rounded-lg border px-3 py-2 text-sm', noteLook)}
      role="note"
      data-note={note.kind}
    >
      <p className="flex gap-2">
        <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>
          <span className="font-semibold">{note.title}: </span>
          {note.text}
        </span>
      </p>
      {note.technical ? (
        <HowMeasured className="pl-6">
          <p>{note.technical}</p>
        </HowMeasured>
      ) : null}
    </li>
  );
}

/**
 * The question's alarms (warnings, each with what to do about it) and its
 * notes (calm information), from the stored analysis.
 */
export function Alarms({ question }: { question: QuestionView }) {
  const alarms = question.analysis?.alarms ?? [];
  const notes = question.analysis?.notes ?? [];
  if (alarms.length + notes.length === 0) return null;
  return (
    <ul className="grid gap-2" aria-label="Alarms and notes">
      {alarms.map((alarm) => (
        <AlarmItem key={alarm.kind} alarm={alarm} />
      ))}
      {notes.map((note) => (
        <NoteItem key={note.kind} note={note} />
      ))}
    </ul>
  );
}
