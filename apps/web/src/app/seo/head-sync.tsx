import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { absoluteUrl, DEFAULT_PREVIEW_IMAGE } from '../../features/seo/head-tags';
import { useShopSettings } from '../../lib/shop-settings';
import { isServerRenderedPage } from '../../lib/server-rendered';
import { headResolvers } from './head-resolvers';
import { resolvePageHead } from './page-heads';

/** Marks the elements this component owns, so a later page removes only those. */
const OWNED = 'data-page-head';

function setMeta(attribute: 'name' | 'property', key: string, content: string | undefined) {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (content === undefined) return element?.remove();
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.append(element);
  }
  element.content = content;
}

/**
 * After a navigation in the browser, the head the server would have written for the new page:
 * description, canonical link, robots, Open Graph, Twitter card and JSON-LD (issue 30), so a
 * share or a crawler that runs scripts never reads the previous page's. The title stays with
 * DocumentTitle. The first page keeps the server's head untouched.
 */
export function HeadSync() {
  const { pathname, search, key } = useLocation();
  const queryClient = useQueryClient();
  const shop = useShopSettings();

  useEffect(() => {
    if (isServerRenderedPage(key)) return;
    let frame = 0;
    const apply = () => {
      frame = 0;
      const origin = window.location.origin;
      const { head } = resolvePageHead({
        pathname,
        search,
        queryClient,
        shop,
        origin,
        extra: headResolvers,
      });
      const canonical = absoluteUrl(origin, head.canonicalPath);
      const image = absoluteUrl(origin, head.image ?? DEFAULT_PREVIEW_IMAGE);
      setMeta('name', 'description', head.description);
      setMeta('name', 'robots', head.noindex ? 'noindex, follow' : undefined);
      setMeta('property', 'og:type', head.type ?? 'website');
      setMeta('property', 'og:title', head.title);
      setMeta('property', 'og:description', head.description);
      setMeta('property', 'og:url', canonical);
      setMeta('property', 'og:image', image);
      setMeta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary');
      setMeta('name', 'twitter:title', head.title);
      setMeta('name', 'twitter:description', head.description);
      setMeta('name', 'twitter:image', image);
      let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
      if (!link) {
        link = document.createElement('link');
        link.rel = 'canonical';
        document.head.append(link);
      }
      link.href = canonical;
      for (const old of document.head.querySelectorAll('script[type="application/ld+json"]'))
        old.remove();
      for (const data of head.jsonLd ?? []) {
        const script = document.createElement('script');
        script.type = 'application/ld+json';
        script.setAttribute(OWNED, '');
        script.textContent = JSON.stringify(data);
        document.head.append(script);
      }
    };
    apply();
    // The page's data arrives after the navigation: follow the cache until the next one.
    const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && !frame) frame = requestAnimationFrame(apply);
    });
    return () => {
      unsubscribe();
      if (frame) cancelAnimationFrame(frame);
    };
  }, [pathname, search, key, queryClient, shop]);

  return null;
}
