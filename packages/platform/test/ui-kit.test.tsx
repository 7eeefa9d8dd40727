import { loginRequest } from '@chorus/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import type { ReactNode } from 'react';
import { Chart, chartTable, PeopleVsPersonasChart, sharesOf } from '../src/charts';
import { Input } from '../src/ui/input';
import { FormField, useZodForm } from '../src/ui/form';
import { StepIndicator } from '../src/ui/step-indicator';

describe('StepIndicator', () => {
  it.each([
    ['page', 2, '<svg'],
    ['compact', 2, '>1</span>'],
  ] as const)(
    '%s look at step %i: the current step is marked, done ones show %s',
    (variant, current, doneMark) => {
      const html = renderToStaticMarkup(
        <StepIndicator
          steps={['Details', 'Payment', 'Done']}
          current={current}
          variant={variant}
        />,
      );
      expect(html).toContain('aria-label="Progress"');
      expect(html.match(/aria-current="step"/g)).toHaveLength(1);
      expect(html).toMatch(/aria-current="step">2<\/span>/);
      expect(html).toContain(doneMark);
    },
  );
});

function LoginEmail({
  error,
  aside,
  elsewhere = false,
}: {
  error?: string;
  aside?: ReactNode;
  elsewhere?: boolean;
}) {
  const form = useZodForm(loginRequest, {
    defaultValues: { email: '', password: '' },
    errors: error ? { email: { type: 'invalid', message: error } } : undefined,
  });
  return (
    <FormField
      form={form}
      name="email"
      id="login-email"
      label="Email"
      hint="Your work e-mail"
      labelAside={aside}
      errorText={elsewhere ? () => undefined : undefined}
    >
      {(control) => <Input type="email" {...control} />}
    </FormField>
  );
}

describe('FormField', () => {
  it('labels the control and shows the hint while valid', () => {
    const html = renderToStaticMarkup(<LoginEmail />);
    expect(html).toContain('for="login-email"');
    expect(html).toContain('id="login-email"');
    expect(html).toContain('name="email"');
    expect(html).not.toContain('aria-invalid=');
    expect(html).toContain('aria-describedby="login-email-hint"');
    expect(html).toContain('Your work e-mail');
  });

  it("marks the control invalid and points it at the schema's message", () => {
    const html = renderToStaticMarkup(<LoginEmail error="Invalid email address" />);
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('aria-describedby="login-email-error"');
    expect(html).toContain(
      '<p id="login-email-error" class="text-sm text-destructive" role="alert">Invalid email address</p>',
    );
    expect(html).not.toContain('Your work e-mail');
  });

  it('marks the control invalid without a message when the message shows elsewhere', () => {
    const html = renderToStaticMarkup(<LoginEmail error="Invalid email address" elsewhere />);
    expect(html).toContain('aria-invalid="true"');
    expect(html).not.toContain('Invalid email address');
  });

  it('puts a control beside the label without making it part of the label', () => {
    const html = renderToStaticMarkup(
      <LoginEmail aside={<input type="checkbox" aria-label="Email: Unknown" />} />,
    );
    expect(html).toMatch(/<label[^>]*for="login-email"[^>]*>Email<\/label><input type="checkbox"/);
  });
});

describe('charts', () => {
  const points = [
    { month: '2025-01', revenue: 1250, subscriptions: 4 },
    { month: '2025-02', revenue: 2500.5, subscriptions: 7 },
  ];
  const dollars = (value: number) => `$${value.toFixed(2)}`;
  const props = {
    title: 'Revenue per month',
    data: points,
    category: 'month' as const,
    categoryLabel: 'Month',
    formatCategory: (month: string | number) => `Month ${month}`,
    series: [
      { key: 'revenue' as const, label: 'Revenue', color: 'red', format: dollars },
      {
        key: 'subscriptions' as const,
        label: 'Subscriptions',
        color: 'blue',
        kind: 'line' as const,
      },
    ],
  };

  it('tables the numbers as the chart formats them', () => {
    expect(chartTable(props)).toEqual({
      head: ['Month', 'Revenue', 'Subscriptions'],
      rows: [
        ['Month 2025-01', '$1250.00', '4'],
        ['Month 2025-02', '$2500.50', '7'],
      ],
    });
  });

  it('is an image named by its title, with the hidden table for screen readers', () => {
    const html = renderToStaticMarkup(<Chart {...props} />);
    expect(html).toMatch(
      /^<figure><div role="img" aria-label="Revenue per month" class="\[contain:inline-size\]">/,
    );
    // Hidden in a box of its own, so a wide table cannot widen the page.
    expect(html).toContain('<div class="sr-only"><table><caption>Revenue per month</caption>');
    expect(html).toContain('<th scope="row">Month 2025-02</th><td>$2500.50</td><td>7</td>');
  });

  it("writes each bar's likely range beside its value, in the same format", () => {
    const percent = (value: number) => `${value}%`;
    expect(
      chartTable({
        data: [
          { answer: 'Positive', share: 20, range: { low: 5, high: 45.5 } },
          { answer: 'Negative', share: 80, range: undefined },
        ],
        category: 'answer',
        categoryLabel: 'Answer',
        series: [
          {
            key: 'share',
            label: 'Share',
            color: 'green',
            format: percent,
            range: 'range',
            rangeLabel: 'Likely range',
          },
        ],
      }),
    ).toEqual({
      head: ['Answer', 'Share', 'Likely range'],
      rows: [
        ['Positive', '20%', '5% to 45.5%'],
        ['Negative', '80%', ''],
      ],
    });
  });

  it('draws people beside personas per answer, each share with its count in the table', () => {
    const html = renderToStaticMarkup(
      <PeopleVsPersonasChart
        title="Real customers and personas side by side"
        answers={['Positive', 'Neutral', 'Negative']}
        people={[3, 1, 2]}
        personas={[0, 0, 0]}
        answerLabel="Opinion"
        peopleLabel="Real customers"
      />,
    );
    expect(html).toContain(
      '<caption>Real customers and personas side by side</caption><thead><tr><th scope="col">Opinion</th><th scope="col">Real customers</th><th scope="col">Personas</th></tr></thead>',
    );
    expect(html).toContain('<th scope="row">Positive</th><td>50% (3)</td><td>0% (0)</td>');
    expect(html).toContain('<th scope="row">Negative</th><td>33% (2)</td><td>0% (0)</td>');
  });

  it('turns counts into whole-number shares, all 0 when there are none', () => {
    expect(sharesOf([3, 1, 2])).toEqual([50, 17, 33]);
    expect(sharesOf([0, 0])).toEqual([0, 0]);
  });
});
