import {
  ITEM_STATUSES,
  ROADMAP_TEMPLATE_FILE_NAME,
  ROADMAP_YAML_FIELDS,
  ROADMAP_YAML_TEMPLATE,
  roadmapYamlMessages,
} from '@chorus/contracts';
import { useCopy } from '@chorus/platform';
import {
  Badge,
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from '@chorus/platform/ui';
import { BookOpen, Check, Copy, Download } from 'lucide-react';
import { saveFile } from '../api';

function Code({ children }: { children: string }) {
  return (
    <pre className="max-h-80 overflow-auto rounded-lg bg-slate-950 p-4 text-xs leading-relaxed text-slate-100">
      <code>{children}</code>
    </pre>
  );
}

const STRUCTURE = `roadmap_items:          # required, a list
  - title: Feature name # required
    description: ...
    priority: high      # high, medium or low
    status: planned
    start_date: 2025-01-06
    end_date: 2025-02-28
    assigned_to: Team or person
    tags: [frontend]
    target_personas: [Persona name]
    dependencies: [Other feature title]`;

const MINIMAL = `roadmap_items:
  - title: Dark mode
  - title: Export to CSV
    priority: low`;

/** How to write a roadmap YAML file: structure, fields, examples, the checks, and a template. */
export function FormatGuideDialog() {
  const { copied, copy } = useCopy(ROADMAP_YAML_TEMPLATE);

  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button type="button" variant="outline" size="sm">
          <BookOpen aria-hidden /> Format Guide
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>YAML Format Guide</DialogTitle>
          <DialogDescription>
            How to write a roadmap file that imports cleanly. Only the title is required.
          </DialogDescription>
        </DialogHeader>
        <Tabs defaultValue="structure" className="gap-4">
          <TabsList aria-label="Format guide sections">
            <TabsTrigger value="structure">Structure</TabsTrigger>
            <TabsTrigger value="fields">Fields</TabsTrigger>
            <TabsTrigger value="examples">Examples</TabsTrigger>
            <TabsTrigger value="validation">Validation</TabsTrigger>
          </TabsList>
          <TabsContent value="structure" className="grid gap-3 text-sm">
            <p>
              The file has one key at its root, <code>roadmap_items</code>, holding a list. Each
              entry of the list is one roadmap item.
            </p>
            <Code>{STRUCTURE}</Code>
          </TabsContent>
          <TabsContent value="fields">
            <table className="w-full text-left text-sm">
              <thead className="text-xs text-muted-foreground">
                <tr>
                  <th className="py-2 pr-4 font-medium">Field</th>
                  <th className="py-2 font-medium">Meaning</th>
                </tr>
              </thead>
              <tbody className="divide-y">
                {ROADMAP_YAML_FIELDS.map((field) => (
                  <tr key={field.name}>
                    <td className="py-2 pr-4 align-top whitespace-nowrap">
                      <code className="font-semibold">{field.name}</code>{' '}
                      {field.required ? <Badge variant="secondary">required</Badge> : null}
                    </td>
                    <td className="py-2 text-muted-foreground">{field.description}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="mt-3 rounded-md bg-muted px-3 py-2 text-sm">
              Priorities are words: <strong>high</strong> maps to P1, <strong>medium</strong> to P2
              and <strong>low</strong> to P3 (and critical to P0).
            </p>
          </TabsContent>
          <TabsContent value="examples" className="grid gap-3 text-sm">
            <p>The smallest useful file:</p>
            <Code>{MINIMAL}</Code>
            <p>A complete file (the template):</p>
            <Code>{ROADMAP_YAML_TEMPLATE}</Code>
          </TabsContent>
          <TabsContent value="validation" className="text-sm">
            <ul className="grid list-disc gap-2 pl-5 text-muted-foreground">
              <li>The file name ends in .yaml or .yml and the file is under 5MB.</li>
              <li>The document is an object with a roadmap_items list at its root.</li>
              <li>Every item has a title, and a title cannot be blank.</li>
              <li>priority, if present, is high, medium or low (or critical).</li>
              <li>status, if present, is one of {ITEM_STATUSES.join(', ')}.</li>
              <li>start_date and end_date are written YYYY-MM-DD.</li>
              <li>
                Problems are reported per item, e.g. “{roadmapYamlMessages.titleRequired(2)}”; the
                valid items are imported and the others are listed.
              </li>
            </ul>
          </TabsContent>
        </Tabs>
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="outline" onClick={() => void copy()}>
            {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
            {copied ? 'Copied!' : 'Copy Template'}
          </Button>
          <Button
            type="button"
            onClick={() =>
              saveFile(
                new Blob([ROADMAP_YAML_TEMPLATE], { type: 'application/yaml' }),
                ROADMAP_TEMPLATE_FILE_NAME,
              )
            }
          >
            <Download aria-hidden /> Download Template
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
