import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { MESSAGES } from '@pharmacy/shared';
import { Button, buttonClasses } from '../../../components/ui/button';
import { buildUrl } from '../../../lib/api-client';
import { shopSettingsQueryOptions } from '../../../lib/shop-settings';
import { notify } from '../../../lib/toast';

const GOOGLE_NOT_SET_UP = 'Google sign-in is not set up on this shop.';

function GoogleMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 shrink-0">
      <path
        fill="#4285F4"
        d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.4h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.7z"
      />
      <path
        fill="#34A853"
        d="M12 24c3.2 0 6-1.1 8-2.9l-3.9-3c-1.1.7-2.5 1.2-4.1 1.2-3.1 0-5.8-2.1-6.7-5H1.3v3.1A12 12 0 0 0 12 24z"
      />
      <path fill="#FBBC05" d="M5.3 14.3a7.2 7.2 0 0 1 0-4.6V6.6h-4a12 12 0 0 0 0 10.8l4-3.1z" />
      <path
        fill="#EA4335"
        d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.6l4 3.1c.9-2.8 3.6-4.9 6.7-4.9z"
      />
    </svg>
  );
}

function FacebookMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5 shrink-0">
      <circle cx="12" cy="12" r="12" fill="#1877F2" />
      <path
        fill="#fff"
        d="M15.1 15.5l.5-3.5h-3.3V9.8c0-1 .5-1.9 2-1.9h1.5v-3s-1.4-.2-2.7-.2c-2.8 0-4.6 1.7-4.6 4.7V12H5.4v3.5h3.1V24a12 12 0 0 0 3.8 0v-8.5h2.8z"
      />
    </svg>
  );
}

/**
 * Spec §2 login form: 'Login with Google' is a full-page link to the OpenID Connect flow; without
 * Google configured it is disabled and says why (DECISIONS). 'Login with Facebook' only tells
 * that it is not implemented yet.
 */
export function SocialSignIn() {
  const hintId = useId();
  // Until the settings answer, offer the link: the server explains on /login if it is not set up.
  const { data: settings } = useQuery(shopSettingsQueryOptions);
  const googleEnabled = settings?.googleSignInEnabled ?? true;
  const socialButton = buttonClasses('secondary', 'lg', 'w-full border-slate-300 text-slate-800');

  return (
    <div className="flex flex-col gap-3">
      {googleEnabled ? (
        <a href={buildUrl('/auth/google')} className={socialButton}>
          <GoogleMark />
          Login with Google
        </a>
      ) : (
        <div className="flex flex-col gap-1">
          {/* aria-disabled keeps it focusable, so keyboard users hear why it does nothing. */}
          <button
            type="button"
            aria-disabled="true"
            aria-describedby={hintId}
            title={GOOGLE_NOT_SET_UP}
            className={buttonClasses(
              'secondary',
              'lg',
              'w-full cursor-not-allowed border-slate-300 bg-slate-50 text-slate-600 hover:bg-slate-50 [&_svg]:grayscale',
            )}
          >
            <GoogleMark />
            Login with Google
          </button>
          <p id={hintId} className="text-center text-xs text-slate-600">
            {GOOGLE_NOT_SET_UP}
          </p>
        </div>
      )}
      <Button
        variant="secondary"
        size="lg"
        className="w-full border-slate-300 text-slate-800"
        icon={<FacebookMark />}
        onClick={() => notify.error(MESSAGES.facebookNotImplemented)}
      >
        Login with Facebook
      </Button>
    </div>
  );
}
