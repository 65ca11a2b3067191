import { describe, expect, it } from 'vitest';
import { readRedirectTo } from './redirect-state';

describe('readRedirectTo', () => {
  it('keeps a path of this site with its query', () => {
    expect(readRedirectTo({ redirectTo: '/dashboard/orders?page=2' })).toBe(
      '/dashboard/orders?page=2',
    );
  });

  it.each(['//evil.example/x', '/\\evil.example', 'https://evil.example', 'dashboard', ''])(
    'refuses %j, which could leave the site',
    (redirectTo) => {
      expect(readRedirectTo({ redirectTo })).toBeNull();
    },
  );

  it('ignores state without a string redirectTo', () => {
    expect(readRedirectTo(null)).toBeNull();
    expect(readRedirectTo({ redirectTo: 42 })).toBeNull();
    expect(readRedirectTo('x')).toBeNull();
  });
});
