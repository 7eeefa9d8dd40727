import {
  ANNUAL_DISCOUNT_PERCENT,
  CURRENT_PLAN,
  formatWholeDollars,
  PRICE_UNIT,
  priceHeadline,
  seatPriceLine,
} from '@chorus/contracts';
import { useAuth } from '@chorus/platform';
import {
  Brand,
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '@chorus/platform/ui';
import { ArrowRight, Check, Lightbulb, ShieldCheck, Users } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { AuthMode } from './AuthDialog';
import { navigate, usePathname } from './navigation';
import { exitSignup, pushSignupStep, signupStepInUrl, useSignupStep } from './signup-history';

// The dialog (forms, validation, card entry) and the signed-in menu load on demand.
const loadAuthDialog = () => import('./AuthDialog');
const AuthDialog = lazy(loadAuthDialog);
const LandingAccountMenu = lazy(() => import('./LandingAccountMenu'));

const features = [
  {
    icon: Users,
    title: 'AI Customer Personas',
    text: 'Choose from a library of detailed personas — age, occupation, income, lifestyle and motivations — that answer like the customers you serve.',
  },
  {
    icon: Lightbulb,
    title: 'Ideas to Action',
    text: 'Ask unlimited strategic questions. Every persona answers with an opinion, its confidence and its reasoning, summed up in one key insight.',
  },
  {
    icon: ShieldCheck,
    title: 'Safety Scoring',
    text: 'Each persona carries economic, world, local and occupational safety scores, so you see how security shapes what people decide.',
  },
];

const planIncludes = [
  `${CURRENT_PLAN.includedPersonas} AI personas included`,
  `${formatWholeDollars(CURRENT_PLAN.extraPersonaCents)} per additional persona per month`,
  `Teammates: ${seatPriceLine()}`,
  'Unlimited strategic questions',
  'Comprehensive business profile',
  'Roadmaps with persona feedback',
  'Analytics dashboard',
];

const sampleAnswers = [
  {
    name: 'Maya, 34',
    role: 'Product designer',
    opinion: 'Positive',
    tone: 'bg-emerald-100 text-emerald-800',
    quote: 'I would pay for this if it saves me a weekly export.',
  },
  {
    name: 'Raj, 52',
    role: 'Operations manager',
    opinion: 'Neutral',
    tone: 'bg-amber-100 text-amber-800',
    quote: 'Useful, but my team needs it to work with our CRM first.',
  },
  {
    name: 'Elena, 27',
    role: 'Nurse',
    opinion: 'Negative',
    tone: 'bg-rose-100 text-rose-800',
    quote: 'Another subscription is hard to justify on my budget.',
  },
];

function HeroIllustration() {
  return (
    <div className="relative mx-auto w-full max-w-md lg:max-w-none" aria-hidden>
      <div className="absolute -inset-4 rounded-3xl bg-gradient-to-tr from-indigo-200/60 via-violet-200/40 to-sky-200/50 blur-2xl" />
      <Card className="relative gap-4 py-5 shadow-xl">
        <CardHeader className="px-5">
          <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
            Question
          </p>
          <p className="text-sm font-medium">
            Would you switch to a yearly plan for a 10% discount?
          </p>
        </CardHeader>
        <CardContent className="grid gap-3 px-5">
          {sampleAnswers.map((answer) => (
            <div key={answer.name} className="rounded-lg border bg-muted/40 p-3">
              <div className="flex items-center justify-between gap-2">
                <div className="flex items-center gap-2">
                  <span className="flex size-7 items-center justify-center rounded-full bg-primary/10 text-xs font-semibold text-primary">
                    {answer.name[0]}
                  </span>
                  <span className="text-sm font-medium">{answer.name}</span>
                  <span className="hidden text-xs text-muted-foreground sm:inline">
                    {answer.role}
                  </span>
                </div>
                <span className={`rounded-md px-2 py-0.5 text-xs font-medium ${answer.tone}`}>
                  {answer.opinion}
                </span>
              </div>
              <p className="mt-2 text-sm text-muted-foreground">“{answer.quote}”</p>
            </div>
          ))}
          <div className="flex items-center gap-3 pt-1">
            <div className="flex h-2 flex-1 overflow-hidden rounded-full bg-muted">
              <span className="w-[45%] bg-emerald-500" />
              <span className="w-[30%] bg-amber-400" />
              <span className="w-[25%] bg-rose-500" />
            </div>
            <span className="text-xs text-muted-foreground">45% positive</span>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}

/** The marketing page at / (signed out), /about and /landing. */
export function LandingPage() {
  const { user } = useAuth();
  const pathname = usePathname();
  // Sign-up opens from the address too (?signup=…), so Back and Forward move between its steps.
  const signupStep = useSignupStep();
  const [authMode, setAuthMode] = useState<AuthMode | null>(() =>
    signupStepInUrl() ? 'register' : null,
  );
  const [dialogWanted, setDialogWanted] = useState(() => signupStepInUrl() !== null);
  const changeAuthMode = (mode: AuthMode | null) => {
    if (mode === 'register') {
      if (!signupStepInUrl()) pushSignupStep('details');
    } else {
      exitSignup();
    }
    if (mode) setDialogWanted(true);
    setAuthMode(mode);
  };
  const openAuth = (mode: AuthMode) => changeAuthMode(mode);
  useEffect(() => {
    if (signupStep) {
      setDialogWanted(true);
      setAuthMode('register');
    } else {
      setAuthMode((mode) => (mode === 'register' ? null : mode));
    }
  }, [signupStep]);

  useEffect(() => {
    if (pathname === '/about') document.getElementById('about')?.scrollIntoView();
  }, [pathname]);

  const getStarted = () => openAuth('register');

  return (
    <div className="min-h-screen bg-background">
      <header className="sticky top-0 z-40 border-b border-transparent bg-background/80 backdrop-blur supports-[backdrop-filter]:bg-background/70">
        <div className="mx-auto flex h-16 max-w-7xl items-center gap-8 px-4 sm:px-6 lg:px-8">
          <a href="#top" aria-label="Chorus">
            <Brand />
          </a>
          <nav
            aria-label="Sections"
            className="hidden items-center gap-6 text-sm font-medium md:flex"
          >
            <a
              href="#features"
              className="text-muted-foreground transition-colors hover:text-foreground"
            >
              Features
            </a>
            <a
              href="#pricing"
              className="text-muted-foreground transition-colors hover:text-foreground"
            >
              Pricing
            </a>
            <a
              href="#about"
              className="text-muted-foreground transition-colors hover:text-foreground"
            >
              About
            </a>
          </nav>
          <div className="ml-auto flex items-center gap-2">
            {user ? (
              <>
                <Button onClick={() => navigate('/companies')}>Go to Dashboard</Button>
                <Suspense fallback={null}>
                  <LandingAccountMenu user={user} />
                </Suspense>
              </>
            ) : (
              <>
                <Button
                  variant="ghost"
                  onPointerEnter={loadAuthDialog}
                  onClick={() => openAuth('login')}
                >
                  Sign In
                </Button>
                <Button onPointerEnter={loadAuthDialog} onClick={getStarted}>
                  Get Started
                </Button>
              </>
            )}
          </div>
        </div>
      </header>

      <section id="top" className="relative overflow-hidden">
        <div className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top,_var(--color-indigo-100),_transparent_60%)]" />
        <div className="mx-auto grid max-w-7xl items-center gap-14 px-4 pt-16 pb-20 sm:px-6 lg:grid-cols-2 lg:px-8 lg:pt-24 lg:pb-28">
          <div>
            <Badge variant="secondary" className="mb-5 rounded-full px-3 py-1 text-primary">
              AI customer personas for product teams
            </Badge>
            <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl">
              Hear from your customers <span className="text-primary">before you build</span>
            </h1>
            <p className="mt-6 max-w-xl text-lg text-muted-foreground">
              Chorus gives every product a panel of AI customer personas. Ask them strategic
              questions, see where they agree and why, and turn their answers into a roadmap.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              {user ? (
                <Button size="lg" onClick={() => navigate('/companies')}>
                  Go to Dashboard <ArrowRight aria-hidden />
                </Button>
              ) : (
                <Button size="lg" onClick={getStarted}>
                  Get Started <ArrowRight aria-hidden />
                </Button>
              )}
              <Button size="lg" variant="outline" asChild>
                <a href="#features">See how it works</a>
              </Button>
            </div>
            <p className="mt-4 text-sm text-muted-foreground">
              <span data-testid="hero-price">{priceHeadline()}</span> · cancel anytime
            </p>
          </div>
          <HeroIllustration />
        </div>
      </section>

      <section id="features" className="scroll-mt-16 border-t bg-muted/30 py-20 sm:py-24">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <div className="mx-auto max-w-2xl text-center">
            <p className="text-sm font-semibold text-primary">Features</p>
            <h2 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">
              Everything you need to decide with confidence
            </h2>
            <p className="mt-4 text-muted-foreground">
              A business profile per product, personas that reason from it, and answers you can act
              on.
            </p>
          </div>
          <div className="mt-14 grid gap-6 md:grid-cols-3">
            {features.map(({ icon: Icon, title, text }) => (
              <Card key={title} className="gap-4 transition-shadow hover:shadow-md">
                <CardHeader>
                  <span className="mb-2 flex size-11 items-center justify-center rounded-lg bg-primary/10 text-primary">
                    <Icon className="size-5" aria-hidden />
                  </span>
                  <CardTitle className="text-lg">{title}</CardTitle>
                </CardHeader>
                <CardContent>
                  <p className="text-sm leading-relaxed text-muted-foreground">{text}</p>
                </CardContent>
              </Card>
            ))}
          </div>
        </div>
      </section>

      <section id="pricing" className="scroll-mt-16 py-20 sm:py-24">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <div className="mx-auto max-w-2xl text-center">
            <p className="text-sm font-semibold text-primary">Pricing</p>
            <h2 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">
              One simple plan per product
            </h2>
            <p className="mt-4 text-muted-foreground">
              Every product has its own subscription. Add personas as you grow.
            </p>
          </div>
          <Card className="mx-auto mt-12 max-w-md gap-6 border-primary/30 shadow-lg ring-1 ring-primary/10">
            <CardHeader>
              <CardTitle className="text-xl">Product Plan</CardTitle>
              <CardDescription>For one product and its persona panel.</CardDescription>
              {/* The hero's phrase, from the same constants: one price, said one way. */}
              <p className="mt-4 flex flex-wrap items-baseline gap-x-2" data-testid="plan-price">
                <span className="text-5xl font-bold tracking-tight">
                  {formatWholeDollars(CURRENT_PLAN.monthlyCents)}
                </span>{' '}
                <span className="text-muted-foreground">{PRICE_UNIT}</span>
              </p>
              <p className="text-sm text-muted-foreground">
                or {formatWholeDollars(CURRENT_PLAN.annualCents)} per product per year (Save{' '}
                {ANNUAL_DISCOUNT_PERCENT}%)
              </p>
            </CardHeader>
            <CardContent className="grid gap-6">
              <ul className="grid gap-3 text-sm">
                {planIncludes.map((line) => (
                  <li key={line} className="flex items-center gap-2">
                    <Check className="size-4 text-primary" aria-hidden /> {line}
                  </li>
                ))}
              </ul>
              {user ? (
                <Button size="lg" onClick={() => navigate('/companies')}>
                  Go to Dashboard
                </Button>
              ) : (
                <Button size="lg" onClick={getStarted}>
                  Get Started
                </Button>
              )}
            </CardContent>
          </Card>
        </div>
      </section>

      <section id="about" className="scroll-mt-16 border-t bg-muted/30 py-20 sm:py-24">
        <div className="mx-auto grid max-w-7xl gap-10 px-4 sm:px-6 lg:grid-cols-2 lg:px-8">
          <div>
            <p className="text-sm font-semibold text-primary">About</p>
            <h2 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">
              Built for teams who want to listen first
            </h2>
          </div>
          <div className="grid gap-4 text-muted-foreground">
            <p>
              Chorus helps businesses test ideas against the people they serve. Describe your
              product once in a comprehensive business profile; choose the personas that match your
              market; then ask — pricing, positioning, features, timing.
            </p>
            <p>
              Every persona answers from its own life: its occupation, income, motivations and how
              safe it feels. You see the spread of opinion, the reasoning behind it and a key
              insight, and you carry what you learn into your roadmap.
            </p>
          </div>
        </div>
      </section>

      <footer className="border-t py-10">
        <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-4 px-4 text-sm text-muted-foreground sm:flex-row sm:px-6 lg:px-8">
          <Brand className="text-foreground" />
          <p>© {new Date().getFullYear()} Chorus. All rights reserved.</p>
        </div>
      </footer>

      {dialogWanted ? (
        <Suspense fallback={null}>
          <AuthDialog mode={authMode} onModeChange={changeAuthMode} />
        </Suspense>
      ) : null}
    </div>
  );
}
