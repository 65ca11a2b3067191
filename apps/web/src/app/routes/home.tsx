import { Container } from '../../components/layouts/container';
import { DocumentTitle } from '../../components/ui/document-title';
import { HydrateLater } from '../../components/ui/hydrate-later';
import { ServerHtml } from '../../components/ui/server-html';
import { HomeSearchForm } from '../../features/catalog/components/home-search-form';
import { PopularCategories } from '../../features/catalog/components/popular-categories';
import { TopSellingProducts } from '../../features/catalog/components/top-selling-products';
import { HomeCounters } from '../../features/site/components/home-counters';
import { HowItWorks } from '../../features/site/components/how-it-works';
import { WhyChooseUs } from '../../features/site/components/why-choose-us';
import { ProductCartAction } from '../components/product-cart-action';

/** Spec §1 home page. */
export function HomeRoute() {
  return (
    <>
      <DocumentTitle />
      {/* The hero, then the rest: each hydrated in a task of its own (issue 30, TBT). */}
      <HydrateLater id="home-hero">
        <section className="bg-gradient-to-br from-brand-700 to-brand-900 text-white">
          <Container className="flex flex-col items-start gap-6 py-12 sm:py-20">
            <div className="flex max-w-2xl flex-col gap-3">
              <h1 className="text-3xl font-bold sm:text-4xl">Your Online Pharmacy</h1>
              <p className="text-xl text-brand-50">
                Order authentic medicines and health products with ease
              </p>
            </div>
            <HomeSearchForm />
          </Container>
        </section>
      </HydrateLater>
      <HydrateLater id="home-sections">
        <Container className="flex flex-col gap-14 py-12">
          {/* Below the hero: hydrated after it, each in a task of its own (issue 30, TBT). */}
          <HydrateLater id="home-categories">
            <PopularCategories />
          </HydrateLater>
          <TopSellingProducts renderAction={(product) => <ProductCartAction product={product} />} />
          {/* Static text: kept as the server's HTML rather than hydrated (issue 30, TBT). */}
          <ServerHtml id="home-about" className="flex flex-col gap-14">
            <HowItWorks />
            <WhyChooseUs />
          </ServerHtml>
          <HydrateLater id="home-counters">
            <HomeCounters />
          </HydrateLater>
        </Container>
      </HydrateLater>
    </>
  );
}
