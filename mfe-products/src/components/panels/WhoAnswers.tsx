import type { MarketPanelView } from '@chorus/contracts';
import { Label, NativeSelect } from '@chorus/platform/ui';
import { Link } from 'react-router-dom';
import { count, panelChoiceLabel } from '../../panel-words';

/** The product's panels that can be asked now. */
export function readyPanels(panels: readonly MarketPanelView[]): MarketPanelView[] {
  return panels.filter((panel) => panel.status === 'ready');
}

/**
 * "Who answers": the product's chosen personas, or one of its ready market
 * panels. Without a ready panel there is no choice: with `drawHint` it says
 * where one is drawn instead.
 */
export function WhoAnswers({
  id,
  productId,
  personaCount,
  panels,
  value,
  onChange,
  disabled,
  drawHint = false,
}: {
  id: string;
  productId: string;
  personaCount: number;
  panels: readonly MarketPanelView[];
  /** The chosen panel's id; empty for the chosen personas. */
  value: string;
  onChange(panelId: string): void;
  disabled?: boolean;
  drawHint?: boolean;
}) {
  const ready = readyPanels(panels);
  const panelsPath = `/products/${encodeURIComponent(productId)}/panels`;
  if (ready.length === 0) {
    if (!drawHint) return null;
    return (
      <p className="text-xs text-muted-foreground">
        To ask a sample of up to 5,000 personas drawn to a country&apos;s population,{' '}
        <Link to={panelsPath} className="font-medium text-primary hover:underline">
          draw a market panel
        </Link>
        .
      </p>
    );
  }
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>Who answers</Label>
      <NativeSelect
        id={id}
        className="sm:w-96"
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">Your personas ({count(personaCount)})</option>
        {ready.map((panel) => (
          <option key={panel.id} value={panel.id}>
            {panelChoiceLabel(panel)}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
