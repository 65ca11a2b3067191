import { MailX, RefreshCw, UserCheck, UserPlus, UserX, Users } from 'lucide-react';
import { useState } from 'react';
import {
  ROLE,
  formatLongDate,
  roleLabel,
  type StaffInvitation,
  type StaffMember,
} from '@pharmacy/shared';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { Select } from '../../../components/ui/form-field';
import { PageHeader } from '../../../components/ui/page-header';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton';
import { getErrorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { cn } from '../../../lib/cn';
import { notify } from '../../../lib/toast';
import { useChangeStaffRole, useRevokeInvitation, useSetStaffActive, useStaff } from '../api/staff';
import { InviteDialog } from './invite-dialog';
import { STAFF_ROLE_CHOICES } from './staff-roles';

const badge = 'inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap';

function RoleBadge({ roleId }: { roleId: number }) {
  return (
    <span
      className={cn(
        badge,
        roleId === ROLE.ADMIN ? 'bg-brand-700 text-white' : 'bg-brand-50 text-brand-800',
      )}
    >
      {roleId === ROLE.ADMIN ? 'Owner' : roleLabel(roleId)}
    </span>
  );
}

function StatusBadge({ member }: { member: StaffMember }) {
  if (!member.deactivatedAt)
    return <span className={cn(badge, 'bg-green-50 text-green-800')}>Active</span>;
  return (
    <span className={cn(badge, 'bg-slate-200 text-slate-800')}>
      Deactivated on{' '}
      <time dateTime={member.deactivatedAt}>{formatLongDate(member.deactivatedAt)}</time>
    </span>
  );
}

type Pending =
  | { kind: 'active'; member: StaffMember; active: boolean }
  | { kind: 'revoke'; invitation: StaffInvitation };

function RoleSelect({ member }: { member: StaffMember }) {
  const change = useChangeStaffRole();
  return (
    <Select
      aria-label={`Role of ${member.name}`}
      value={member.roleId}
      disabled={change.isPending}
      className="w-auto min-w-32 py-1"
      onChange={(event) => {
        const roleId = Number(event.target.value);
        change.mutate(
          { userId: member.id, roleId },
          {
            onSuccess: () =>
              notify.success(
                `${member.name} is now ${roleLabel(roleId).toLowerCase()}. They sign in again to continue.`,
              ),
            onError: (error) => notify.error(getErrorMessage(error)),
          },
        );
      }}
    >
      {STAFF_ROLE_CHOICES.map((choice) => (
        <option key={choice.roleId} value={choice.roleId}>
          {choice.label}
        </option>
      ))}
    </Select>
  );
}

function StaffTable({
  staff,
  selfId,
  onAsk,
}: {
  staff: StaffMember[];
  selfId: number | undefined;
  onAsk: (pending: Pending) => void;
}) {
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className="w-full min-w-[44rem] border-collapse text-left text-sm">
        <caption className="sr-only">Staff accounts</caption>
        <thead className="bg-slate-100 text-slate-800">
          <tr>
            {['Name', 'Email', 'Role', 'Status', 'Joined', 'Actions'].map((column) => (
              <th key={column} scope="col" className="px-4 py-3 font-semibold whitespace-nowrap">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {staff.map((member) => {
            const owner = member.roleId === ROLE.ADMIN;
            return (
              <tr key={member.id} className="border-t border-slate-100 even:bg-slate-50">
                <td className="px-4 py-3 font-medium text-slate-900">
                  {member.name}
                  {member.id === selfId ? <span className="text-slate-600"> (you)</span> : null}
                </td>
                <td className="px-4 py-3 whitespace-nowrap text-slate-700">{member.email}</td>
                <td className="px-4 py-3">
                  {owner ? <RoleBadge roleId={member.roleId} /> : <RoleSelect member={member} />}
                </td>
                <td className="px-4 py-3">
                  <StatusBadge member={member} />
                </td>
                <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                  <time dateTime={member.createdAt}>{formatLongDate(member.createdAt)}</time>
                </td>
                <td className="px-4 py-3">
                  {owner ? null : member.deactivatedAt ? (
                    <Button
                      size="sm"
                      variant="secondary"
                      icon={<UserCheck aria-hidden="true" className="size-4" />}
                      onClick={() => onAsk({ kind: 'active', member, active: true })}
                      aria-label={`Reactivate ${member.name}`}
                    >
                      Reactivate
                    </Button>
                  ) : (
                    <Button
                      size="sm"
                      variant="secondary"
                      icon={<UserX aria-hidden="true" className="size-4" />}
                      onClick={() => onAsk({ kind: 'active', member, active: false })}
                      aria-label={`Deactivate ${member.name}`}
                    >
                      Deactivate
                    </Button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function InvitationList({
  invitations,
  onAsk,
}: {
  invitations: StaffInvitation[];
  onAsk: (pending: Pending) => void;
}) {
  if (invitations.length === 0)
    return <p className="text-sm text-slate-600">There are no open invitations.</p>;
  return (
    <ul className="flex flex-col divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
      {invitations.map((invitation) => (
        <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
          <div className="min-w-0">
            <p className="font-medium text-slate-900">
              {invitation.name}{' '}
              <span className="font-normal text-slate-700">{invitation.email}</span>
            </p>
            <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
              <RoleBadge roleId={invitation.roleId} />
              {invitation.expired ? (
                <span className={cn(badge, 'bg-amber-100 text-amber-900')}>Expired</span>
              ) : (
                <span>
                  Link valid until{' '}
                  <time dateTime={invitation.expiresAt}>
                    {formatLongDate(invitation.expiresAt)}
                  </time>
                </span>
              )}
              {invitation.invitedByName ? (
                <span>· Invited by {invitation.invitedByName}</span>
              ) : null}
            </p>
          </div>
          <Button
            size="sm"
            variant="secondary"
            icon={<MailX aria-hidden="true" className="size-4" />}
            onClick={() => onAsk({ kind: 'revoke', invitation })}
            aria-label={`Revoke the invitation of ${invitation.email}`}
          >
            Revoke
          </Button>
        </li>
      ))}
    </ul>
  );
}

/**
 * Issue 32 /dashboard/staff (the owner's): the staff accounts with their role and status, the
 * open invitations; invite, change a role, deactivate or reactivate, revoke an invitation.
 */
export function StaffPage() {
  const staff = useStaff();
  const { profile } = useAuth();
  const [inviting, setInviting] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const [error, setError] = useState<string | null>(null);
  const setActive = useSetStaffActive();
  const revoke = useRevokeInvitation();

  const ask = (next: Pending) => {
    setError(null);
    setPending(next);
  };
  const confirm = async () => {
    if (!pending) return;
    try {
      if (pending.kind === 'revoke') {
        const { message } = await revoke.mutateAsync(pending.invitation.id);
        notify.success(message);
      } else {
        await setActive.mutateAsync({ userId: pending.member.id, active: pending.active });
        notify.success(
          pending.active
            ? `${pending.member.name} can sign in again.`
            : `${pending.member.name} was deactivated and signed out.`,
        );
      }
      setPending(null);
    } catch (failure) {
      setError(getErrorMessage(failure));
    }
  };

  let body;
  if (staff.isPending) {
    body = (
      <LoadingRegion label="Loading staff" className="flex flex-col gap-3">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} className="h-10 w-full" />
        ))}
      </LoadingRegion>
    );
  } else if (staff.isError) {
    body = (
      <EmptyState
        icon={<Users className="size-8" />}
        title="The staff list could not be loaded."
        action={
          <Button
            variant="secondary"
            onClick={() => void staff.refetch()}
            icon={<RefreshCw aria-hidden="true" className="size-4" />}
          >
            Try again
          </Button>
        }
      />
    );
  } else {
    body = (
      <div className="flex flex-col gap-8">
        <section aria-labelledby="staff-accounts">
          <h2 id="staff-accounts" className="mb-3 text-lg font-semibold text-slate-900">
            Accounts
          </h2>
          <StaffTable staff={staff.data.staff} selfId={profile?.id} onAsk={ask} />
        </section>
        <section aria-labelledby="staff-invitations">
          <h2 id="staff-invitations" className="mb-3 text-lg font-semibold text-slate-900">
            Open invitations
          </h2>
          <InvitationList invitations={staff.data.invitations} onAsk={ask} />
        </section>
      </div>
    );
  }

  const deactivating = pending?.kind === 'active' && !pending.active;
  return (
    <>
      <PageHeader
        title="Staff"
        description="Who works in the shop, and what each role may do."
        actions={
          <Button
            icon={<UserPlus aria-hidden="true" className="size-4" />}
            onClick={() => setInviting(true)}
          >
            Invite staff
          </Button>
        }
      />
      {body}
      <InviteDialog open={inviting} onClose={() => setInviting(false)} />
      <ConfirmDialog
        open={pending !== null}
        title={
          pending?.kind === 'revoke'
            ? 'Revoke this invitation?'
            : deactivating
              ? `Deactivate ${pending?.member.name}?`
              : `Reactivate ${pending?.kind === 'active' ? pending.member.name : ''}?`
        }
        message={
          pending?.kind === 'revoke'
            ? `The link sent to ${pending.invitation.email} will no longer work.`
            : deactivating
              ? 'They are signed out everywhere at once and cannot sign in until you reactivate the account. Their past work stays recorded.'
              : 'They can sign in again with their password, with the role shown here.'
        }
        confirmLabel={
          pending?.kind === 'revoke' ? 'Revoke' : deactivating ? 'Deactivate' : 'Reactivate'
        }
        pendingText="Saving..."
        confirmIcon={
          pending?.kind === 'revoke' ? (
            <MailX aria-hidden="true" className="size-4" />
          ) : deactivating ? (
            <UserX aria-hidden="true" className="size-4" />
          ) : (
            <UserCheck aria-hidden="true" className="size-4" />
          )
        }
        isPending={setActive.isPending || revoke.isPending}
        error={error}
        onConfirm={() => void confirm()}
        onClose={() => setPending(null)}
      />
    </>
  );
}
