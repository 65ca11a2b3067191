import { describe, expect, it } from 'vitest';
import { PRODUCT_SORTS, SORT_PLACEHOLDER as SHARED_PLACEHOLDER } from '@pharmacy/shared';
import {
  chosenSort,
  readProductFilter,
  shopHrefOf,
  SORT_OPTIONS,
  SORT_PLACEHOLDER,
} from './use-product-filter';

describe('product filter in the shop URL (spec §2 / §3)', () => {
  it('reads the three filters, search, page and sort', () => {
    expect(
      readProductFilter(
        '/shop',
        '?divisionId=3&manufacturerId=4&saltCompositionId=5&search=%20dolo%20&page=2&orderBy=offerPrice&orderType=asc',
      ),
    ).toEqual({
      divisionId: 3,
      manufacturerId: 4,
      saltCompositionId: 5,
      search: 'dolo',
      page: 2,
      orderBy: 'offerPrice',
      orderType: 'asc',
    });
  });

  it('accepts the salCompositionId alias and the /shop/brand/{id} route', () => {
    expect(readProductFilter('/shop', '?salCompositionId=9').saltCompositionId).toBe(9);
    expect(readProductFilter('/shop/brand/17', '').manufacturerId).toBe(17);
  });

  it('treats missing, negative and malformed values as none (-1), page 1, newest first', () => {
    expect(
      readProductFilter('/shop', '?divisionId=-3&manufacturerId=abc&page=0&orderBy=x'),
    ).toEqual({
      divisionId: -1,
      manufacturerId: -1,
      saltCompositionId: -1,
      search: '',
      page: 1,
      orderBy: 'createdAt',
      orderType: 'desc',
    });
  });

  it('is empty away from the shop, so leaving the screen clears the filters', () => {
    expect(readProductFilter('/product/1', '?divisionId=3').divisionId).toBe(-1);
  });

  it('offers the four sorts as orderBy-orderType with the placeholder until one is chosen', () => {
    expect(SORT_OPTIONS).toEqual([
      { label: 'Newest First', value: 'createdAt-desc' },
      { label: 'Oldest First', value: 'createdAt-asc' },
      { label: 'Price High to Low', value: 'offerPrice-desc' },
      { label: 'Price Low to High', value: 'offerPrice-asc' },
    ]);
    expect(SORT_OPTIONS).toEqual(
      PRODUCT_SORTS.map((sort) => ({
        label: sort.label,
        value: `${sort.orderBy}-${sort.orderType}`,
      })),
    );
    expect(SORT_PLACEHOLDER).toBe(SHARED_PLACEHOLDER);
    expect(chosenSort('/shop', '')).toBe('');
    expect(chosenSort('/shop', '?orderBy=offerPrice&orderType=desc')).toBe('offerPrice-desc');
  });

  it('writes only what differs from the defaults', () => {
    const filter = readProductFilter('/shop', '');
    expect(shopHrefOf(filter, false)).toBe('/shop');
    expect(shopHrefOf({ ...filter, divisionId: 2, page: 3, search: 'para' }, false)).toBe(
      '/shop?search=para&divisionId=2&page=3',
    );
    expect(shopHrefOf({ ...filter, orderBy: 'offerPrice', orderType: 'asc' }, true)).toBe(
      '/shop?orderBy=offerPrice&orderType=asc',
    );
  });
});
