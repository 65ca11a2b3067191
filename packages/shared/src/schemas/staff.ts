import { z } from 'zod';
import { MESSAGES } from '../constants/messages';
import { STAFF_ROLE_IDS, type RoleId } from '../constants/roles';
import { EMAIL_PATTERN } from './common';
import { newAccountPasswordSchema } from './auth';

/** Issue 32: how long an invitation's link can be used. */
export const STAFF_INVITATION_HOURS = 72;

/** The sentences of staff management, for the server's answers and the screens. */
export const STAFF_MESSAGES = {
  accountDeactivated: "This account has been deactivated. Please contact the pharmacy's owner.",
  emailIsStaff:
    'This e-mail address already belongs to a member of staff. Change their role on the Staff page instead.',
  roleNotStaff: 'Choose one of the staff roles: pharmacist, packer or support.',
  invitationNotFound: 'This invitation link is not valid. Please ask the owner for a new one.',
  invitationAccepted:
    'This invitation has already been used. Sign in with your e-mail and password.',
  invitationExpired: 'This invitation has expired. Please ask the owner to send a new one.',
  invitationRevoked: 'This invitation was withdrawn. Please ask the owner if you need a new one.',
  invitationAlreadyAccepted: 'This invitation has already been accepted, so it cannot be revoked.',
  invitationRevokedDone: 'The invitation was revoked. Its link no longer works.',
  staffNotFound: 'No member of staff was found.',
  ownerRoleFixed: "The owner's role cannot be changed here.",
  cannotDeactivateSelf: 'You cannot deactivate your own account.',
  cannotDeactivateOwner: "An owner's account cannot be deactivated.",
} as const;

/** A role the owner can give: pharmacist, packer or support (never owner or member). */
export const staffRoleIdSchema = z
  .number({ error: STAFF_MESSAGES.roleNotStaff })
  .int()
  .refine((roleId) => STAFF_ROLE_IDS.includes(roleId as RoleId), {
    message: STAFF_MESSAGES.roleNotStaff,
  });

export const staffInviteSchema = z.object({
  name: z.string({ error: MESSAGES.nameRequired }).trim().min(1, MESSAGES.nameRequired).max(120),
  email: z
    .string({ error: MESSAGES.emailRequired })
    .trim()
    .min(1, MESSAGES.emailRequired)
    .max(254, MESSAGES.emailNotValid)
    .regex(EMAIL_PATTERN, MESSAGES.emailNotValid),
  roleId: staffRoleIdSchema,
});
export type StaffInviteInput = z.infer<typeof staffInviteSchema>;

export const staffRoleChangeSchema = z.object({ roleId: staffRoleIdSchema });
export type StaffRoleChangeInput = z.infer<typeof staffRoleChangeSchema>;

/** A staff account (any role but member). Dates are ISO strings. */
export const staffMemberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  roleId: z.number().int(),
  deactivatedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

/** An invitation not yet accepted nor revoked; `expired` once its link no longer works. */
export const staffInvitationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  roleId: z.number().int(),
  invitedByName: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  expired: z.boolean(),
});
export type StaffInvitation = z.infer<typeof staffInvitationSchema>;

export const staffListResponseSchema = z.object({
  staff: z.array(staffMemberSchema),
  invitations: z.array(staffInvitationSchema),
});
export type StaffListResponse = z.infer<typeof staffListResponseSchema>;

export const staffUserIdParamsSchema = z.object({
  userId: z.coerce.number().int().positive(),
});

const invitationToken = z
  .string({ error: STAFF_MESSAGES.invitationNotFound })
  .trim()
  .min(1, STAFF_MESSAGES.invitationNotFound)
  .max(200, STAFF_MESSAGES.invitationNotFound);

export const invitationTokenParamsSchema = z.object({ token: invitationToken });

/** What the accept page shows before the person sets a password. */
export const invitationPreviewSchema = z.object({
  name: z.string(),
  email: z.string(),
  roleId: z.number().int(),
  roleLabel: z.string(),
  invitedByName: z.string().nullable(),
  expiresAt: z.string(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/** POST /api/staff/invitations/accept: the link's token and the first password (sign-up rules). */
export const acceptInvitationSchema = z.object({
  token: invitationToken,
  password: newAccountPasswordSchema,
  /** The name to use instead of the one the owner typed. */
  name: z.string().trim().min(1, MESSAGES.nameRequired).max(120).optional(),
});
export type AcceptInvitationInput = z.infer<typeof acceptInvitationSchema>;

/** The accept page's form: the password typed twice. */
export const acceptInvitationFormSchema = z
  .object({
    password: newAccountPasswordSchema,
    confirmPassword: z
      .string({ error: MESSAGES.confirmPasswordRequired })
      .min(1, MESSAGES.confirmPasswordRequired),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: MESSAGES.passwordsMismatch,
  });
export type AcceptInvitationFormInput = z.infer<typeof acceptInvitationFormSchema>;
