import { lazy } from 'react';
import { useParams } from 'react-router';
import { usesPasswordLogin } from '@pharmacy/shared';
import { NotFound } from '../../../components/errors/not-found';
import { DashboardLayout } from '../../../components/layouts/dashboard-layout';
import { DocumentTitle } from '../../../components/ui/document-title';
import { AccountDetails } from '../../../features/account/components/account-details';
import { AccountSecurity } from '../../../features/account/components/account-security';
import {
  AddressAddPage,
  AddressEditPage,
} from '../../../features/account/components/address-form-pages';
import { AddressList } from '../../../features/account/components/address-list';
import { MailPreferences } from '../../../features/account/components/mail-preferences';
import { useAuth } from '../../../lib/auth';

/** Dashboard pages for every signed-in user (spec §2). The layout handles signed-out visitors. */
export function DashboardLayoutRoute() {
  return <DashboardLayout />;
}

// The chart library comes with the staff dashboard only: members never download it.
const OperationsDashboardRoute = lazy(async () => ({
  default: (await import('./admin-dashboard-pages')).OperationsDashboardRoute,
}));

/** Issue 18 / 32: /dashboard is the operations dashboard for staff and My Profile for members. */
export function DashboardHomeRoute() {
  const { isStaff } = useAuth();
  // The dashboard layout's Suspense shows its skeleton while the chunk downloads.
  return isStaff ? <OperationsDashboardRoute /> : <ProfileRoute />;
}

export function ProfileRoute() {
  const { profile } = useAuth();
  if (!profile) return null;
  return (
    <>
      <DocumentTitle title="My Profile" />
      <AccountDetails profile={profile} />
      <MailPreferences />
    </>
  );
}

/** Spec §2 / §6: Account Security exists only for accounts that sign in with a password. */
export function SecurityRoute() {
  const { profile } = useAuth();
  if (!profile) return null;
  if (!usesPasswordLogin(profile.providerName)) return <NotFound />;
  return (
    <>
      <DocumentTitle title="Account Security" />
      <AccountSecurity />
    </>
  );
}

export function AddressListRoute() {
  return (
    <>
      <DocumentTitle title="Saved Address" />
      <AddressList />
    </>
  );
}

export function AddressAddRoute() {
  return (
    <>
      <DocumentTitle title="Add Address" />
      <AddressAddPage />
    </>
  );
}

export function AddressEditRoute() {
  const { id = '' } = useParams();
  const addressId = /^\d+$/.test(id) ? Number(id) : Number.NaN;
  return (
    <>
      <DocumentTitle title="Edit Address" />
      {/* A new id is a new form: nothing typed for one address carries over to another. */}
      <AddressEditPage key={id} id={addressId} />
    </>
  );
}
