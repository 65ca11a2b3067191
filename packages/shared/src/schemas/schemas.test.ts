import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { MESSAGES } from '../constants/messages';
import { addressInputSchema } from './address';
import { changePasswordSchema, loginSchema, profileUpdateSchema, signupSchema } from './auth';
import { contactSchema, newsletterSchema } from './site';

function firstError(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('validation messages of spec §5', () => {
  it.each([
    [{ email: '', password: 'secret1' }, MESSAGES.emailRequired],
    [{ email: 'nope', password: 'secret1' }, MESSAGES.emailInvalid],
    [{ email: 'a@b.co', password: '' }, MESSAGES.passwordRequired],
    [{ email: 'a@b.co', password: '12345' }, MESSAGES.passwordMin],
    [{ email: 'a@b.co', password: '123456' }, undefined],
  ])('login %j → %s', (value, message) => {
    expect(firstError(loginSchema, value)).toBe(message);
  });

  const signup = {
    name: 'Asha',
    email: 'asha@example.com',
    phoneNumber: '9876543210',
    password: 'secret1',
    confirmPassword: 'secret1',
  };
  it.each([
    [{ ...signup, name: ' ' }, MESSAGES.nameRequired],
    [{ ...signup, email: 'x@' }, MESSAGES.emailNotValid],
    [{ ...signup, phoneNumber: '' }, MESSAGES.phoneRequired],
    [{ ...signup, phoneNumber: '98765' }, MESSAGES.signupPhoneInvalid],
    [{ ...signup, phoneNumber: '98765-43210' }, MESSAGES.signupPhoneInvalid],
    [{ ...signup, phoneNumber: '1234567890123456' }, MESSAGES.signupPhoneInvalid],
    [{ ...signup, confirmPassword: '' }, MESSAGES.confirmPasswordRequired],
    [{ ...signup, confirmPassword: 'other12' }, MESSAGES.passwordsMismatch],
    [signup, undefined],
  ])('signup %j → %s', (value, message) => {
    expect(firstError(signupSchema, value)).toBe(message);
  });

  it.each([
    [{ name: 'A', email: 'a@b.co', phoneNumber: '+91 (80) 4000' }, undefined],
    [{ name: 'A', email: 'a@b.co', phoneNumber: '12345' }, MESSAGES.profilePhoneInvalid],
    [{ name: 'A', email: 'a@b.co', phoneNumber: '12345abc' }, MESSAGES.profilePhoneInvalid],
    [{ name: 'A', email: 'ab.co', phoneNumber: '1234567' }, MESSAGES.profileEmailInvalid],
    [{ name: '', email: 'a@b.co', phoneNumber: '1234567' }, MESSAGES.nameRequired],
  ])('profile %j → %s', (value, message) => {
    expect(firstError(profileUpdateSchema, value)).toBe(message);
  });

  it.each([
    [
      { oldPassword: '', newPassword: 'secret2', confirmPassword: 'secret2' },
      MESSAGES.oldPasswordRequired,
    ],
    [
      { oldPassword: 'abc', newPassword: 'secret2', confirmPassword: 'secret2' },
      MESSAGES.oldPasswordMin,
    ],
    [
      { oldPassword: 'secret1', newPassword: 'abc', confirmPassword: 'abc' },
      MESSAGES.newPasswordMin,
    ],
    [
      { oldPassword: 'secret1', newPassword: 'secret1', confirmPassword: 'secret1' },
      MESSAGES.newPasswordSame,
    ],
    [
      { oldPassword: 'secret1', newPassword: 'secret2', confirmPassword: '' },
      MESSAGES.confirmNewPassword,
    ],
    [
      { oldPassword: 'secret1', newPassword: 'secret2', confirmPassword: 'secret3' },
      MESSAGES.passwordsMismatch,
    ],
  ])('change password %j → %s', (value, message) => {
    expect(firstError(changePasswordSchema, value)).toBe(message);
  });

  it.each([
    [{ email: '' }, MESSAGES.emailRequired],
    [{ email: 'a b@c.de' }, MESSAGES.newsletterEmailInvalid],
    [{ email: 'a@b' }, MESSAGES.newsletterEmailInvalid],
    [{ email: 'a@b.co' }, undefined],
  ])('newsletter %j → %s', (value, message) => {
    expect(firstError(newsletterSchema, value)).toBe(message);
  });

  it.each([
    [{ name: '', email: 'a@b.co', message: 'x' }, MESSAGES.nameRequired],
    [{ name: 'A', email: '', message: 'x' }, MESSAGES.emailRequired],
    [{ name: 'A', email: 'nope', message: 'x' }, MESSAGES.contactEmailInvalid],
    [{ name: 'A', email: 'a@b.co', message: '  ' }, MESSAGES.messageRequired],
  ])('contact %j → %s', (value, message) => {
    expect(firstError(contactSchema, value)).toBe(message);
  });

  const address = {
    name: 'Asha',
    phone: '9876543210',
    street: '12 MG Road',
    city: 'Pune',
    state: 'Maharashtra',
    pinCode: '411001',
  };
  it.each([
    ['name', 'Name is required'],
    ['phone', 'Phone is required'],
    ['street', 'Street is required'],
    ['city', 'City is required'],
    ['state', 'State is required'],
    ['pinCode', 'Pin Code is required'],
  ])('address without %s → %s', (field, message) => {
    expect(firstError(addressInputSchema, { ...address, [field]: '' })).toBe(message);
  });

  it('fixes the country to India', () => {
    expect(addressInputSchema.parse(address).country).toBe('India');
    expect(firstError(addressInputSchema, { ...address, country: 'Nepal' })).toBe(
      'Country must be India',
    );
  });
});
