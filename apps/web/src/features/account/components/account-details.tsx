import { BadgeCheck, Mail, Phone, UserRound, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { can, isStaffRole, PROVIDER, roleLabel, type Profile } from '@pharmacy/shared';
import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { cn } from '../../../lib/cn';
import { ProfileForm } from './profile-form';

function DetailItem({
  icon: Icon,
  label,
  className,
  children,
}: {
  icon: LucideIcon;
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className="grid grid-cols-[1.25rem_1fr] gap-x-3">
      <dt className="col-span-2 flex items-center gap-3 text-sm text-slate-600">
        <Icon aria-hidden="true" className="size-5 text-brand-700" />
        {label}
      </dt>
      <dd className={cn('col-start-2 text-base font-medium text-slate-900', className)}>
        {children}
      </dd>
    </div>
  );
}

/**
 * Spec §2 Account Details: e-mail (or 'Logged in With {provider}'), role badge, edit form; for
 * prescription reviewers the pharmacist registration number (issue 16; issue 32 role labels).
 */
export function AccountDetails({ profile }: { profile: Profile }) {
  const role = roleLabel(profile.roleId);
  const viaProvider = profile.providerName && profile.providerName !== PROVIDER.EMAIL;
  return (
    <>
      <PageHeader title="My Profile" />
      <Card className="p-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-xl font-semibold text-slate-900">Account Details</h2>
          <span
            className={cn(
              'rounded-full px-3 py-1 text-xs font-semibold',
              isStaffRole(profile.roleId)
                ? 'bg-brand-700 text-white'
                : 'bg-brand-50 text-brand-800',
            )}
          >
            <span className="sr-only">Role: </span>
            {role}
          </span>
        </div>
        {/* Each group holds its dt and dd directly (axe definition-list); the icon sits in dt. */}
        <dl className="mt-6 grid gap-4 sm:grid-cols-2">
          <DetailItem icon={UserRound} label="Name">
            {profile.name}
          </DetailItem>
          <DetailItem icon={Mail} label="Email" className="break-all">
            {viaProvider ? `Logged in With ${profile.providerName}` : profile.email}
          </DetailItem>
          <DetailItem icon={Phone} label="Phone number">
            {profile.phoneNumber || '—'}
          </DetailItem>
          {can(profile.roleId, 'prescriptions.review') ? (
            <DetailItem icon={BadgeCheck} label="Pharmacist registration number">
              {profile.pharmacistRegistrationNumber ?? (
                <span className="font-normal text-slate-600">Not added</span>
              )}
            </DetailItem>
          ) : null}
        </dl>
        <div className="mt-8 border-t border-slate-200 pt-6">
          <h3 className="mb-4 text-base font-semibold text-slate-900">Edit profile</h3>
          <ProfileForm profile={profile} />
        </div>
      </Card>
    </>
  );
}
