import { describe, expect, it } from 'vitest';
import {
  createSitemapRegistry,
  keysetSitemapSource,
  listSitemapSource,
  type KeyedSitemapUrl,
  type SitemapUrl,
} from '../../src/modules/seo/sitemap-source';
import { absoluteUrl, escapeXml, urlsetXml } from '../../src/modules/seo/sitemap-xml';
import { entries, parseXml } from './xml';

/** A table of `count` rows keyed 10, 20, 30…; records every page asked of it. */
function fakeTable(count: number) {
  const rows: KeyedSitemapUrl[] = Array.from({ length: count }, (_, i) => ({
    key: (i + 1) * 10,
    path: `/product/${(i + 1) * 10}`,
    lastmod: new Date(Date.UTC(2025, 0, 1 + i)),
  }));
  const pages: { after: number | null; limit: number; returned: number }[] = [];
  const source = keysetSitemapSource({
    name: 'products',
    batchSize: 3,
    chunks: async () => [],
    keyAt: async (offset) => rows[offset]?.key,
    page: async (after, limit) => {
      const page = rows.filter((row) => after === null || row.key > after).slice(0, limit);
      pages.push({ after, limit, returned: page.length });
      return page;
    },
  });
  return { source, pages };
}

async function collect(batches: AsyncIterable<readonly SitemapUrl[]>) {
  const all: (readonly SitemapUrl[])[] = [];
  for await (const batch of batches) all.push(batch);
  return all;
}

describe('keysetSitemapSource', () => {
  it.each([
    // [rows, chunk, index, batch sizes written, first path]
    { rows: 20, index: 0, batches: [3, 3, 1], first: '/product/10' },
    { rows: 20, index: 1, batches: [3, 3, 1], first: '/product/80' },
    { rows: 20, index: 2, batches: [3, 3], first: '/product/150' },
    { rows: 14, index: 1, batches: [3, 3, 1], first: '/product/80' },
    { rows: 14, index: 2, batches: [], first: undefined },
    { rows: 0, index: 0, batches: [], first: undefined },
  ])(
    '$rows rows, chunk $index of 7, in batches of 3: $batches',
    async ({ rows, index, batches, first }) => {
      const { source, pages } = fakeTable(rows);
      const written = await collect(source.urls(index, 7));
      expect(written.map((batch) => batch.length)).toEqual(batches);
      expect(written[0]?.[0]?.path).toBe(first);
      // Never more than one batch asked at once, and nothing asked past a short page.
      expect(pages.every((page) => page.limit <= 3)).toBe(true);
      expect(pages.filter((page) => page.returned < page.limit).length).toBeLessThanOrEqual(1);
    },
  );

  it('stops reading when the consumer stops (a crawler that went away)', async () => {
    const { source, pages } = fakeTable(20);
    for await (const batch of source.urls(0, 7)) {
      expect(batch).toHaveLength(3);
      break;
    }
    expect(pages).toHaveLength(1);
  });
});

describe('listSitemapSource', () => {
  it('chunks in memory with the newest lastmod of each chunk, unknown ones ignored', async () => {
    const source = listSitemapSource({
      name: 'medicines',
      chunked: true,
      load: async () => [
        { path: '/medicine/a', lastmod: new Date('2025-01-02T00:00:00Z') },
        { path: '/medicine/b', lastmod: null },
        { path: '/medicine/c', lastmod: new Date('2025-01-01T00:00:00Z') },
        { path: '/medicine/d' },
      ],
    });
    expect(await source.chunks(2)).toEqual([
      new Date('2025-01-02T00:00:00Z'),
      new Date('2025-01-01T00:00:00Z'),
    ]);
    expect(await source.chunks(3)).toEqual([new Date('2025-01-02T00:00:00Z'), null]);
    const second = await collect(source.urls(1, 3));
    expect(second).toEqual([[{ path: '/medicine/d' }]]);
    expect(await collect(source.urls(2, 3))).toEqual([]);
  });
});

describe('createSitemapRegistry', () => {
  const source = (name: string) => listSitemapSource({ name, load: async () => [] });
  it('refuses a name that would not make a clear file name, and a name used twice', () => {
    const registry = createSitemapRegistry();
    registry.add(source('medicines'));
    expect(() => registry.add(source('medicines'))).toThrow(/twice/);
    for (const name of ['Medicines', 'salt pages', 'pages-2', '../x', '', 'a--b']) {
      expect(() => registry.add(source(name)), name).toThrow(/lower-case/);
    }
    expect(registry.sources().map((each) => each.name)).toEqual(['medicines']);
  });
});

describe('sitemap XML', () => {
  it.each([
    ['a & b', 'a &amp; b'],
    ['<script>', '&lt;script&gt;'],
    [`"quoted" 'single'`, '&quot;quoted&quot; &apos;single&apos;'],
    ['bell\u0007 and nul\u0000 dropped', 'bell and nul dropped'],
    ['lone \uD800 surrogate', 'lone  surrogate'],
    ['Hindi दवा stays', 'Hindi दवा stays'],
  ])('escapes %j', (text, escaped) => {
    expect(escapeXml(text)).toBe(escaped);
  });

  it.each([
    ['https://shop.example', '/product/1', 'https://shop.example/product/1'],
    ['https://shop.example/', '/product/1', 'https://shop.example/product/1'],
    ['https://shop.example/in', '/shop?divisionId=2', 'https://shop.example/in/shop?divisionId=2'],
    [
      'https://shop.example',
      '/medicine/पैरासिटामोल',
      'https://shop.example/medicine/%E0%A4%AA%E0%A5%88%E0%A4%B0%E0%A4%BE%E0%A4%B8%E0%A4%BF%E0%A4%9F%E0%A4%BE%E0%A4%AE%E0%A5%8B%E0%A4%B2',
    ],
    ['https://shop.example', '/medicine/a b', 'https://shop.example/medicine/a%20b'],
  ])('makes %s + %s absolute', (origin, path, url) => {
    expect(absoluteUrl(origin, path)).toBe(url);
  });

  it('writes well-formed XML whatever the paths hold', async () => {
    async function* batches() {
      yield [
        {
          path: '/shop?divisionId=1&manufacturerId=2&x=<y>',
          lastmod: new Date('2025-03-04T05:06:07.891Z'),
        },
      ];
      yield [{ path: "/medicine/o'clock\u0001s" }];
    }
    let xml = '';
    for await (const part of urlsetXml('https://shop.example', batches())) xml += part;
    expect(entries(parseXml(xml))).toEqual([
      {
        loc: 'https://shop.example/shop?divisionId=1&manufacturerId=2&x=%3Cy%3E',
        lastmod: '2025-03-04T05:06:07Z',
      },
      { loc: "https://shop.example/medicine/o'clock%01s", lastmod: undefined },
    ]);
  });
});
