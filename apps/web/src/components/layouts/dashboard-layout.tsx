import {
  BellRing,
  BookCheck,
  BookOpenText,
  Boxes,
  Building2,
  CalendarClock,
  CircleUserRound,
  ClipboardList,
  Contact,
  FileCheck,
  FlaskConical,
  Gauge,
  Gift,
  KeyRound,
  LayoutGrid,
  LogIn,
  Mail,
  MapPin,
  Menu,
  Package,
  PackageMinus,
  Pill,
  ServerCog,
  ShieldAlert,
  ShieldCheck,
  TicketPercent,
  Truck,
  Undo2,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { Suspense, useId, useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { usesPasswordLogin } from '@pharmacy/shared';
import { paths } from '../../config/paths';
import { useAuth } from '../../lib/auth';
import { cn } from '../../lib/cn';
import type { RedirectState } from '../../lib/redirect-state';
import { ButtonLink } from '../ui/button';
import { DocumentTitle } from '../ui/document-title';
import { EmptyState } from '../ui/empty-state';
import { FormSkeleton } from '../ui/form-skeleton';
import { LoadingRegion, Skeleton } from '../ui/skeleton';
import { Container } from './container';

interface MenuItem {
  label: string;
  to: string;
  Icon: LucideIcon;
  end?: boolean;
}

/** Spec §2 side menu: for all users, then the admin entries (DECISIONS spelling). */
function menuItems(isAdmin: boolean, providerName: string | null | undefined): MenuItem[] {
  // Issue 18: an admin's /dashboard is the operations dashboard; their profile moves beside it.
  const items: MenuItem[] = isAdmin
    ? [
        { label: 'Dashboard', to: paths.dashboard.root.getHref(), Icon: Gauge, end: true },
        { label: 'My Profile', to: paths.dashboard.profile.getHref(), Icon: CircleUserRound },
      ]
    : [
        {
          label: 'My Profile',
          to: paths.dashboard.root.getHref(),
          Icon: CircleUserRound,
          end: true,
        },
      ];
  if (usesPasswordLogin(providerName)) {
    items.push({
      label: 'Account Security',
      to: paths.dashboard.security.getHref(),
      Icon: KeyRound,
    });
  }
  items.push(
    { label: 'Address', to: paths.dashboard.address.getHref(), Icon: MapPin },
    { label: 'Orders', to: paths.dashboard.orders.getHref(), Icon: Package },
    { label: 'My Refills', to: paths.dashboard.refills.getHref(), Icon: Pill },
    // Issue 31: who the medicines are for, and the prescriptions kept for reuse.
    { label: 'Patients', to: paths.dashboard.patients.getHref(), Icon: Contact },
    {
      label: 'My Prescriptions',
      to: paths.dashboard.myPrescriptions.getHref(),
      Icon: ClipboardList,
    },
    { label: 'Rewards', to: paths.dashboard.rewards.getHref(), Icon: Gift },
    { label: 'Stock Alerts', to: paths.dashboard.stockAlerts.getHref(), Icon: BellRing },
  );
  if (isAdmin) {
    items.push(
      { label: 'Manufacturers', to: paths.dashboard.manufacturers.getHref(), Icon: Building2 },
      {
        label: 'Salt Compositions',
        to: paths.dashboard.saltCompositions.getHref(),
        Icon: FlaskConical,
      },
      { label: 'Divisions', to: paths.dashboard.divisions.getHref(), Icon: LayoutGrid },
      // Issue 30: what shoppers read about each salt, reviewed by a pharmacist.
      {
        label: 'Medicine Information',
        to: paths.dashboard.medicines.getHref(),
        Icon: BookOpenText,
      },
      // Issue 31: the ingredient pairs carts, orders and the pharmacist's review are checked against.
      {
        label: 'Drug Interactions',
        to: paths.dashboard.interactions.getHref(),
        Icon: ShieldAlert,
      },
      { label: 'Products', to: paths.dashboard.products.getHref(), Icon: Boxes },
      { label: 'Low Stock', to: paths.dashboard.lowStock.getHref(), Icon: PackageMinus },
      { label: 'Near Expiry', to: paths.dashboard.nearExpiry.getHref(), Icon: CalendarClock },
      { label: 'H1 Register', to: paths.dashboard.register.getHref(), Icon: BookCheck },
      { label: 'Users', to: paths.dashboard.users.getHref(), Icon: Users },
      { label: 'Prescriptions', to: paths.dashboard.prescriptions.getHref(), Icon: FileCheck },
      { label: 'Audit Log', to: paths.dashboard.audit.getHref(), Icon: ShieldCheck },
      { label: 'Background Jobs', to: paths.dashboard.jobs.getHref(), Icon: ServerCog },
      { label: 'Messages', to: paths.dashboard.messages.getHref(), Icon: Mail },
      { label: 'Returns', to: paths.dashboard.returns.getHref(), Icon: Undo2 },
      { label: 'Coupons', to: paths.dashboard.coupons.getHref(), Icon: TicketPercent },
      // Issue 29: one entry for the delivery areas and the dispatch calendar (tabs on the page).
      { label: 'Delivery', to: paths.dashboard.delivery.getHref(), Icon: Truck },
    );
  }
  return items;
}

function SideMenu({ items, onNavigate }: { items: MenuItem[]; onNavigate?: () => void }) {
  return (
    <ul className="flex flex-col gap-1">
      {items.map(({ label, to, Icon, end }) => (
        <li key={to}>
          <NavLink
            to={to}
            end={end}
            onClick={onNavigate}
            className={({ isActive }) =>
              cn(
                'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium',
                isActive ? 'bg-brand-700 text-white' : 'text-slate-800 hover:bg-brand-50',
              )
            }
          >
            <Icon aria-hidden="true" className="size-5" />
            {label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/**
 * Spec §2 dashboard shell: a side menu on wide screens, a menu button on phones; the content has
 * its title row. Signed-out visitors get a sign-in prompt; admins see the catalogue entries.
 */
export function DashboardLayout() {
  const { status, profile, isAdmin } = useAuth();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const { pathname, search } = useLocation();

  if (status === 'anonymous') {
    return (
      <Container className="py-12">
        <DocumentTitle title="Dashboard" />
        <h1 className="sr-only">Dashboard</h1>
        <EmptyState
          icon={<LogIn className="size-8" />}
          title="Please sign in to see your dashboard."
          action={
            // After signing in, the visitor comes back to the page they asked for (spec §2 redirectTo).
            <ButtonLink
              to={paths.login.getHref('login')}
              state={{ redirectTo: `${pathname}${search}` } satisfies RedirectState}
            >
              Login
            </ButtonLink>
          }
        >
          Your profile, addresses and orders are waiting for you.
        </EmptyState>
      </Container>
    );
  }

  if (status === 'loading') {
    return (
      <Container className="py-8">
        <LoadingRegion label="Loading your account" className="grid gap-6 md:grid-cols-[15rem_1fr]">
          <div className="flex flex-col gap-2">
            {Array.from({ length: 4 }, (_, index) => (
              <Skeleton key={index} className="h-9 w-full" />
            ))}
          </div>
          <div className="flex flex-col gap-4">
            <Skeleton className="h-8 w-48" />
            <Skeleton className="h-40 w-full" />
          </div>
        </LoadingRegion>
      </Container>
    );
  }

  const items = menuItems(isAdmin, profile?.providerName);
  // The phone's menu button names the page, or the entry a page sits under (Delivery's tabs).
  const current =
    (
      items.find((item) => item.to === pathname) ??
      items.find((item) => !item.end && pathname.startsWith(`${item.to}/`))
    )?.label ?? 'Menu';

  return (
    <Container className="py-8">
      <div className="grid gap-6 md:grid-cols-[15rem_1fr]">
        <nav aria-label="Dashboard" className="md:sticky md:top-32 md:self-start">
          <button
            type="button"
            className="flex w-full items-center justify-between rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm font-semibold text-slate-900 md:hidden"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {current}
            <Menu aria-hidden="true" className="size-5" />
          </button>
          <div
            id={menuId}
            className={cn(
              'mt-2 rounded-xl border border-slate-200 bg-white p-2 md:mt-0 md:block',
              menuOpen ? 'block' : 'hidden',
            )}
          >
            <SideMenu items={items} onNavigate={() => setMenuOpen(false)} />
          </div>
        </nav>
        <div className="min-w-0">
          <Suspense fallback={<FormSkeleton label="Loading page" />}>
            <Outlet />
          </Suspense>
        </div>
      </div>
    </Container>
  );
}
