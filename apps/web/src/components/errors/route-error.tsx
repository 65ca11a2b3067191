import { RefreshCw } from 'lucide-react';
import { MESSAGES } from '@pharmacy/shared';
import { Container } from '../layouts/container';
import { Button } from '../ui/button';

/** Shown by AppErrorBoundary: a page that failed to load (often a stale chunk after a deploy). */
export function RouteError() {
  return (
    <Container className="flex flex-col items-center gap-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{MESSAGES.somethingWentWrong}</h1>
      <p className="max-w-md text-slate-700">
        This page could not be shown. Reloading usually fixes it.
      </p>
      <Button
        onClick={() => window.location.reload()}
        icon={<RefreshCw aria-hidden="true" className="size-4" />}
      >
        Reload the page
      </Button>
    </Container>
  );
}
