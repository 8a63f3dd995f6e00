import { z } from 'zod';
import {
  MAX_EMAIL_LENGTH,
  MAX_NAME_LENGTH,
  MAX_PASSWORD_LENGTH,
  NAME_MIN_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '../domain/limits.js';

// The spec's messages (core-experience §5), used by the server and by the browser's forms.
export const authMessages = {
  invalidEmail: 'Invalid email address',
  passwordMin: 'Password must be at least 8 characters',
  nameMin: 'Name must be at least 2 characters',
  passwordsDontMatch: "Passwords don't match",
} as const;

/** An account's email, as sign-up, sign-in and the admin's user forms take it. */
export const accountEmail = z
  .string({ error: authMessages.invalidEmail })
  .trim()
  .max(MAX_EMAIL_LENGTH, authMessages.invalidEmail)
  .pipe(z.email({ error: authMessages.invalidEmail }));
const password = z
  .string({ error: authMessages.passwordMin })
  .min(PASSWORD_MIN_LENGTH, authMessages.passwordMin)
  .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters`);

export const loginRequest = z.object({ email: accountEmail, password });
export type LoginRequest = z.infer<typeof loginRequest>;

export const registerRequest = z
  .object({
    name: z
      .string({ error: authMessages.nameMin })
      .trim()
      .min(NAME_MIN_LENGTH, authMessages.nameMin)
      .max(MAX_NAME_LENGTH, `Name must be at most ${MAX_NAME_LENGTH} characters`),
    email: accountEmail,
    password,
    passwordConfirm: z.string({ error: authMessages.passwordsDontMatch }).max(MAX_PASSWORD_LENGTH),
  })
  .refine((v) => v.password === v.passwordConfirm, {
    message: authMessages.passwordsDontMatch,
    path: ['passwordConfirm'],
  });
export type RegisterRequest = z.infer<typeof registerRequest>;

/** `currentPassword` may be left out only by a fresh sign-in with a temporary password (issue 23 §4). */
export const changePasswordRequest = z
  .object({
    currentPassword: password.optional(),
    newPassword: password,
    confirmPassword: z.string().max(MAX_PASSWORD_LENGTH),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: authMessages.passwordsDontMatch,
    path: ['confirmPassword'],
  });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;

/** The form after a temporary password: only the new password, twice. */
export const chooseNewPasswordForm = z
  .object({ newPassword: password, confirmPassword: z.string().max(MAX_PASSWORD_LENGTH) })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: authMessages.passwordsDontMatch,
    path: ['confirmPassword'],
  });
export type ChooseNewPasswordForm = z.infer<typeof chooseNewPasswordForm>;

export const userResponse = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  credits: z.number(),
  role: z.enum(['user', 'admin']),
  isAdmin: z.boolean(),
  mustChangePassword: z.boolean(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userResponse>;

export const pageViewRequest = z.object({
  pageName: z.string().trim().min(1).max(200),
  pageUrl: z.string().trim().min(1).max(2000),
});
