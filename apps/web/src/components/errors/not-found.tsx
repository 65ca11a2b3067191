import { Home, SearchX } from 'lucide-react';
import { MESSAGES } from '@pharmacy/shared';
import { paths } from '../../config/paths';
import { Container } from '../layouts/container';
import { ButtonLink } from '../ui/button';
import { DocumentTitle } from '../ui/document-title';

/** Spec §2: /404, unknown paths and unknown paths under /dashboard. */
export function NotFound() {
  return (
    <Container className="flex flex-col items-center gap-4 py-16 text-center">
      <DocumentTitle title="Page not found" />
      <SearchX aria-hidden="true" className="size-12 text-brand-700" />
      <h1 className="text-3xl font-bold text-slate-900">Page not found</h1>
      <p className="max-w-md text-base text-slate-700">{MESSAGES.pageNotFound}</p>
      <ButtonLink to={paths.home.getHref()} icon={<Home aria-hidden="true" className="size-4" />}>
        Go to the home page
      </ButtonLink>
    </Container>
  );
}
