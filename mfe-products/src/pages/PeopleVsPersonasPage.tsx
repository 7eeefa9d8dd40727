import type { ProductView } from '@chorus/contracts';
import {
  Badge,
  EmptyState,
  isNotFound,
  LoadError,
  Loading,
  ProductGate,
} from '@chorus/platform/ui';
import { ArrowLeft, Link2 } from 'lucide-react';
import { Link, useParams } from 'react-router-dom';
import { linkDay, linkState, linkStateWords, responsesWords } from '../components/share/link-words';
import { QuestionComparison } from '../components/share/QuestionComparison';
import { studyPath } from '../components/studies/paths';
import { useQuestionLinkResults } from '../question-links-api';

/**
 * /products/{id}/question-links/{linkId} (also /companies/…): "Compare with
 * people": for each question of a link, real people's answers beside the
 * personas', how close they are in plain words first.
 */
export function PeopleVsPersonasPage() {
  return (
    <ProductGate loadingLabel="Loading results...">
      {(product) => <LinkResults product={product} />}
    </ProductGate>
  );
}

export function LinkResults({ product }: { product: ProductView }) {
  const { linkId = '' } = useParams();
  const results = useQuestionLinkResults(product.id, linkId);
  const back = `/products/${encodeURIComponent(product.id)}/questions`;

  const body = (() => {
    if (results.isLoading) return <Loading label="Loading results..." />;
    if (results.isError || !results.data) {
      return isNotFound(results.error) ? (
        <EmptyState
          icon={Link2}
          title="Link not found"
          text="It may belong to another product, or the address is not quite right."
        />
      ) : (
        <LoadError
          message="Unable to load this link's results."
          onRetry={() => void results.refetch()}
        />
      );
    }
    const { link, questions } = results.data;
    const state = linkState(link);
    return (
      <>
        <header className="mt-3 grid gap-2">
          <h1 className="text-3xl font-bold tracking-tight">People and personas compared</h1>
          <p className="font-medium break-words">{link.title}</p>
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
            <Badge variant="outline">{linkStateWords[state]}</Badge>
            <span>{responsesWords(link.responseCount)}</span>
            <span>
              {state === 'expired' ? 'Expired' : 'Expires'} {linkDay(link.expiresAt)}
            </span>
            {link.studyId ? (
              <Link
                className="text-primary hover:underline"
                to={studyPath(product.id, link.studyId)}
              >
                Open the study
              </Link>
            ) : null}
          </p>
        </header>
        <div className="mt-6 grid gap-4">
          {questions.map((question, index) => (
            <QuestionComparison
              key={question.questionId}
              results={question}
              position={index + 1}
              total={questions.length}
            />
          ))}
        </div>
      </>
    );
  })();

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 lg:px-8 lg:py-10">
      <Link
        to={back}
        className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden /> Back to questions
      </Link>
      {body}
    </div>
  );
}
