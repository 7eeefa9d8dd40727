import { Card, CardContent, CardDescription, CardHeader } from '@chorus/platform/ui';
import type { ReactNode } from 'react';

/** The end of a checkout: what happened, and where to go next. */
export function ResultCard({
  icon,
  title,
  text,
  children,
}: {
  icon: ReactNode;
  title: string;
  text: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex w-full justify-center px-4 py-12 sm:py-20">
      <Card className="w-full max-w-lg items-center text-center">
        <CardHeader className="w-full justify-items-center gap-3">
          {icon}
          <h1 className="text-2xl leading-tight font-bold tracking-tight">{title}</h1>
          <CardDescription className="text-base">{text}</CardDescription>
        </CardHeader>
        <CardContent className="grid w-full gap-3">{children}</CardContent>
      </Card>
    </div>
  );
}
