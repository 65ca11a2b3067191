import { LogIn } from 'lucide-react';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { PRIVACY_TEXTS, REFILL_TEXTS } from '@pharmacy/shared';
import { Container } from '../../components/layouts/container';
import { ButtonLink } from '../../components/ui/button';
import { DocumentTitle } from '../../components/ui/document-title';
import { EmptyState } from '../../components/ui/empty-state';
import { PageHeader } from '../../components/ui/page-header';
import { LoadingRegion, Skeleton } from '../../components/ui/skeleton';
import { paths } from '../../config/paths';
import { openCartDrawer } from '../../features/cart/hooks/use-cart-drawer';
import { RefillToCart } from '../../features/refills/components/refill-to-cart';
import { UnsubscribeConsent } from '../../features/privacy/components/unsubscribe-consent';
import { consentKindOfToken } from '../../features/privacy/lib/mail-link-kind';
import { UnsubscribeRefill } from '../../features/refills/components/unsubscribe-refill';
import { useAuth } from '../../lib/auth';
import type { RedirectState } from '../../lib/redirect-state';

/** A signed-out visitor is asked to sign in and brought back here (spec §2 redirectTo). */
function SignInFirst() {
  const { pathname, search } = useLocation();
  return (
    <>
      <PageHeader title={REFILL_TEXTS.refillPageTitle} />
      <EmptyState
        icon={<LogIn className="size-8" />}
        title={REFILL_TEXTS.signInToRefill}
        action={
          <ButtonLink
            to={paths.login.getHref('login')}
            state={{ redirectTo: `${pathname}${search}` } satisfies RedirectState}
          >
            Login
          </ButtonLink>
        }
      />
    </>
  );
}

/** Issue 17 /refill/{id}: the reminder mail's one-click link; the refill goes into the cart. */
export function RefillRoute() {
  const { status } = useAuth();
  const value = useParams().id ?? '';
  const reminderId = /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;
  let body;
  if (status === 'anonymous') body = <SignInFirst />;
  else if (status === 'loading')
    body = (
      <LoadingRegion label="Loading your account" className="flex flex-col gap-4">
        <Skeleton className="h-9 w-56" />
        <Skeleton className="h-32 w-full" />
      </LoadingRegion>
    );
  else body = <RefillToCart key={reminderId} reminderId={reminderId} onOpenCart={openCartDrawer} />;
  return (
    <Container className="py-8">
      <DocumentTitle title={REFILL_TEXTS.refillPageTitle} />
      {body}
    </Container>
  );
}

/** Issue 17 /unsubscribe?token=…: stop a refill reminder's mails without signing in. */
export function UnsubscribeRoute() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  // Issue 32: a marketing mail's link (a consent's token) gets the consent's page.
  const kind = consentKindOfToken(token);
  return (
    <Container className="py-10">
      <DocumentTitle
        title={kind ? PRIVACY_TEXTS.unsubscribeTitle : REFILL_TEXTS.unsubscribeTitle}
      />
      {kind ? (
        <UnsubscribeConsent token={token} kind={kind} />
      ) : (
        <UnsubscribeRefill token={token} />
      )}
    </Container>
  );
}
