import { type ProductView, questionMessages, type QuestionView } from '@chorus/contracts';
import {
  filterQuestions,
  questionCsvFileName,
  questionResultsCsv,
  type QuestionStatusFilter,
  questionStatusFilters,
} from '../question-history';
import { download, serverMessage, toast } from '@chorus/platform';
import {
  Button,
  EmptyState,
  Input,
  LoadError,
  Loading,
  PaymentRequiredBanner,
  ProductGate,
  useProductAccess,
  useProductRole,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  ToggleGroup,
  ToggleGroupItem,
} from '@chorus/platform/ui';
import { ArrowLeft, Download, FlaskConical, MessageSquareText, Scale, Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { AskProgress, showQuestionCard } from '../components/questions/AskProgress';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useProductPersonas } from '../api';
import { QuestionCard } from '../components/questions/QuestionCard';
import { QuestionForm } from '../components/questions/QuestionForm';
import { QuestionLinksList } from '../components/share/QuestionLinksList';
import { studyPath } from '../components/studies/paths';
import { PricingStudyForm } from '../components/studies/PricingStudyForm';
import { StudiesList } from '../components/studies/StudiesList';
import { refusalMessage } from '../messages';
import { PANEL_LIST_POLL_MS, usePanels } from '../panels-api';
import {
  useAskQuestion,
  useDeleteQuestion,
  useRerunQuestion,
  useRetryQuestion,
  useQuestions,
  useQuestionStream,
} from '../questions-api';

const statusLabels: Record<QuestionStatusFilter, string> = {
  all: 'All',
  complete: 'Complete',
  processing: 'Processing',
  pending: 'Pending',
  error: 'Error',
};

/** Saves the CSV (with a BOM, so spreadsheets read it as UTF-8). */
function downloadCsv(fileName: string, csv: string): void {
  download(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }), fileName);
}

/**
 * /products/{id}/questions (also /companies/{id}/questions[/{questionId}]):
 * ask the selected personas a question and browse the history, with live
 * results while questions are being answered.
 */
export function QuestionsPage() {
  return (
    <ProductGate loadingLabel="Loading questions...">
      {(product) => <ProductQuestions product={product} />}
    </ProductGate>
  );
}

