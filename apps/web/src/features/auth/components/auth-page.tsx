import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { DocumentTitle } from '../../../components/ui/document-title';
import { paths } from '../../../config/paths';
import { startSession } from '../../../lib/auth';
import { useSession } from '../../../lib/auth-session';
import { readRedirectTo } from '../../../lib/redirect-state';
import { AuthCard } from './auth-card';
import { LoginForm } from './login-form';
import { SignupForm } from './signup-form';
import { SocialSignIn } from './social-sign-in';

const linkClass = 'font-semibold text-brand-700 underline-offset-4 hover:underline';

/**
 * Spec §2 /login and /auth: `type=signup` shows sign-up, anything else login; a `token` in the
 * query (the Google sign-in return) becomes the session and `oauthError` is shown. A signed-in
 * user goes to / — or to the `redirectTo` of the location state (spec §2: the cart sends a guest
 * here and wants them back), which is also where a successful login or sign-up lands.
 */
export function AuthPage() {
  const [params] = useSearchParams();
  const { state } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { token } = useSession();
  const incomingToken = params.get('token');
  const oauthError = params.get('oauthError');
  const isSignup = params.get('type') === 'signup';
  const redirectTo = readRedirectTo(state) ?? paths.home.getHref();

  useEffect(() => {
    if (!incomingToken) return;
    startSession(queryClient, incomingToken);
    navigate(paths.home.getHref(), { replace: true });
  }, [incomingToken, navigate, queryClient]);

  if (incomingToken) return null;
  if (token) return <Navigate to={redirectTo} replace />;

  if (isSignup) {
    return (
      <AuthCard
        title="Sign Up"
        description="Create an account to order medicines and follow your orders."
        footer={
          <Link className={linkClass} to={paths.login.getHref('login')} state={state}>
            Back to login
          </Link>
        }
      >
        <DocumentTitle title="Sign Up" />
        <SignupForm />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Login"
      description="Sign in to see your cart, orders and saved addresses."
      footer={
        <>
          <Link className={linkClass} to={paths.login.getHref('signup')} state={state}>
            Create an account
          </Link>
          <Link className={linkClass} to={paths.forgotPassword.getHref()}>
            Forgot Password?
          </Link>
        </>
      }
    >
      <DocumentTitle title="Login" />
      <LoginForm notice={oauthError} />
      <div className="flex items-center gap-3 text-xs font-medium text-slate-600 uppercase">
        <span aria-hidden="true" className="h-px flex-1 bg-slate-200" />
        or
        <span aria-hidden="true" className="h-px flex-1 bg-slate-200" />
      </div>
      <SocialSignIn />
    </AuthCard>
  );
}
