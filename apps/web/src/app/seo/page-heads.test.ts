import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { productQueryOptions } from '../../features/catalog/api/get-product';
import { manufacturersQueryOptions } from '../../features/catalog/api/get-manufacturers';
import {
  defaultProductFilter,
  type ProductFilter,
} from '../../features/catalog/hooks/use-product-filter';
import { makeProduct } from '../../features/catalog/utils/test-product';
import { clampDescription } from '../../lib/page-head';
import { fallbackShopSettings } from '../../lib/shop-settings';
import { canonicalShopPath, resolvePageHead } from './page-heads';

const filter = (changes: Partial<ProductFilter>): ProductFilter => ({
  ...defaultProductFilter,
  ...changes,
});

describe('canonicalShopPath', () => {
  it.each([
    [{}, '/shop'],
    [{ orderBy: 'offerPrice', orderType: 'asc' } as const, '/shop'],
    [{ page: 2 }, '/shop?page=2'],
    [{ manufacturerId: 7 }, '/shop/brand/7'],
    [{ manufacturerId: 7, page: 3 }, '/shop/brand/7?page=3'],
    [{ manufacturerId: 7, divisionId: 2 }, '/shop?divisionId=2&manufacturerId=7'],
    [{ manufacturerId: 7, search: 'dolo' }, '/shop?search=dolo&manufacturerId=7'],
    [{ saltCompositionId: 4 }, '/shop?saltCompositionId=4'],
    [{ search: 'a b&c' }, '/shop?search=a+b%26c'],
  ])('%j → %s', (changes, expected) => {
    expect(canonicalShopPath(filter(changes))).toBe(expected);
  });
});

describe('clampDescription', () => {
  it.each([
    ['short', 'short'],
    ['  many   spaces\nand lines ', 'many spaces and lines'],
    [`${'word '.repeat(40)}`, `${'word '.repeat(31).trim()}…`],
  ])('%j', (text, expected) => {
    const clamped = clampDescription(text);
    expect(clamped).toBe(expected);
    expect(clamped.length).toBeLessThanOrEqual(160);
  });
});

describe('resolvePageHead', () => {
  const context = (pathname: string, queryClient = new QueryClient(), search = '') => ({
    pathname,
    search,
    queryClient,
    shop: fallbackShopSettings,
    origin: 'https://shop.example',
  });

  it('answers 404 for unknown paths, products and brands, and 200 with the product head', () => {
    expect(resolvePageHead(context('/no-such-page')).status).toBe(404);
    expect(resolvePageHead(context('/product/abc')).status).toBe(404);
    expect(resolvePageHead(context('/product/12')).status).toBe(404);

    const queryClient = new QueryClient();
    const product = makeProduct({ id: 12, name: 'Dolo 650 Tablet', offerPrice: 30 });
    queryClient.setQueryData(productQueryOptions(12).queryKey, product);
    const { status, head } = resolvePageHead(context('/product/12', queryClient));
    expect(status).toBe(200);
    expect(head.title).toBe(`Dolo 650 Tablet | ${fallbackShopSettings.shopName}`);
    expect(head.canonicalPath).toBe('/product/12');
    expect(head.description).toContain('₹30.00');
    expect(head.jsonLd?.length).toBe(2);

    queryClient.setQueryData(manufacturersQueryOptions().queryKey, [{ id: 1, name: 'Cipla' }]);
    expect(resolvePageHead(context('/shop/brand/1', queryClient)).head.title).toContain('Cipla');
    expect(resolvePageHead(context('/shop/brand/2', queryClient)).status).toBe(404);
  });

  it('keeps private pages and search results out of the index', () => {
    expect(resolvePageHead(context('/dashboard/orders')).head.noindex).toBe(true);
    expect(resolvePageHead(context('/shop', new QueryClient(), '?search=dolo')).head.noindex).toBe(
      true,
    );
    expect(resolvePageHead(context('/faq')).head.noindex).toBeFalsy();
  });
});
