import { formatDate, type ShareResultsView } from '@chorus/contracts';
import { BarChart, PeopleVsPersonasChart } from '@chorus/platform/charts';
import { Button, Loading } from '@chorus/platform/ui';
import { Download } from 'lucide-react';
import { roadmapApi, saveFile, useShareResults } from '../../api';
import { failureToast } from '../../messages';
import { day } from './words';
import { AgreementSummary } from './Agreement';

/** The team's view of a link: the people's answers beside the personas' predictions. */
export function ShareResults({ linkId }: { linkId: string }) {
  const results = useShareResults(linkId);
  if (results.isPending) return <Loading label="Loading results..." />;
  if (results.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        Unable to load the results.
      </p>
    );
  }
  const view: ShareResultsView = results.data;
  const { agreement, distribution } = view;
  async function download() {
    try {
      const { fileName, blob } = await roadmapApi.shareResponsesCsv(linkId);
      saveFile(blob, fileName);
    } catch (e) {
      failureToast('Failed to export the responses', e);
    }
  }
  return (
    <section aria-label="Results" className="grid gap-4 rounded-lg border p-4">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1">
          <h4 className="font-semibold">
            {view.responseCount} {view.responseCount === 1 ? 'response' : 'responses'}
          </h4>
          {agreement ? <AgreementSummary agreement={agreement} /> : null}
        </div>
        <Button type="button" variant="outline" size="sm" onClick={() => void download()}>
          <Download aria-hidden /> Export CSV
        </Button>
      </header>

      {distribution.kind === 'rating' || distribution.kind === 'thumbs' ? (
        <PeopleVsPersonasChart
          title={
            distribution.kind === 'rating'
              ? 'Ratings: people and personas'
              : 'Thumbs: people and personas'
          }
          answers={distribution.kind === 'rating' ? ['1', '2', '3', '4', '5'] : ['Up', 'Down']}
          people={distribution.human}
          personas={distribution.persona}
        />
      ) : null}
      {distribution.kind === 'ranking' ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <div>
            <h5
              className="text-sm font-medium"
              title="Borda count: each person gives an item more points the higher they rank it"
            >
              People’s order (most points first)
            </h5>
            <ol aria-label="People’s order" className="list-decimal pl-5 text-sm">
              {distribution.human.map((entry) => (
                <li key={entry.itemId}>
                  {entry.title}{' '}
                  <span className="text-muted-foreground">({entry.points} points)</span>
                </li>
              ))}
            </ol>
          </div>
          <div>
            <h5 className="text-sm font-medium">Personas’ predicted order</h5>
            {distribution.persona.length ? (
              <ol aria-label="Personas’ order" className="list-decimal pl-5 text-sm">
                {distribution.persona.map((entry) => (
                  <li key={entry.itemId}>{entry.title}</li>
                ))}
              </ol>
            ) : (
              <p className="text-sm text-muted-foreground">
                No persona ranking of these items yet.
              </p>
            )}
          </div>
        </div>
      ) : null}

      <p className="text-sm text-muted-foreground">
        Sentiment: {view.sentiment.positive} positive, {view.sentiment.neutral} neutral,{' '}
        {view.sentiment.negative} negative
      </p>
      {view.overTime.length > 0 ? (
        <BarChart
          title="Respondents over time"
          data={view.overTime}
          category="date"
          categoryLabel="Day"
          formatCategory={(day) =>
            formatDate(`${String(day).slice(0, 10)}T00:00:00Z`, 'medium', { timeZone: 'UTC' })
          }
          series={[{ key: 'count', label: 'Responses', color: 'var(--color-primary)' }]}
          height={160}
          legend={false}
          wholeNumbers
        />
      ) : null}
      {view.predictions.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No persona predictions yet: ask your personas about{' '}
          {view.link.kind === 'item' ? 'this item' : 'these items (Compare Items)'} and their
          answers appear here beside the people’s.
        </p>
      ) : (
        <div>
          <h5 className="text-sm font-medium">Personas’ predictions</h5>
          <ul className="text-sm">
            {view.predictions.map((p) => (
              <li key={p.personaId}>
                {p.personaName}:{' '}
                {p.rating !== null
                  ? `${p.rating} of 5`
                  : p.order
                      .map((id) => view.items.find((i) => i.id === id)?.title ?? id)
                      .join(' › ')}
              </li>
            ))}
          </ul>
        </div>
      )}
      {view.comments.length > 0 ? (
        <div>
          <h5 className="text-sm font-medium">Comments</h5>
          <ul aria-label="Comments" className="grid gap-2 text-sm">
            {view.comments.map((c, i) => (
              <li key={i} className="rounded-md bg-muted/50 px-3 py-2">
                <p className="whitespace-pre-wrap">{c.text}</p>
                <p className="text-xs text-muted-foreground">
                  {c.name || 'Anonymous'} · {day(c.createdAt)}
                </p>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
