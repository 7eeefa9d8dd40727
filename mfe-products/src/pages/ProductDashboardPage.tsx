import { accessLevelLabel, type ProductView, statusWord } from '@chorus/contracts';
import {
  Badge,
  Card,
  PageFrame,
  PaymentRequiredBanner,
  ProductGate,
  StatCard,
  StatPlaceholder,
  SubscriptionStatusBadge,
  SharedWithYouBadge,
  useProductAccess,
  useProductRole,
} from '@chorus/platform/ui';
import {
  Activity,
  ArrowRight,
  Building2,
  MessageSquare,
  MessagesSquare,
  Scale,
  ShieldCheck,
  Users,
  UsersRound,
  Globe2,
} from 'lucide-react';
import type { ComponentType } from 'react';
import { Link } from 'react-router-dom';
import { useProductPersonas, useProductQuestions } from '../api';
import { RecentQuestions } from '../components/RecentQuestions';
import { RoadmapCard } from '../components/RoadmapCard';
import { UsageBudgetCard } from '../components/UsageBudgetCard';
import { industryLabel } from '../product-pages';

function ActionCard({
  to,
  icon: Icon,
  tone,
  title,
  text,
}: {
  to: string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
  tone: string;
  title: string;
  text: string;
}) {
  return (
    <Link
      to={to}
      className="group rounded-xl outline-none focus-visible:ring-[3px] focus-visible:ring-ring/30"
    >
      <Card className="h-full gap-3 px-6 transition-shadow group-hover:shadow-md">
        <span className={`flex size-10 items-center justify-center rounded-lg ${tone}`}>
          <Icon className="size-5" aria-hidden />
        </span>
        <div className="grid gap-1">
          <h3 className="flex items-center gap-1 font-semibold">
            {title}
            <ArrowRight
              className="size-4 transition-transform group-hover:translate-x-0.5"
              aria-hidden
            />
          </h3>
          <p className="text-sm text-muted-foreground">{text}</p>
        </div>
      </Card>
    </Link>
  );
}

function Dashboard({ product }: { product: ProductView }) {
  const personas = useProductPersonas(product.id);
  const questions = useProductQuestions(product.id);
  const base = `/products/${encodeURIComponent(product.id)}`;
  const { level, canUsePaidFeatures } = useProductAccess(product);
  const status = statusWord(product.subscriptionStatus);
  const rights = useProductRole(product);

  return (
    <PageFrame>
      <PaymentRequiredBanner product={product} />
      <header className="grid gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-bold tracking-tight">{product.name}</h1>
          <SubscriptionStatusBadge status={product.subscriptionStatus} />
          {product.sharedWithYou ? <SharedWithYouBadge role={product.role} /> : null}
        </div>
        <p className="max-w-3xl text-muted-foreground">
          {product.description || 'No description provided'}
        </p>
        {product.industry ? (
          <Badge variant="secondary" className="text-sm">
            <Building2 aria-hidden /> {industryLabel(product.industry)}
          </Badge>
        ) : null}
      </header>

      <section
        aria-label="Product statistics"
        className="mt-8 grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4"
      >
        <StatCard
          title="Active Personas"
          icon={Users}
          tone="bg-violet-50 text-violet-700"
          value={personas.data?.length ?? <StatPlaceholder className="w-12" />}
          hint="Selected for this product"
        />
        <StatCard
          title="Questions Asked"
          icon={MessageSquare}
          tone="bg-primary/10 text-primary"
          value={questions.data?.length ?? <StatPlaceholder className="w-12" />}
          hint="Answered by every selected persona"
        />
        <StatCard
          title="Access Level"
          icon={ShieldCheck}
          tone="bg-emerald-50 text-emerald-700"
          value={accessLevelLabel(level)}
          hint={
            level === 'full'
              ? 'Every feature included'
              : canUsePaidFeatures
                ? 'Confirming your payment'
                : 'Read and export; pay to ask and add'
          }
        />
        <StatCard
          title="Status"
          icon={Activity}
          tone="bg-amber-50 text-amber-700"
          value={status}
          hint={level === 'full' ? 'Subscription is running' : 'Complete payment to activate'}
        />
      </section>

      <section aria-label="Manage" className="mt-8 grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        <ActionCard
          to={`${base}/profile`}
          icon={Building2}
          tone="bg-sky-50 text-sky-700"
          title="Business Profile"
          text="Describe your product, market and customers so personas answer in context."
        />
        <ActionCard
          to={`${base}/personas`}
          icon={Users}
          tone="bg-violet-50 text-violet-700"
          title="Personas"
          text="Choose the AI customer personas that represent your market."
        />
        <ActionCard
          to={`${base}/questions`}
          icon={MessagesSquare}
          tone="bg-primary/10 text-primary"
          title="Questions"
          text="Ask strategic questions and read every persona's answer."
        />
        <ActionCard
          to={`${base}/panels`}
          icon={Globe2}
          tone="bg-amber-50 text-amber-700"
          title="Panels"
          text="Draw up to 5,000 personas to a country's population and ask them, weighted to it."
        />
        <ActionCard
          to={`${base}/calibration`}
          icon={Scale}
          tone="bg-emerald-50 text-emerald-700"
          title="Calibration"
          text="See how close the panel comes to real customers' answers, question by question."
        />
        <ActionCard
          to={`${base}/team`}
          icon={UsersRound}
          tone="bg-rose-50 text-rose-700"
          title="Team"
          text={
            rights.canManageTeam
              ? 'Invite people to work on this product with you, and see what their seats cost.'
              : 'See who works on this product and their roles.'
          }
        />
      </section>

      <div className="mt-8">
        <UsageBudgetCard
          productId={product.id}
          editable={canUsePaidFeatures && rights.canManageTeam}
        />
      </div>

      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <RecentQuestions productId={product.id} />
        <RoadmapCard productId={product.id} editRefusal={rights.editRefusal} />
      </div>
    </PageFrame>
  );
}

/** /products/{id}/dashboard (and /companies/{id}/dashboard; /dashboard: the first product). */
export function ProductDashboardPage() {
  return (
    <ProductGate loadingLabel="Loading product...">
      {(product) => <Dashboard product={product} />}
    </ProductGate>
  );
}
