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
  FileLock2,
  FlaskConical,
  Gauge,
  Gift,
  KeyRound,
  LayoutGrid,
  ListOrdered,
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
  UserCog,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { Suspense, useId, useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import {
  can,
  isAdminRole,
  isStaffRole,
  usesPasswordLogin,
  type Permission,
} from '@pharmacy/shared';
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

/**
 * Who sees an entry (issue 32): everyone signed in, a permission of the role, the staff, the
 * members only (their dashboard opens on the profile), or shoppers (members and the owner: the
 * pages about one's own family, prescriptions, points and alerts make no sense for a packer's,
 * a pharmacist's or support's work account).
 */
type MenuAudience = 'everyone' | 'staff' | 'member' | 'shopper' | 'password' | Permission;

interface MenuEntry extends MenuItem {
  show: MenuAudience;
}

/** Spec §2 side menu (DECISIONS spelling): each entry with who sees it, in the order shown. */
export const MENU: readonly MenuEntry[] = [
  // Issue 18: staff's /dashboard is the operations dashboard; their profile moves beside it.
  { label: 'Dashboard', to: paths.dashboard.root.getHref(), Icon: Gauge, end: true, show: 'staff' },
  {
    label: 'My Profile',
    to: paths.dashboard.profile.getHref(),
    Icon: CircleUserRound,
    show: 'staff',
  },
  {
    label: 'My Profile',
    to: paths.dashboard.root.getHref(),
    Icon: CircleUserRound,
    end: true,
    show: 'member',
  },
  {
    label: 'Account Security',
    to: paths.dashboard.security.getHref(),
    Icon: KeyRound,
    show: 'password',
  },
  { label: 'Address', to: paths.dashboard.address.getHref(), Icon: MapPin, show: 'everyone' },
  {
    label: 'Orders',
    to: paths.dashboard.orders.getHref(),
    Icon: Package,
    end: true,
    show: 'everyone',
  },
  { label: 'My Refills', to: paths.dashboard.refills.getHref(), Icon: Pill, show: 'shopper' },
  // Issue 31: who the medicines are for, and the prescriptions kept for reuse.
  { label: 'Patients', to: paths.dashboard.patients.getHref(), Icon: Contact, show: 'shopper' },
  {
    label: 'My Prescriptions',
    to: paths.dashboard.myPrescriptions.getHref(),
    Icon: ClipboardList,
    show: 'shopper',
  },
  { label: 'Rewards', to: paths.dashboard.rewards.getHref(), Icon: Gift, show: 'shopper' },
  {
    label: 'Stock Alerts',
    to: paths.dashboard.stockAlerts.getHref(),
    Icon: BellRing,
    show: 'shopper',
  },
  // Issue 32: the customer's data, e-mail consents, sessions and account.
  {
    label: 'Privacy & data',
    to: paths.dashboard.privacy.getHref(),
    Icon: ShieldCheck,
    show: 'everyone',
  },
  // Issue 32: every order, for whoever works on them.
  {
    label: 'All Orders',
    to: paths.dashboard.ordersAll.getHref(),
    Icon: ListOrdered,
    show: 'orders.view',
  },
  {
    label: 'Manufacturers',
    to: paths.dashboard.manufacturers.getHref(),
    Icon: Building2,
    show: 'catalog.manage',
  },
  {
    label: 'Salt Compositions',
    to: paths.dashboard.saltCompositions.getHref(),
    Icon: FlaskConical,
    show: 'catalog.manage',
  },
  {
    label: 'Divisions',
    to: paths.dashboard.divisions.getHref(),
    Icon: LayoutGrid,
    show: 'catalog.manage',
  },
  // Issue 30: what shoppers read about each salt, reviewed by a pharmacist.
  {
    label: 'Medicine Information',
    to: paths.dashboard.medicines.getHref(),
    Icon: BookOpenText,
    show: 'medicines.review',
  },
  // Issue 31: the ingredient pairs carts, orders and the pharmacist's review are checked against.
  {
    label: 'Drug Interactions',
    to: paths.dashboard.interactions.getHref(),
    Icon: ShieldAlert,
    show: 'interactions.manage',
  },
  {
    label: 'Products',
    to: paths.dashboard.products.getHref(),
    Icon: Boxes,
    show: 'catalog.manage',
  },
  {
    label: 'Low Stock',
    to: paths.dashboard.lowStock.getHref(),
    Icon: PackageMinus,
    show: 'inventory.manage',
  },
  {
    label: 'Near Expiry',
    to: paths.dashboard.nearExpiry.getHref(),
    Icon: CalendarClock,
    show: 'inventory.manage',
  },
  {
    label: 'H1 Register',
    to: paths.dashboard.register.getHref(),
    Icon: BookCheck,
    show: 'h1.view',
  },
  { label: 'Users', to: paths.dashboard.users.getHref(), Icon: Users, show: 'customers.view' },
  { label: 'Staff', to: paths.dashboard.staff.getHref(), Icon: UserCog, show: 'staff.manage' },
  {
    label: 'Prescriptions',
    to: paths.dashboard.prescriptions.getHref(),
    Icon: FileCheck,
    show: 'prescriptions.review',
  },
  {
    label: 'Audit Log',
    to: paths.dashboard.audit.getHref(),
    Icon: ShieldCheck,
    end: true,
    show: 'audit.view',
  },
  {
    label: 'Health-data Access',
    to: paths.dashboard.healthAccess.getHref(),
    Icon: FileLock2,
    show: 'audit.view',
  },
  {
    label: 'Background Jobs',
    to: paths.dashboard.jobs.getHref(),
    Icon: ServerCog,
    show: 'settings.manage',
  },
  { label: 'Messages', to: paths.dashboard.messages.getHref(), Icon: Mail, show: 'support.inbox' },
  { label: 'Returns', to: paths.dashboard.returns.getHref(), Icon: Undo2, show: 'returns.manage' },
  {
    label: 'Coupons',
    to: paths.dashboard.coupons.getHref(),
    Icon: TicketPercent,
    show: 'coupons.manage',
  },
  // Issue 29: one entry for the delivery areas and the dispatch calendar (tabs on the page).
  {
    label: 'Delivery',
    to: paths.dashboard.delivery.getHref(),
    Icon: Truck,
    show: 'settings.manage',
  },
];

/** The entries a role sees (the screens' own guards and the server check the same table). */
export function menuItems(
  roleId: number | null | undefined,
  providerName: string | null | undefined,
): MenuItem[] {
  const staff = isStaffRole(roleId);
  const visible = (show: MenuAudience): boolean => {
    switch (show) {
      case 'everyone':
        return true;
      case 'staff':
        return staff;
      case 'member':
        return !staff;
      case 'shopper':
        return !staff || isAdminRole(roleId);
      case 'password':
        return usesPasswordLogin(providerName);
      default:
        return can(roleId, show);
    }
  };
  return MENU.filter((entry) => visible(entry.show)).map(({ show: _show, ...item }) => item);
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
 * its title row. Signed-out visitors get a sign-in prompt; staff see the entries of their role.
 */
export function DashboardLayout() {
  const { status, profile } = useAuth();
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

  const items = menuItems(profile?.roleId, profile?.providerName);
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
