import { z } from 'zod';
import { registrationNumberSchema } from './dispensing';
import { LIMITS } from '../constants/limits';
import { MESSAGES } from '../constants/messages';
import { EMAIL_PATTERN } from './common';

const password = (requiredMessage: string, minMessage: string) =>
  z
    .string({ error: requiredMessage })
    .min(1, requiredMessage)
    .min(LIMITS.passwordMinLength, minMessage)
    .max(128, 'Password must be at most 128 characters.');

/** The sign-up password rule, for other forms that set a first password (issue 32 invitations). */
export const newAccountPasswordSchema = password(MESSAGES.passwordRequired, MESSAGES.passwordMin);

/** Spec §5 login rule. */
export const loginSchema = z.object({
  email: z
    .string({ error: MESSAGES.emailRequired })
    .trim()
    .min(1, MESSAGES.emailRequired)
    .regex(EMAIL_PATTERN, MESSAGES.emailInvalid),
  password: password(MESSAGES.passwordRequired, MESSAGES.passwordMin),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const signupPhoneSchema = z
  .string({ error: MESSAGES.phoneRequired })
  .trim()
  .min(1, MESSAGES.phoneRequired)
  .regex(/^\d{10,15}$/, MESSAGES.signupPhoneInvalid);

/** Spec §5 sign-up rule (submit messages; the form shows the typing variant for confirm). */
export const signupSchema = z
  .object({
    name: z.string({ error: MESSAGES.nameRequired }).trim().min(1, MESSAGES.nameRequired).max(120),
    email: z
      .string({ error: MESSAGES.emailRequired })
      .trim()
      .min(1, MESSAGES.emailRequired)
      .max(254, MESSAGES.emailNotValid)
      .regex(EMAIL_PATTERN, MESSAGES.emailNotValid),
    phoneNumber: signupPhoneSchema,
    password: password(MESSAGES.passwordRequired, MESSAGES.passwordMin),
    confirmPassword: z
      .string({ error: MESSAGES.confirmPasswordRequired })
      .min(1, MESSAGES.confirmPasswordRequired),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: MESSAGES.passwordsMismatch,
  });
export type SignupInput = z.infer<typeof signupSchema>;

/** Spec §5 profile rule. */
export const profileUpdateSchema = z.object({
  name: z.string({ error: MESSAGES.nameRequired }).trim().min(1, MESSAGES.nameRequired).max(120),
  email: z
    .string({ error: MESSAGES.profileEmailInvalid })
    .trim()
    .max(254, MESSAGES.profileEmailInvalid)
    .regex(EMAIL_PATTERN, MESSAGES.profileEmailInvalid),
  phoneNumber: z
    .string({ error: MESSAGES.phoneRequired })
    .trim()
    .min(1, MESSAGES.phoneRequired)
    .regex(/^[0-9\-+() ]{7,15}$/, MESSAGES.profilePhoneInvalid),
  /**
   * Admins only (issue 16): a pharmacist's registration number lets them decide on
   * prescriptions. Empty clears it; absent leaves it as it is.
   */
  pharmacistRegistrationNumber: z
    .union([z.literal(''), z.null(), registrationNumberSchema('pharmacist registration number')])
    .optional()
    .transform((v) => (v === '' ? null : v)),
});
export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;

/** Spec §5 change-password rule. */
export const changePasswordSchema = z
  .object({
    oldPassword: password(MESSAGES.oldPasswordRequired, MESSAGES.oldPasswordMin),
    newPassword: password(MESSAGES.newPasswordRequired, MESSAGES.newPasswordMin),
    confirmPassword: z
      .string({ error: MESSAGES.confirmNewPassword })
      .min(1, MESSAGES.confirmNewPassword),
  })
  .refine((v) => v.newPassword !== v.oldPassword, {
    path: ['newPassword'],
    message: MESSAGES.newPasswordSame,
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: MESSAGES.passwordsMismatch,
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const roleIdSchema = z.number().int();

export const profileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  roleId: roleIdSchema,
  providerName: z.string().nullable(),
  pharmacistRegistrationNumber: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

/** Login, sign-up and Google sign-in answer a session token and the profile (spec §4 Session). */
export const authResponseSchema = z.object({ token: z.string(), user: profileSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const changePasswordResponseSchema = z.object({
  message: z.string(),
  /** A fresh token: the change signs out every other session, not this one. */
  token: z.string(),
});

export const forgotPasswordSchema = z.object({
  email: z
    .string({ error: MESSAGES.emailRequired })
    .trim()
    .min(1, MESSAGES.emailRequired)
    .regex(EMAIL_PATTERN, MESSAGES.emailInvalid),
});
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/** Reset uses the change-password rules for the new password (issue 3). */
export const resetPasswordSchema = z
  .object({
    token: z
      .string({ error: 'The reset link is not valid.' })
      .min(1, 'The reset link is not valid.')
      .max(200),
    newPassword: password(MESSAGES.newPasswordRequired, MESSAGES.newPasswordMin),
    confirmPassword: z
      .string({ error: MESSAGES.confirmNewPassword })
      .min(1, MESSAGES.confirmNewPassword),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: MESSAGES.passwordsMismatch,
  });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;
