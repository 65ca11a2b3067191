import { describe, expect, it } from 'vitest';
import { searchDropdownView, searchScopeOf } from './search-dropdown';

const products = [{ id: 1 }];

describe('header search dropdown rules (spec §2)', () => {
  it('knows where the search text goes', () => {
    expect(searchScopeOf('/shop')).toBe('shop');
    expect(searchScopeOf('/shop/brand/4')).toBe('shop');
    expect(searchScopeOf('/dashboard/product')).toBe('admin-products');
    expect(searchScopeOf('/dashboard/product/add')).toBe('elsewhere');
    expect(searchScopeOf('/product/3')).toBe('elsewhere');
  });

  it.each([
    ['/shop', 'dolo', true, products, 'hidden'],
    ['/shop/brand/4', 'dolo', true, products, 'hidden'],
    ['/dashboard/product', 'dolo', true, products, 'hidden'],
    ['/about', '', true, products, 'hidden'],
    ['/about', '   ', true, products, 'hidden'],
    ['/about', 'dolo', false, products, 'hidden'],
    ['/about', 'dolo', true, undefined, 'hidden'],
    ['/about', 'dolo', true, products, 'results'],
    ['/product/2', 'zzzz', true, [], 'no-results'],
  ] as const)(
    'on %s with %j (open %s, products %j) is %s',
    (pathname, text, open, list, expected) => {
      expect(searchDropdownView({ pathname, text, open, products: list })).toBe(expected);
    },
  );
});
