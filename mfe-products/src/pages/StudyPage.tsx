import { formatDate, type ProductView } from '@chorus/contracts';
import {
  Button,
  EmptyState,
  isNotFound,
  LoadError,
  Loading,
  ProductGate,
  useProductRole,
} from '@chorus/platform/ui';
import { ArrowLeft, Download, FlaskConical } from 'lucide-react';
import { Link, useParams } from 'react-router-dom';
import { QuestionLinksList } from '../components/share/QuestionLinksList';
import { ShareWithPeople } from '../components/share/ShareWithPeople';
import { StudyQuestion } from '../components/studies/StudyQuestion';
import { useQuestions, useQuestionStream } from '../questions-api';
import { downloadStudy, liveStudyQuestions, studyDownloads, useStudy } from '../studies-api';

/**
 * /products/{id}/studies/{studyId} (also /companies/…): a study's questions
 * one after the other, each with its figures as soon as the personas have
 * answered (kept live by the question stream), sharing the whole study with
 * people, and the study's links.
 */
export function StudyPage() {
  return (
    <ProductGate loadingLabel="Loading study...">
      {(product) => <ProductStudy product={product} />}
    </ProductGate>
  );
}

function ProductStudy({ product }: { product: ProductView }) {
  const { studyId = '' } = useParams();
  const productId = product.id;
  const study = useStudy(productId, studyId);
  const streaming = useQuestionStream(productId);
  const live = useQuestions(productId, streaming);
  const { editRefusal } = useProductRole(product);
  const back = `/products/${encodeURIComponent(productId)}/questions`;

  const body = (() => {
    if (study.isLoading) return <Loading label="Loading study..." />;
    if (study.isError || !study.data) {
      return isNotFound(study.error) ? (
        <EmptyState
          icon={FlaskConical}
          title="Study not found"
          text="It may have been deleted, or the address is not quite right."
        />
      ) : (
        <LoadError message="Unable to load this study." onRetry={() => void study.refetch()} />
      );
    }
    const data = study.data;
    const questions = liveStudyQuestions(data, live.data);
    return (
      <>
        <header className="mt-3 grid gap-2">
          <h1 className="text-3xl font-bold tracking-tight break-words">{data.name}</h1>
          {data.offer ? <p className="break-words text-muted-foreground">{data.offer}</p> : null}
          <p className="text-sm text-muted-foreground">
            {product.name}: started{' '}
            <time dateTime={data.createdAt}>
              {formatDate(data.createdAt, 'dateTime', { fallback: data.createdAt })}
            </time>
            , {questions.length} {questions.length === 1 ? 'question' : 'questions'}.
          </p>
          <div className="flex flex-wrap gap-1">
            <ShareWithPeople
              productId={productId}
              target={{ studyId: data.id }}
              what={`every question of “${data.name}”`}
              refusal={editRefusal}
            />
            {questions.every((q) => q.status === 'complete')
              ? studyDownloads.map(({ file, label }) => (
                  <Button
                    key={file}
                    variant="outline"
                    size="sm"
                    onClick={() => void downloadStudy(productId, data.id, file)}
                  >
                    <Download aria-hidden /> {label}
                  </Button>
                ))
              : null}
          </div>
        </header>
        <div className="mt-6 grid gap-4">
          {questions.map((question, index) => (
            <StudyQuestion
              key={question.id}
              question={question}
              position={index + 1}
              total={questions.length}
            />
          ))}
        </div>
        <section className="mt-10 grid gap-3" aria-labelledby="study-links-heading">
          <h2 id="study-links-heading" className="text-xl font-semibold">
            Shared with people
          </h2>
          <p className="text-sm text-muted-foreground">
            Real people’s answers to this study, beside your personas’.
          </p>
          <QuestionLinksList productId={productId} studyId={data.id} refusal={editRefusal} />
        </section>
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
