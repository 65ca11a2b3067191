import { LogIn } from 'lucide-react';
import { useLocation } from 'react-router';
import { ButtonLink } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';

/** Orders are private: a signed-out visitor is asked to sign in and brought back (redirectTo). */
export function OrderSignInPrompt({ title }: { title: string }) {
  const location = useLocation();
  return (
    <>
      <PageHeader title={title} />
      <EmptyState
        icon={<LogIn className="size-8" />}
        title="Please sign in to see your orders."
        action={
          <ButtonLink
            to={paths.login.getHref('login')}
            state={{ redirectTo: `${location.pathname}${location.search}` }}
          >
            Login
          </ButtonLink>
        }
      />
    </>
  );
}

export function OrderAuthLoading() {
  return (
    <LoadingRegion label="Loading your account" className="flex flex-col gap-4">
      <Skeleton className="h-9 w-56" />
      <Skeleton className="h-48 w-full" />
    </LoadingRegion>
  );
}
