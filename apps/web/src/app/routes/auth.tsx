import { AuthPage } from '../../features/auth/components/auth-page';
import {
  ForgotPasswordPage,
  ResetPasswordPage,
} from '../../features/auth/components/password-pages';

/** Spec §2 /login and its alias /auth (DECISIONS). */
export function AuthRoute() {
  return <AuthPage />;
}

export function ForgotPasswordRoute() {
  return <ForgotPasswordPage />;
}

export function ResetPasswordRoute() {
  return <ResetPasswordPage />;
}
