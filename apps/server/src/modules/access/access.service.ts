import { createHash, randomBytes } from 'node:crypto';
import {
  ROLE,
  STAFF_INVITATION_HOURS,
  STAFF_MESSAGES,
  formatLongDate,
  roleLabel,
  type AcceptInvitationInput,
  type AuthResponse,
  type InvitationPreview,
  type StaffInvitation,
  type StaffInviteInput,
  type StaffListResponse,
  type StaffMember,
} from '@pharmacy/shared';
import type { Database, DbOrTx } from '../../db/client';
import { AppError, ConflictError, NotFoundError } from '../../lib/errors';
import { hashPassword } from '../../lib/password';
import { recordAudit } from '../audit/audit.service';
import type { MailOutbox } from '../notifications/mail-outbox';
import { changeRole, type UsersService } from '../users/users.service';
import * as repository from './access.repository';

const HOUR_MS = 60 * 60 * 1000;

/** An invitation link that was used, revoked or has expired: it existed but is gone. */
export class InvitationGoneError extends AppError {
  constructor(message: string) {
    super(410, message);
  }
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

type StaffRow = Awaited<ReturnType<typeof repository.listStaff>>[number];
const toStaffMember = (row: StaffRow): StaffMember => ({
  id: row.id,
  name: row.name,
  email: row.email,
  roleId: row.roleId,
  deactivatedAt: row.deactivatedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

type InvitationRow = Awaited<ReturnType<typeof repository.insertInvitation>>;

/** Why a link no longer works, or null while it does. */
function invitationGone(invitation: InvitationRow, now: Date): string | null {
  if (invitation.acceptedAt) return STAFF_MESSAGES.invitationAccepted;
  if (invitation.revokedAt) return STAFF_MESSAGES.invitationRevoked;
  if (invitation.expiresAt <= now) return STAFF_MESSAGES.invitationExpired;
  return null;
}

const utcTime = (date: Date) => date.toISOString().slice(11, 16);

/**
 * Issue 32 point 2: the owner's staff — invitations by e-mail, roles, deactivation. Every change
 * and its audit entry (and the invitation's mail) are written in one transaction.
 */
export function createAccessService(deps: {
  db: Database;
  users: UsersService;
  outbox: MailOutbox;
  publicUrl: string;
  shopName: string;
  now?: () => Date;
}) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  /** A staff account to change: members are not staff (404), the owner's role is fixed (409). */
  async function lockChangeable(tx: DbOrTx, userId: number) {
    const member = await repository.lockStaffMember(tx, userId);
    if (!member || member.roleId === ROLE.MEMBER)
      throw new NotFoundError(STAFF_MESSAGES.staffNotFound);
    return member;
  }

  /** The invitation of a link that still works: 404 for an unknown link, 410 for a spent one. */
  async function usableInvitation(token: string) {
    const invitation = await repository.findInvitationByTokenHash(db, hashToken(token), {
      lock: false,
    });
    if (!invitation) throw new NotFoundError(STAFF_MESSAGES.invitationNotFound);
    const gone = invitationGone(invitation, now());
    if (gone) throw new InvitationGoneError(gone);
    return invitation;
  }

  return {
    async list(): Promise<StaffListResponse> {
      const at = now();
      const [staff, invitations] = await Promise.all([
        repository.listStaff(db),
        repository.listOpenInvitations(db),
      ]);
      return {
        staff: staff.map(toStaffMember),
        invitations: invitations.map((row): StaffInvitation => ({
          id: row.id,
          name: row.name,
          email: row.email,
          roleId: row.roleId,
          invitedByName: row.invitedByName,
          createdAt: row.createdAt.toISOString(),
          expiresAt: row.expiresAt.toISOString(),
          expired: row.expiresAt <= at,
        })),
      };
    },

    /** Creates the invitation (replacing an open one of the same e-mail) and queues its mail. */
    async invite(input: StaffInviteInput, actorUserId: number): Promise<StaffInvitation> {
      const at = now();
      const email = input.email.toLowerCase();
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(at.getTime() + STAFF_INVITATION_HOURS * HOUR_MS);
      return db.transaction(async (tx) => {
        const account = await repository.findAccountByEmail(tx, email);
        if (account && account.roleId !== ROLE.MEMBER)
          throw new ConflictError(STAFF_MESSAGES.emailIsStaff);
        const replaced = await repository.revokeOpenInvitationsOf(tx, email, at);
        const invitation = await repository.insertInvitation(tx, {
          name: input.name,
          email,
          roleId: input.roleId,
          tokenHash: hashToken(token),
          invitedByUserId: actorUserId,
          expiresAt,
        });
        const inviter = (await repository.findUserName(tx, actorUserId)) ?? 'The owner';
        const role = roleLabel(input.roleId).toLowerCase();
        await deps.outbox.enqueue(tx, 'staff.invitation', {
          to: email,
          subject: `${inviter} invited you to work at ${deps.shopName}`,
          text: [
            `Hello ${input.name},`,
            '',
            `${inviter} invited you to join ${deps.shopName} as ${role === 'support' ? 'support staff' : `a ${role}`}.`,
            'Open this link to choose your password and sign in:',
            `${deps.publicUrl}/accept-invitation?token=${token}`,
            '',
            `The link works once and expires in ${STAFF_INVITATION_HOURS} hours, on ${formatLongDate(expiresAt)} at ${utcTime(expiresAt)} UTC.`,
            `If you did not expect this invitation, ignore this e-mail: nothing happens without the link.`,
          ].join('\n'),
        });
        await recordAudit(tx, {
          actorUserId,
          action: 'staff.invited',
          entityType: 'staff_invitation',
          entityId: invitation.id,
          details: { email, roleId: input.roleId, replacedInvitationIds: replaced },
        });
        return {
          id: invitation.id,
          name: invitation.name,
          email: invitation.email,
          roleId: invitation.roleId,
          invitedByName: inviter,
          createdAt: invitation.createdAt.toISOString(),
          expiresAt: invitation.expiresAt.toISOString(),
          expired: false,
        };
      });
    },

    /** Revoking twice is harmless; an accepted invitation cannot be revoked (409). */
    async revoke(id: number, actorUserId: number): Promise<{ message: string }> {
      await db.transaction(async (tx) => {
        const invitation = await repository.lockInvitation(tx, id);
        if (!invitation) throw new NotFoundError(STAFF_MESSAGES.invitationNotFound);
        if (invitation.acceptedAt)
          throw new ConflictError(STAFF_MESSAGES.invitationAlreadyAccepted);
        if (invitation.revokedAt) return;
        await repository.markRevoked(tx, id, now());
        await recordAudit(tx, {
          actorUserId,
          action: 'staff.invitation_revoked',
          entityType: 'staff_invitation',
          entityId: id,
          details: { email: invitation.email, roleId: invitation.roleId },
        });
      });
      return { message: STAFF_MESSAGES.invitationRevokedDone };
    },

    /** What the accept page shows: 404 for an unknown link, 410 for a used, revoked or old one. */
    async preview(token: string): Promise<InvitationPreview> {
      const invitation = await usableInvitation(token);
      return {
        name: invitation.name,
        email: invitation.email,
        roleId: invitation.roleId,
        roleLabel: roleLabel(invitation.roleId),
        invitedByName: invitation.invitedByUserId
          ? await repository.findUserName(db, invitation.invitedByUserId)
          : null,
        expiresAt: invitation.expiresAt.toISOString(),
      };
    },

    /**
     * Accepts an invitation and signs the person in. The invitation's row is locked: a second
     * click or tab waits, then finds it accepted (410) and changes nothing. A member account with
     * the e-mail becomes the member of staff (decision: one person, one account — their orders
     * stay theirs): it gets the role and the new password, and its older sessions end.
     */
    async accept(input: AcceptInvitationInput): Promise<AuthResponse> {
      // An unknown or spent link is answered before the (deliberately slow) hashing, so a
      // stream of made-up tokens costs the server no more than a look-up each.
      await usableInvitation(input.token);
      const passwordHash = await hashPassword(input.password);
      const user = await db.transaction(async (tx) => {
        const at = now();
        const invitation = await repository.findInvitationByTokenHash(tx, hashToken(input.token), {
          lock: true,
        });
        if (!invitation) throw new NotFoundError(STAFF_MESSAGES.invitationNotFound);
        const gone = invitationGone(invitation, at);
        if (gone) throw new InvitationGoneError(gone);
        const existing = await repository.lockAccountByEmail(tx, invitation.email);
        if (existing && existing.roleId !== ROLE.MEMBER)
          throw new ConflictError(STAFF_MESSAGES.emailIsStaff);
        const account = existing
          ? await repository.promoteAccount(tx, existing.id, {
              roleId: invitation.roleId,
              passwordHash,
              name: input.name,
            })
          : await repository.insertStaffAccount(tx, {
              name: input.name ?? invitation.name,
              email: invitation.email,
              roleId: invitation.roleId,
              passwordHash,
            });
        await repository.markAccepted(tx, invitation.id, account.id, at);
        await recordAudit(tx, {
          actorUserId: account.id,
          action: 'staff.invitation_accepted',
          entityType: 'user',
          entityId: account.id,
          details: {
            invitationId: invitation.id,
            roleId: { from: existing?.roleId ?? null, to: invitation.roleId },
            accountCreated: !existing,
          },
        });
        return account;
      });
      return {
        token: await deps.users.issueToken(user),
        user: {
          id: user.id,
          name: user.name,
          email: user.email,
          phoneNumber: user.phoneNumber,
          roleId: user.roleId,
          providerName: user.providerName,
          pharmacistRegistrationNumber: user.pharmacistRegistrationNumber,
        },
      };
    },

    /** A staff role for a member of staff; their older tokens stop working (users.changeRole). */
    async changeRole(userId: number, roleId: number, actorUserId: number): Promise<StaffMember> {
      return db.transaction(async (tx) => {
        const member = await lockChangeable(tx, userId);
        if (member.roleId === ROLE.ADMIN) throw new ConflictError(STAFF_MESSAGES.ownerRoleFixed);
        await changeRole(tx, userId, roleId, { actorUserId, via: 'staff page' });
        return toStaffMember({ ...member, roleId });
      });
    },

    /** Deactivating ends every session at its next request; again is harmless. */
    async setActive(userId: number, active: boolean, actorUserId: number): Promise<StaffMember> {
      return db.transaction(async (tx) => {
        const member = await lockChangeable(tx, userId);
        if (!active && member.id === actorUserId)
          throw new ConflictError(STAFF_MESSAGES.cannotDeactivateSelf);
        if (!active && member.roleId === ROLE.ADMIN)
          throw new ConflictError(STAFF_MESSAGES.cannotDeactivateOwner);
        if ((member.deactivatedAt === null) === active) return toStaffMember(member);
        const deactivatedAt = active ? null : now();
        await repository.setDeactivatedAt(tx, userId, deactivatedAt);
        await recordAudit(tx, {
          actorUserId,
          action: active ? 'staff.reactivated' : 'staff.deactivated',
          entityType: 'user',
          entityId: userId,
          details: { roleId: member.roleId },
        });
        return toStaffMember({ ...member, deactivatedAt });
      });
    },
  };
}

export type AccessService = ReturnType<typeof createAccessService>;
