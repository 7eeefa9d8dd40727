import { formatDate, type ProductView } from '@chorus/contracts';
import { calibrationTrend } from '@chorus/research';
import { EmptyState, LoadError, Loading, ProductGate } from '@chorus/platform/ui';
import { ArrowLeft, Scale, TrendingDown, TrendingUp } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useProductCalibrations } from '../calibration-api';

/**
 * /products/{id}/calibration: every question compared with real answers,
 * oldest first, and whether the panel is getting closer to real customers.
 */
export function CalibrationPage() {
  return (
    <ProductGate loadingLabel="Loading calibration...">
      {(product) => <ProductCalibration product={product} />}
    </ProductGate>
  );
}

function ProductCalibration({ product }: { product: ProductView }) {
  const productId = encodeURIComponent(product.id);
  const calibrations = useProductCalibrations(product.id);
  const list = calibrations.data ?? [];
  const trend = calibrationTrend(list);
  const better = trend.endsWith('getting better.');
  const worse = trend.endsWith('getting worse.');
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 lg:px-8 lg:py-10">
      <Link
        to={`/products/${productId}/dashboard`}
        className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden /> Back to dashboard
      </Link>
      <header className="mt-3">
        <h1 className="text-3xl font-bold tracking-tight">Calibration</h1>
        <p className="mt-2 text-muted-foreground">
          {product.name}: how close the persona panel comes to the real answers of real customers,
          question by question.
        </p>
      </header>

      {calibrations.isLoading ? (
        <div className="mt-8">
          <Loading label="Loading calibration..." />
        </div>
      ) : calibrations.isError ? (
        <div className="mt-8">
          <LoadError
            message="Unable to load the calibrated questions."
            onRetry={() => void calibrations.refetch()}
          />
        </div>
      ) : list.length === 0 ? (
        <div className="mt-8">
          <EmptyState
            icon={Scale}
            title="No question compared with real answers yet"
            text="On a complete question, choose “Compare with real answers” and upload a CSV or use a share link's responses."
          />
        </div>
      ) : (
        <>
          <p
            className="mt-8 flex items-start gap-2 rounded-lg bg-muted/50 px-4 py-3 text-sm"
            data-testid="calibration-trend"
          >
            {better ? (
              <TrendingDown className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden />
            ) : worse ? (
              <TrendingUp className="mt-0.5 size-4 shrink-0 text-red-600" aria-hidden />
            ) : (
              <Scale className="mt-0.5 size-4 shrink-0" aria-hidden />
            )}
            {trend}
          </p>
          <div className="mt-6 overflow-x-auto">
            <table className="w-full text-sm" aria-label="Calibrated questions, oldest first">
              <thead>
                <tr className="border-b text-left text-xs text-muted-foreground">
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Question
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Compared
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Real answers
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    How far they differ (0 to 1)
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    How varied, next to people
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.map((view) => (
                  <tr key={view.questionId} className="border-b align-top">
                    <th scope="row" className="py-2 pr-3 text-left font-medium">
                      <Link
                        className="underline-offset-2 hover:underline"
                        to={`/companies/${productId}/questions/${encodeURIComponent(view.questionId)}`}
                      >
                        {view.questionText}
                      </Link>
                      <div className="text-xs font-normal text-muted-foreground">
                        {view.fileName}
                      </div>
                    </th>
                    <td className="py-2 pr-3">
                      <time dateTime={view.createdAt}>
                        {formatDate(view.createdAt, 'dateTime', { fallback: view.createdAt })}
                      </time>
                    </td>
                    <td className="py-2 pr-3 tabular-nums">{view.fidelity.n}</td>
                    <td className="py-2 pr-3">
                      <span className="tabular-nums">{view.fidelity.distance.toFixed(2)}</span>
                      <div className="text-xs text-muted-foreground">
                        {view.fidelity.distanceMeaning}
                      </div>
                    </td>
                    <td className="py-2">
                      <span className="tabular-nums">
                        {view.fidelity.spreadRatio === null
                          ? 'cannot be compared'
                          : `${view.fidelity.spreadRatio.toFixed(2)} times`}
                      </span>
                      <div className="text-xs text-muted-foreground">
                        {view.fidelity.spreadMeaning}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </div>
  );
}