function ProductQuestions({ product }: { product: ProductView }) {
  const { questionId } = useParams();
  const productId = product.id;
  const personas = useProductPersonas(productId);
  // A panel still being built joins "Who answers" once it is ready.
  const panels = usePanels(productId, { whileBuilding: PANEL_LIST_POLL_MS });
  // "Ask this panel" on the panels page opens the form with that panel chosen.
  const [search] = useSearchParams();
  const initialPanelId = search.get('panel') ?? undefined;
  const streaming = useQuestionStream(productId);
  const questions = useQuestions(productId, streaming);
  const ask = useAskQuestion(productId);
  const remove = useDeleteQuestion(productId);
  const retry = useRetryQuestion(productId);
  const rerun = useRerunQuestion(productId);
  const { canUsePaidFeatures: paid } = useProductAccess(product);
  const { canEdit, editRefusal } = useProductRole(product);
  // A viewer reads the questions and answers; asking, retrying and deleting are editing.
  const canUsePaidFeatures = paid && canEdit;

  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [status, setStatus] = useState<QuestionStatusFilter>('all');
  // The question just asked from the form: its progress shows under the form.
  const [askedId, setAskedId] = useState<string>();
  const asked = askedId ? questions.data?.find((question) => question.id === askedId) : undefined;
  const shown = useMemo(
    () => filterQuestions(questions.data ?? [], { text, status }),
    [questions.data, text, status],
  );

  const productName = product.name;
  const exportCsv = (list: readonly QuestionView[]) =>
    downloadCsv(questionCsvFileName(productName), questionResultsCsv(list));
  const answeredShown = shown.some((question) => question.responses.length > 0);
  const newestId = questions.data?.[0]?.id;

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 lg:px-8 lg:py-10">
      <Link
        to={`/products/${encodeURIComponent(productId)}/dashboard`}
        className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden /> Back to dashboard
      </Link>
      <div className="mt-4">
        <PaymentRequiredBanner product={product} />
      </div>
      <header className="mt-3">
        <h1 className="text-3xl font-bold tracking-tight">Strategic Questions</h1>
        <p className="mt-2 text-muted-foreground">
          {productName}: ask your AI personas and compare their answers.
        </p>
      </header>

      <Tabs defaultValue="ask" className="mt-8 gap-4">
        <TabsList aria-label="What to ask" className="w-full sm:w-fit">
          <TabsTrigger value="ask">
            <MessageSquareText aria-hidden /> Ask a question
          </TabsTrigger>
          <TabsTrigger value="study">
            <FlaskConical aria-hidden /> New pricing study
          </TabsTrigger>
        </TabsList>
        {/* Kept mounted while the study tab is open, so a question being written survives. */}
        <TabsContent value="ask" forceMount className="data-[state=inactive]:hidden">
          <QuestionForm
            productId={productId}
            personas={personas.data ?? []}
            personasLoading={personas.isLoading}
            submitting={ask.isPending}
            locked={!paid}
            refusal={editRefusal}
            panels={panels.data ?? []}
            initialPanelId={initialPanelId}
            onAsk={async (questionText, checkWording, spec, panelId, weightTo) => {
              try {
                const question = await ask.mutateAsync({
                  questionText,
                  checkWording,
                  spec,
                  panelId,
                  weightTo,
                });
                setAskedId(question.id);
                return true;
              } catch (error) {
                toast({
                  title: questionMessages.submissionFailed,
                  description: refusalMessage(error) ?? 'Please try again.',
                  variant: 'destructive',
                });
                return false;
              }
            }}
            status={
              asked ? (
                <AskProgress
                  question={asked}
                  onDismiss={() => setAskedId(undefined)}
                  onShow={() => {
                    // Filters that would hide the question give way, then the card is shown.
                    setText('');
                    setStatus('all');
                    requestAnimationFrame(() => showQuestionCard(asked.id));
                  }}
                />
              ) : null
            }
          />
        </TabsContent>
        <TabsContent value="study">
          <PricingStudyForm
            product={product}
            panels={panels.data ?? []}
            personaCount={personas.data?.length ?? 0}
            locked={!paid}
            refusal={editRefusal}
            onCreated={(study) => {
              toast({ title: 'Study started', description: 'Your personas are answering it.' });
              navigate(studyPath(productId, study.id));
            }}
          />
        </TabsContent>
      </Tabs>

      <section className="mt-10 grid gap-3" aria-labelledby="studies-heading">
        <h2 id="studies-heading" className="text-xl font-semibold">
          Studies
        </h2>
        <StudiesList productId={productId} questions={questions.data} />
      </section>

      <section className="mt-10 grid gap-3" aria-labelledby="links-heading">
        <div className="grid gap-1">
          <h2 id="links-heading" className="text-xl font-semibold">
            Shared with people
          </h2>
          <p className="text-sm text-muted-foreground">
            Links where real people answer the questions your personas answered.
          </p>
        </div>
        <QuestionLinksList productId={productId} refusal={editRefusal} />
      </section>

      <section className="mt-10 grid gap-4" aria-labelledby="history-heading">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="history-heading" className="text-xl font-semibold">
            Question History
          </h2>
          <div className="flex flex-wrap gap-2">
            <Button variant="ghost" size="sm" asChild>
              <Link to={`/products/${encodeURIComponent(productId)}/calibration`}>
                <Scale aria-hidden /> Calibration against real answers
              </Link>
            </Button>
            {answeredShown ? (
              <Button variant="outline" size="sm" onClick={() => exportCsv(shown)}>
                <Download aria-hidden /> Export All (CSV)
              </Button>
            ) : null}
          </div>
        </div>
        <div className="flex flex-col gap-3 lg:flex-row lg:items-center">
          <div className="relative flex-1">
            <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
            <Input
              type="search"
              aria-label="Search questions"
              placeholder="Search questions..."
              className="pl-9"
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
          </div>
          <ToggleGroup
            type="single"
            aria-label="Filter by status"
            className="flex-wrap"
            value={status}
            onValueChange={(value) => {
              if (value) setStatus(value as QuestionStatusFilter);
            }}
          >
            {questionStatusFilters.map((value) => (
              <ToggleGroupItem key={value} value={value} className="h-8 px-3">
                {statusLabels[value]}
              </ToggleGroupItem>
            ))}
          </ToggleGroup>
        </div>

        {questions.isLoading ? (
          <Loading label="Loading questions..." />
        ) : questions.isError ? (
          <LoadError
            message="Unable to load your questions."
            onRetry={() => void questions.refetch()}
          />
        ) : shown.length === 0 ? (
          (questions.data?.length ?? 0) === 0 ? (
            <EmptyState
              icon={MessageSquareText}
              title="No questions yet"
              text="Ask your first question above; every selected persona will answer it."
            />
          ) : (
            <EmptyState
              icon={MessageSquareText}
              title="No questions match your filters"
              text="Try other words or another status."
            />
          )
        ) : (
          <div className="grid gap-4">
            {shown.map((question) => (
              <QuestionCard
                key={question.id}
                question={question}
                highlighted={question.id === questionId}
                defaultExpanded={question.id === newestId}
                deleting={remove.isPending && remove.variables === question.id}
                onExport={() => exportCsv([question])}
                retrying={
                  !canUsePaidFeatures || (retry.isPending && retry.variables === question.id)
                }
                onRetry={() =>
                  retry.mutate(question.id, {
                    onSuccess: () => toast({ title: questionMessages.retried }),
                    onError: (error) =>
                      toast({
                        title: questionMessages.retryFailed,
                        description: serverMessage(error),
                        variant: 'destructive',
                      }),
                  })
                }
                rerunning={rerun.isPending && rerun.variables === question.id}
                canFollowUp={canUsePaidFeatures}
                editRefusal={editRefusal}
                onRerun={
                  canUsePaidFeatures
                    ? () =>
                        rerun.mutate(question.id, {
                          onSuccess: () => toast({ title: 'Running the question again' }),
                          onError: (error) =>
                            toast({
                              title: 'Re-run failed',
                              description: serverMessage(error),
                              variant: 'destructive',
                            }),
                        })
                    : undefined
                }
                onDelete={() =>
                  remove.mutate(question.id, {
                    onSuccess: () => toast({ title: questionMessages.deleted }),
                    onError: () =>
                      toast({ title: questionMessages.deleteFailed, variant: 'destructive' }),
                  })
                }
              />
            ))}
          </div>
        )}
      </section>
    </div>
  );
}
