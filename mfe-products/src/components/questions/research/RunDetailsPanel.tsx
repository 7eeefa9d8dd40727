import { formatCost, type RunDetails } from '@chorus/contracts';
import { Button, cn } from '@chorus/platform/ui';
import { ChevronDown } from 'lucide-react';
import { useState } from 'react';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[10rem_minmax(0,1fr)] gap-2">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-mono text-xs break-all">{children}</dd>
    </div>
  );
}

function RunFacts({ run }: { run: RunDetails }) {
  return (
    <dl className="grid gap-1.5 text-sm">
      <Row label="Engine">{run.engine}</Row>
      <Row label="Model">{run.model}</Row>
      <Row label="Temperature">{run.temperature}</Row>
      <Row label="Seed (to repeat the run)">{run.seed}</Row>
      <Row label="Answers per persona">{run.draws}</Row>
      <Row label="Prompt template">{run.promptTemplateHash}</Row>
      <Row label="Business profile">{run.profileVersion}</Row>
      <Row label="Personas">
        {run.personaVersions.map((p) => `${p.personaName} ${p.version}`).join(', ')}
      </Row>
      <Row label="Model calls">
        {run.usage.modelCalls} ({run.usage.cachedAnswers} answers given before, not paid again)
      </Row>
      <Row label="Tokens">
        {run.usage.inputTokens.toLocaleString('en-US')} in,{' '}
        {run.usage.outputTokens.toLocaleString('en-US')} out
      </Row>
      <Row label="Cost">{formatCost(run.costUsd)}</Row>
    </dl>
  );
}

/** What the run was: engine, model, temperature, seed, versions, tokens and cost. */
export function RunDetailsPanel({ run }: { run: RunDetails }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="grid gap-2">
      <Button
        variant="ghost"
        size="sm"
        className="w-fit"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
      >
        <ChevronDown className={cn('transition-transform', open && 'rotate-180')} aria-hidden />
        Run details and how this is measured
      </Button>
      {open ? (
        <div className="rounded-lg border p-3" aria-label="Run details">
          <RunFacts run={run} />
        </div>
      ) : null}
    </div>
  );
}
