import type { AuditLogKind } from '@chorus/contracts';
import { toast, useAuth } from '@chorus/platform';
import { Brand, Button } from '@chorus/platform/ui';
import { LogOut } from 'lucide-react';
import { useState } from 'react';
import {
  adminSession,
  useAdminToken,
  useAuditLog,
  usePersonaTemplates,
  usePromoCodes,
  useRevenueHistory,
  useSeatChanges,
  useSubscriptionStats,
} from '../api';
import { AdminLogin } from '../components/AdminLogin';
import { AuditLog } from '../components/AuditLog';
import { PersonaTemplates } from '../components/PersonaTemplates';
import { PricingModelCard } from '../components/PricingModelCard';
import { PromoCodes } from '../components/PromoCodes';
import { RevenueChart } from '../components/RevenueChart';
import { SeatChanges } from '../components/SeatChanges';
import { StatsCards } from '../components/StatsCards';
import { release } from '../release';

function AdminDashboard() {
  const stats = useSubscriptionStats();
  const revenue = useRevenueHistory();
  const promoCodes = usePromoCodes();
  const templates = usePersonaTemplates();
  const [auditKind, setAuditKind] = useState<AuditLogKind>('changes');
  const auditLog = useAuditLog(auditKind);
  const seatChanges = useSeatChanges();

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:px-8 lg:py-10">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Admin Dashboard</h1>
          <p className="mt-2 text-muted-foreground">
            Subscription analytics, promo codes, persona templates and team seats.
          </p>
        </div>
        <Button
          variant="outline"
          onClick={() => {
            adminSession.signOut();
            toast({ title: 'Logged out' });
          }}
        >
          <LogOut aria-hidden /> Logout
        </Button>
      </header>

      <div className="mt-8 grid grid-cols-1 gap-8">
        <StatsCards stats={stats.data} />
        <div className="grid grid-cols-1 gap-8 [&>*]:min-w-0 xl:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
          <RevenueChart points={revenue.data} />
          <PricingModelCard />
        </div>
        <PromoCodes promoCodes={promoCodes.data} />
        <PersonaTemplates templates={templates.data} />
        <AuditLog entries={auditLog.data} kind={auditKind} onKindChange={setAuditKind} />
        <SeatChanges changes={seatChanges.data} />
      </div>

      <p className="mt-12 text-center text-xs text-muted-foreground/80" data-testid="release">
        Release {release}
      </p>
    </div>
  );
}

/**
 * The Chorus mark over the admin area when no customer is signed in (a
 * signed-in customer has the app's top bar above it already).
 */
function AdminBrandBar() {
  const { user } = useAuth();
  if (user) return null;
  return (
    <header className="border-b bg-background" aria-label="Chorus Admin">
      <div className="mx-auto flex h-16 w-full max-w-7xl items-center gap-3 px-4 sm:px-6 lg:px-8">
        <a href="/">
          <Brand />
        </a>
        <span className="rounded-md bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground">
          Admin
        </span>
      </div>
    </header>
  );
}

/** /admin: its own login, reachable signed in as a customer or not; then the dashboard. */
export function AdminPage() {
  const token = useAdminToken();
  return (
    <>
      <AdminBrandBar />
      {token ? <AdminDashboard /> : <AdminLogin />}
    </>
  );
}
