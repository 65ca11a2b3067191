import { SiteLayout } from '../../components/layouts/site-layout';
import { HydrateLater } from '../../components/ui/hydrate-later';
import { SiteFooter } from '../../features/site/components/site-footer';
import { SiteHeader } from '../components/site-header';
import { HeadSync } from '../seo/head-sync';

/** The root route: every page inside the header and footer. */
export function RootRoute() {
  return (
    <>
      <HeadSync />
      <SiteLayout
        header={<SiteHeader />}
        footer={
          // Below the fold on every page: hydrated after the page itself (TBT, issue 30).
          <HydrateLater id="site-footer">
            <SiteFooter />
          </HydrateLater>
        }
      />
    </>
  );
}
