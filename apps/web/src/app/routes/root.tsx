import { SiteLayout } from '../../components/layouts/site-layout';
import { SiteFooter } from '../../features/site/components/site-footer';
import { SiteHeader } from '../components/site-header';

/** The root route: every page inside the header and footer. */
export function RootRoute() {
  return <SiteLayout header={<SiteHeader />} footer={<SiteFooter />} />;
}
