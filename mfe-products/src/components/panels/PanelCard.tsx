import { formatCost, formatDate, type MarketPanelView, type PanelStatus } from '@chorus/contracts';
import { serverMessage, toast } from '@chorus/platform';
import { Badge, Button, Card, ConfirmDialog } from '@chorus/platform/ui';
import {
  AlertTriangle,
  CheckCircle2,
  Loader2,
  MessageSquareText,
  RefreshCw,
  Trash2,
} from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  builtText,
  count,
  filtersInWords,
  personas,
  weightsInWords,
  weightsTechnical,
} from '../../panel-words';
import { useBuildProgress, useDeletePanel, useRedrawPanel } from '../../panels-api';
import { HowMeasured } from '../questions/HowMeasured';
import { PanelGaps, PanelMakeUp } from './PanelMakeUp';

const statusLook: Record<PanelStatus, { label: string; className: string }> = {
  building: { label: 'Building', className: 'border-transparent bg-blue-100 text-blue-800' },
  ready: { label: 'Ready', className: 'border-transparent bg-emerald-100 text-emerald-800' },
  failed: { label: 'Failed', className: 'border-transparent bg-red-100 text-red-800' },
};

function PanelStatusBadge({ status }: { status: PanelStatus }) {
  const look = statusLook[status];
  return (
    <Badge variant="outline" className={look.className}>
      {status === 'building' ? <Loader2 className="animate-spin" aria-hidden /> : null}
      {status === 'ready' ? <CheckCircle2 aria-hidden /> : null}
      {look.label}
    </Badge>
  );
}

/** "1,240 of 5,000 personas built", as words and as a progress bar. */
function BuildProgress({ panel }: { panel: Pick<MarketPanelView, 'built' | 'size'> }) {
  const text = builtText(panel.built, panel.size);
  const share = panel.size > 0 ? Math.min(1, panel.built / panel.size) : 0;
  return (
    <div className="grid gap-1.5">
      <p className="flex items-center gap-2 text-sm" role="status" aria-live="polite">
        <Loader2 className="size-4 shrink-0 animate-spin text-primary" aria-hidden />
        {text}
      </p>
      <div
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
        role="progressbar"
        aria-label="Personas built"
        aria-valuemin={0}
        aria-valuemax={panel.size}
        aria-valuenow={panel.built}
        aria-valuetext={text}
      >
        <span
          className="block h-full bg-primary transition-[width]"
          style={{ width: `${share * 100}%` }}
        />
      </div>
    </div>
  );
}

/** How far the raking weights stretch the answers, in plain words; the technical names one click away. */
function PanelWeights({
  size,
  weights,
}: {
  size: number;
  weights: NonNullable<MarketPanelView['weights']>;
}) {
  return (
    <div className="grid gap-1 text-sm" data-testid="panel-weights">
      <p>{weightsInWords(size, weights.effectiveSampleSize)}</p>
      <HowMeasured label="Technical details">
        <p>{weightsTechnical(weights)}</p>
      </HowMeasured>
    </div>
  );
}

function RedrawPanel({
  panel,
  pending,
  refusal,
  onConfirm,
}: {
  panel: MarketPanelView;
  pending: boolean;
  refusal?: string;
  onConfirm(): void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        disabled={pending || refusal !== undefined}
        title={refusal}
        onClick={() => setOpen(true)}
      >
        {pending ? <Loader2 className="animate-spin" aria-hidden /> : <RefreshCw aria-hidden />}
        Draw again
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Draw this panel again?"
        description={`Version ${panel.version + 1} of ${panel.name} is drawn with a new seed and built again (${personas(panel.size)}). Questions already asked of version ${panel.version} keep their answers.`}
        confirmLabel="Draw again"
        onConfirm={onConfirm}
      />
    </>
  );
}

function DeletePanel({
  panel,
  pending,
  onConfirm,
}: {
  panel: MarketPanelView;
  pending: boolean;
  onConfirm(): void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        className="text-muted-foreground hover:text-destructive"
        disabled={pending}
        onClick={() => setOpen(true)}
      >
        {pending ? <Loader2 className="animate-spin" aria-hidden /> : <Trash2 aria-hidden />}
        Delete
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete this panel?"
        description={
          panel.status === 'building'
            ? `${panel.name} is still being built: the build stops and nothing of it is kept. This cannot be undone.`
            : `${panel.name} and its personas will be deleted; questions already asked of it keep their answers. This cannot be undone.`
        }
        confirmLabel="Delete panel"
        destructive
        onConfirm={onConfirm}
      />
    </>
  );
}

