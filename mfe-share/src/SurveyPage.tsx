import {
  formatDate,
  type PersonAnswer,
  type PublicQuestionLinkView,
  questionLinkMessages,
  questionLinkResponseRequest,
} from '@chorus/contracts';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { type LoadedQuestions, loadQuestionLink, sendQuestionAnswers } from './api';
import { Brand } from './SharePage';
import {
  answerOf,
  answerProblem,
  type Draft,
  draftOf,
  isAskable,
  type SurveyQuestion,
} from './survey-drafts';
import { SurveyQuestionField } from './SurveyQuestion';

/** /survey/{token} -> the token, or null for any other path. */
export function surveyTokenOf(path: string): string | null {
  const match = /^\/survey\/([^/]+)\/?$/.exec(path);
  return match ? decodeURIComponent(match[1]!) : null;
}

export function SurveyPage({ path }: { path: string }) {
  return (
    <>
      <Brand />
      <SurveyContent token={surveyTokenOf(path) ?? ''} />
    </>
  );
}

function Unavailable({ message }: { message: string }) {
  return (
    <section className="share-card" aria-labelledby="survey-title">
      <h1 id="survey-title">This link is not available</h1>
      <p>{message}</p>
      <p className="share-muted">Ask the person who sent it to you for a new link.</p>
    </section>
  );
}

function SurveyContent({ token }: { token: string }) {
  const [loaded, setLoaded] = useState<LoadedQuestions | null>(null);
  useEffect(() => {
    void loadQuestionLink(token).then(setLoaded);
  }, [token]);

  if (!loaded) return <p className="share-loading">Loading…</p>;
  if (loaded.state === 'unavailable') return <Unavailable message={loaded.message} />;
  if (loaded.state === 'error') {
    return (
      <section className="share-card" aria-labelledby="survey-title">
        <h1 id="survey-title">Something went wrong</h1>
        <p>{loaded.message}</p>
      </section>
    );
  }
  return <SurveyForm token={token} link={loaded.link} />;
}

/** What sending found: a problem per question (null when it is fine) and the page's message. */
interface Check {
  problems: Map<string, string>;
  message: string;
}

function SurveyForm({ token, link }: { token: string; link: PublicQuestionLinkView }) {
  const [questions] = useState<SurveyQuestion[]>(() => link.questions.filter(isAskable));
  // This browser's last answers, filled in: sending again replaces them.
  const earlier = link.myAnswers && link.myAnswers.length > 0 ? link.myAnswers : null;
  const [drafts, setDrafts] = useState<Map<string, Draft>>(() => {
    const before = new Map<string, PersonAnswer>(
      (earlier ?? []).map(({ questionId, answer }) => [questionId, answer]),
    );
    return new Map(questions.map((q) => [q.id, draftOf(q, before.get(q.id))]));
  });
  const [check, setCheck] = useState<Check>({ problems: new Map(), message: '' });
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState<null | { replaced: boolean }>(null);
  const [sentBefore, setSentBefore] = useState(earlier !== null);
  const [gone, setGone] = useState('');
  const [focusFirst, setFocusFirst] = useState<{ questionId: string } | null>(null);
  const fieldsets = useRef(new Map<string, HTMLFieldSetElement>());
  const thanks = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (done) thanks.current?.focus();
  }, [done]);

  // After the problems are on the page, so the focused control is read out with its message.
  useEffect(() => {
    if (!focusFirst) return;
    fieldsets.current
      .get(focusFirst.questionId)
      ?.querySelector<HTMLElement>('input:not([disabled]), button:not([disabled]), [tabindex="0"]')
      ?.focus();
  }, [focusFirst]);

  if (gone) return <Unavailable message={gone} />;

  if (done) {
    const team = `The team behind ${link.productName || 'this product'} will see them.`;
    return (
      <section className="share-card" aria-live="polite">
        <h1 ref={thanks} tabIndex={-1}>
          Thank you!
        </h1>
        <p>
          {done.replaced ? 'Your answers were updated. ' : 'Your answers were recorded. '}
          {team}
        </p>
        <button type="button" className="share-secondary" onClick={() => setDone(null)}>
          Change my answers
        </button>
      </section>
    );
  }

  const update = (questionId: string, draft: Draft) => {
    setDrafts((all) => new Map(all).set(questionId, draft));
    // A question's problem goes once it is changed; the others wait for the next send.
    setCheck((was) => {
      if (!was.problems.has(questionId)) return was;
      const problems = new Map(was.problems);
      problems.delete(questionId);
      return { problems, message: problems.size > 0 ? was.message : '' };
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const problems = new Map<string, string>();
    const answers: { questionId: string; answer: PersonAnswer }[] = [];
    let missing = false;
    for (const question of questions) {
      const draft = drafts.get(question.id);
      const answer = draft ? answerOf(question, draft) : null;
      if (!answer) {
        missing = true;
        problems.set(question.id, 'Answer this question');
        continue;
      }
      const problem = answerProblem(question, answer);
      if (problem) problems.set(question.id, problem);
      else answers.push({ questionId: question.id, answer });
    }
    const first = questions.find((q) => problems.has(q.id));
    if (first) {
      setCheck({
        problems,
        message: missing
          ? questionLinkMessages.answerEveryQuestion
          : 'Check the answers marked above before sending',
      });
      setFocusFirst({ questionId: first.id });
      return;
    }
    const request = questionLinkResponseRequest.safeParse({ answers });
    if (!request.success) {
      setCheck({
        problems,
        message: request.error.issues[0]?.message ?? questionLinkMessages.answerEveryQuestion,
      });
      return;
    }
    setCheck({ problems, message: '' });
    setSending(true);
    const result = await sendQuestionAnswers(token, request.data);
    setSending(false);
    if (result.ok) {
      setSentBefore(true);
      setDone({ replaced: result.replaced });
    } else if (result.gone) {
      setGone(result.message);
    } else {
      setCheck({ problems, message: result.message });
    }
  };

  return (
    <form className="share-card" onSubmit={(event) => void submit(event)} noValidate>
      {link.productName && <p className="share-product">{link.productName}</p>}
      <h1>{link.title}</h1>
      {sentBefore && (
        <p className="share-note" role="status">
          You answered this before; sending again replaces your answer.
        </p>
      )}
      {questions.map((question, i) => (
        <SurveyQuestionField
          key={question.id}
          question={question}
          number={i + 1}
          draft={drafts.get(question.id) ?? draftOf(question)}
          problem={check.problems.get(question.id) ?? null}
          fieldsetRef={(fieldset) => {
            if (fieldset) fieldsets.current.set(question.id, fieldset);
            else fieldsets.current.delete(question.id);
          }}
          onChange={(draft) => update(question.id, draft)}
        />
      ))}
      {check.message && (
        <p className="share-error" role="alert">
          {check.message}
        </p>
      )}
      <button type="submit" className="share-primary" disabled={sending}>
        {sending ? 'Sending…' : 'Send my answers'}
      </button>
      <p className="share-muted share-privacy">
        No account needed. One set of answers per browser: sending again replaces them. This link
        closes on {formatDate(link.expiresAt, 'medium')}.
      </p>
    </form>
  );
}
