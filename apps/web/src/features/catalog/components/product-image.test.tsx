import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProductImage, responsiveImageProps } from './product-image';

const photo = {
  url: '/uploads/products/abc.png',
  width: 1600,
  height: 1200,
  variants: [
    { url: '/uploads/products/abc-240w.webp', width: 240 },
    { url: '/uploads/products/abc-480w.webp', width: 480 },
    { url: '/uploads/products/abc-960w.webp', width: 960 },
  ],
};

describe('ProductImage', () => {
  it('offers the WebP variants in srcset with sizes and the real ratio', () => {
    const { container } = render(
      <ProductImage
        name="Dolo 650"
        image={photo}
        size={240}
        sizes="(min-width: 768px) 240px, 50vw"
      />,
    );
    const img = container.querySelector('img');
    expect(img?.getAttribute('src')).toBe(photo.url);
    expect(img?.getAttribute('srcset')).toBe(
      '/uploads/products/abc-240w.webp 240w, /uploads/products/abc-480w.webp 480w, /uploads/products/abc-960w.webp 960w',
    );
    expect(img?.getAttribute('sizes')).toBe('(min-width: 768px) 240px, 50vw');
    expect(img?.getAttribute('width')).toBe('240');
    expect(img?.getAttribute('height')).toBe('180');
    expect(img?.getAttribute('loading')).toBe('lazy');
    expect(img?.getAttribute('alt')).toBe('Dolo 650');
  });

  it('keeps an eager image high priority', () => {
    const { container } = render(<ProductImage name="Dolo 650" image={photo} size={480} eager />);
    const img = container.querySelector('img');
    expect(img?.getAttribute('loading')).toBe('eager');
    expect(img?.getAttribute('fetchpriority')).toBe('high');
    expect(img?.getAttribute('sizes')).toBe('480px');
  });

  it('shows an image without variants (SVG, older uploads) as before, in its square box', () => {
    const { container } = render(
      <ProductImage name="Dolo 650" image={{ url: '/catalog/dolo.svg' }} size={240} />,
    );
    const img = container.querySelector('img');
    expect(img?.getAttribute('src')).toBe('/catalog/dolo.svg');
    expect(img?.hasAttribute('srcset')).toBe(false);
    expect(img?.hasAttribute('sizes')).toBe(false);
    expect(img?.getAttribute('width')).toBe('240');
    expect(img?.getAttribute('height')).toBe('240');
  });

  it('falls back to a placeholder without an image', () => {
    const { container } = render(<ProductImage name="Dolo 650" image={undefined} />);
    expect(container.querySelector('img')?.getAttribute('src')).toMatch(
      /^\/placeholders\/product-\d\.svg$/,
    );
  });
});

describe('responsiveImageProps', () => {
  it('fits a portrait image by its height', () => {
    expect(responsiveImageProps({ url: '/x.jpg', width: 400, height: 600 }, 96)).toEqual({
      width: 64,
      height: 96,
    });
  });
});