/**
 * One market panel: its name, population, filters, size, version and
 * status; while building its progress (read every second); once ready what
 * it is made of against the population, where it differs, and what the
 * weights do; failed, why. Draw again and Delete for those who may edit.
 */
export function PanelCard({
  productId,
  panel,
  canEdit,
  paidRefusal,
}: {
  productId: string;
  panel: MarketPanelView;
  /** A viewer reads panels; drawing, asking and deleting are editing. */
  canEdit: boolean;
  /** Why paid work (drawing again) is not offered now: the product is not paid for. */
  paidRefusal?: string;
}) {
  useBuildProgress(productId, panel);
  const redraw = useRedrawPanel(productId);
  const remove = useDeletePanel(productId);
  const titleId = `panel-${panel.id}`;
  const base = `/products/${encodeURIComponent(productId)}`;

  return (
    <Card
      role="article"
      aria-labelledby={titleId}
      className="min-w-0 gap-4 px-4 py-5 sm:px-5"
      data-status={panel.status}
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid min-w-0 gap-1.5">
          <h3 id={titleId} className="leading-snug font-semibold break-words">
            {panel.name}
          </h3>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
            <PanelStatusBadge status={panel.status} />
            <span>Version {panel.version}</span>
            <span>{personas(panel.size)}</span>
            <time dateTime={panel.createdAt}>
              {formatDate(panel.createdAt, 'dateTime', { fallback: panel.createdAt })}
            </time>
          </div>
          <dl className="grid gap-0.5 text-sm">
            <div className="flex flex-wrap gap-x-1">
              <dt className="text-muted-foreground">Population:</dt>
              <dd className="min-w-0 break-words">{panel.frame.name}</dd>
            </div>
            <div className="flex flex-wrap gap-x-1">
              <dt className="text-muted-foreground">Filters:</dt>
              <dd className="min-w-0 break-words" data-testid="panel-filters">
                {filtersInWords(panel.filters, panel.frame)}
              </dd>
            </div>
            {panel.status === 'ready' ? (
              <div className="flex flex-wrap gap-x-1">
                <dt className="text-muted-foreground">Built for:</dt>
                <dd>
                  {panel.engine === 'local'
                    ? 'no cost (built on this server)'
                    : formatCost(panel.costUsd)}
                  {panel.questions > 0
                    ? `; asked ${count(panel.questions)} ${panel.questions === 1 ? 'question' : 'questions'}`
                    : ''}
                </dd>
              </div>
            ) : null}
          </dl>
        </div>
        {canEdit ? (
          <div className="flex flex-wrap gap-1 sm:max-w-[55%] sm:shrink-0 sm:justify-end">
            {panel.status === 'ready' ? (
              <Button variant="outline" size="sm" asChild>
                <Link to={`${base}/questions?panel=${encodeURIComponent(panel.id)}`}>
                  <MessageSquareText aria-hidden /> Ask this panel
                </Link>
              </Button>
            ) : null}
            {panel.status !== 'building' ? (
              <RedrawPanel
                panel={panel}
                pending={redraw.isPending}
                refusal={paidRefusal}
                onConfirm={() =>
                  redraw.mutate(panel.id, {
                    onSuccess: () => toast({ title: 'Drawing the panel again' }),
                    onError: (error) =>
                      toast({
                        title: 'The panel was not drawn again',
                        description: serverMessage(error),
                        variant: 'destructive',
                      }),
                  })
                }
              />
            ) : null}
            <DeletePanel
              panel={panel}
              pending={remove.isPending}
              onConfirm={() =>
                remove.mutate(panel.id, {
                  onSuccess: () => toast({ title: 'Panel deleted' }),
                  onError: (error) =>
                    toast({
                      title: 'The panel was not deleted',
                      description: serverMessage(error),
                      variant: 'destructive',
                    }),
                })
              }
            />
          </div>
        ) : null}
      </div>

      {panel.status === 'building' ? <BuildProgress panel={panel} /> : null}

      {panel.status === 'failed' ? (
        <p className="flex items-start gap-2 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
          {panel.errorReason ?? 'This panel could not be built. Draw it again or build another.'}
        </p>
      ) : null}

      {panel.status === 'ready' ? (
        <div className="grid min-w-0 grid-cols-1 gap-4 rounded-lg bg-muted/40 p-3 sm:p-4">
          {panel.makeUp.length > 0 ? <PanelMakeUp makeUp={panel.makeUp} /> : null}
          <PanelGaps gaps={panel.gaps} />
          {panel.weights ? <PanelWeights size={panel.size} weights={panel.weights} /> : null}
        </div>
      ) : null}
    </Card>
  );
}
