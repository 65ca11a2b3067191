import { expect, test, type APIRequestContext } from '@playwright/test';

/**
 * Issue 30: the public storefront as a crawler or a link preview sees it, without JavaScript
 * (Playwright's request context runs none), and as a shopper's browser hydrates it.
 */
interface ApiProduct {
  id: number;
  name: string;
  offerPrice: number;
  maximumRetailPrice: number;
  quantity: number;
  prescription: boolean;
  manufacturer: { id: number; name: string };
  saltComposition: { id: number; name: string } | null;
  divisionId: number;
  manufacturerId: number;
  saltCompositionId: number | null;
}

const ADMIN = { email: 'admin@medikart.example', password: 'Admin@123' };
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

async function products(request: APIRequestContext, query = 'limit=100'): Promise<ApiProduct[]> {
  const response = await request.get(`/api/product/all?${query}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { productList: ApiProduct[] }).productList;
}

async function productNamed(request: APIRequestContext, name: string): Promise<ApiProduct> {
  const found = (await products(request, `search=${encodeURIComponent(name)}`)).find(
    (product) => product.name === name,
  );
  if (!found) throw new Error(`${name} is not in the demo catalogue`);
  return found;
}

/** The page's HTML as a crawler gets it: no JavaScript, no redirects followed. */
async function fetchPage(request: APIRequestContext, path: string) {
  const response = await request.get(path, { maxRedirects: 0 });
  return { response, html: await response.text() };
}

function decode(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function metaContent(html: string, key: string): string | undefined {
  const match = new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(html);
  return match ? decode(match[1] ?? '') : undefined;
}

function canonicalOf(html: string): string | undefined {
  return /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];
}

/** The text inside #root, tags removed: what the page says before any script runs. */
function visibleText(html: string): string {
  const root = html.split('<div id="root">')[1]?.split('<script type="application/json"')[0] ?? '';
  return decode(root.replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ');
}

/** Every JSON-LD block of a page, parsed (a block that is not JSON fails the test here). */
function jsonLdOf(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? '') as Record<string, unknown>,
  );
}

function nodeOfType(blocks: Record<string, unknown>[], type: string) {
  const found = blocks.find((block) =>
    Array.isArray(block['@type']) ? block['@type'].includes(type) : block['@type'] === type,
  );
  if (!found) throw new Error(`no ${type} in ${JSON.stringify(blocks).slice(0, 300)}`);
  expect(found['@context']).toBe('https://schema.org');
  return found;
}

const money = (rupees: number) => `₹${rupees.toFixed(2)}`;

test.describe('server-rendered pages without JavaScript', () => {
  test('a product page carries the product, its prices, stock, salt and substitutes, and its own head', async ({
    request,
  }) => {
    const product = await productNamed(request, 'Dolo 650 Tablet');
    const { response, html } = await fetchPage(request, `/product/${product.id}`);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('text/html');
    const text = visibleText(html);
    expect(text).toContain(product.name);
    expect(text).toContain(money(product.offerPrice));
    expect(text).toContain(`MRP ${money(product.maximumRetailPrice)}`);
    expect(text).toContain(product.quantity > 0 ? 'In stock' : 'Out of stock');
    expect(text).toContain(product.manufacturer.name);
    expect(text).toContain(product.saltComposition?.name ?? 'N/A');
    expect(text).toContain('Substitutes with the same salt');

    expect(decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '')).toBe(
      `${product.name} | MediKart Pharmacy`,
    );
    expect(metaContent(html, 'description')).toContain(money(product.offerPrice));
    expect(canonicalOf(html)).toMatch(new RegExp(`^https?://[^/]+/product/${product.id}$`));
    expect(metaContent(html, 'og:type')).toBe('product');
    expect(metaContent(html, 'og:title')).toBe(`${product.name} | MediKart Pharmacy`);
    expect(metaContent(html, 'og:image')).toMatch(/^https?:\/\/.+\/uploads\//);
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(html, 'robots')).toBeUndefined();
    // The data the page was drawn from travels with it, for the browser's first render.
    expect(html).toContain('<script type="application/json" id="server-query-state">');
  });

  test('a prescription medicine says so before any script runs', async ({ request }) => {
    const rx = (await products(request, 'limit=100')).find((product) => product.prescription);
    if (!rx) throw new Error('no prescription product in the demo catalogue');
    const { html } = await fetchPage(request, `/product/${rx.id}`);
    expect(visibleText(html)).toContain('Prescription required');
  });

  test('the shop listing renders its filter, search and page from the address', async ({
    request,
  }) => {
    const [first] = await products(request, 'limit=12');
    const all = await fetchPage(request, '/shop');
    expect(all.response.status()).toBe(200);
    expect(visibleText(all.html)).toContain(first?.name ?? '');
    expect(canonicalOf(all.html)).toMatch(/\/shop$/);

    const dolo = await fetchPage(request, '/shop?search=dolo&orderBy=offerPrice&orderType=asc');
    expect(visibleText(dolo.html)).toContain('Dolo 650 Tablet');
    expect(metaContent(dolo.html, 'robots')).toBe('noindex, follow');
    // Sorting does not change what is listed: one canonical address without it.
    expect(canonicalOf(dolo.html)).toMatch(/\/shop\?search=dolo$/);

    const dolo650 = await productNamed(request, 'Dolo 650 Tablet');
    const brand = await fetchPage(request, `/shop/brand/${dolo650.manufacturerId}`);
    expect(brand.response.status()).toBe(200);
    expect(visibleText(brand.html)).toContain(dolo650.manufacturer.name);
    expect(canonicalOf(brand.html)).toMatch(new RegExp(`/shop/brand/${dolo650.manufacturerId}$`));
    const sameBrand = await fetchPage(request, `/shop?manufacturerId=${dolo650.manufacturerId}`);
    expect(canonicalOf(sameBrand.html)).toBe(canonicalOf(brand.html));

    const second = await fetchPage(request, '/shop?page=2');
    expect(canonicalOf(second.html)).toMatch(/\/shop\?page=2$/);
  });

  for (const [path, heading] of [
    ['/', 'Your Online Pharmacy'],
    ['/about', 'About us'],
    ['/faq', 'Frequently Asked Questions'],
    ['/contact', 'Contact'],
    ['/divisions', 'Divisions'],
    ['/manufacturers', 'Manufacturers'],
    ['/salt-compositions', 'Salt Compositions'],
  ] as const) {
    test(`${path} is rendered with its heading and own title`, async ({ request }) => {
      const { response, html } = await fetchPage(request, path);
      expect(response.status()).toBe(200);
      expect(visibleText(html)).toContain(heading);
      expect(html.match(/<title>/g)).toHaveLength(1);
      expect(metaContent(html, 'description')?.length).toBeGreaterThan(40);
      expect(canonicalOf(html)).toMatch(
        new RegExp(`^https?://[^/]+${path === '/' ? '/?' : path}$`),
      );
    });
  }

  test('unknown paths, unknown products and inactive products answer 404 with the not-found page', async ({
    request,
  }) => {
    for (const [path, says] of [
      ['/no-such-page', 'The page you are looking for was not found.'],
      // A brand that does not exist: the shop's own empty listing, answered 404.
      ['/shop/brand/987654', 'No products found.'],
      // Spec §2: a product's not-found page is its own empty state.
      ['/product/987654321', 'No product found.'],
      ['/product/abc', 'No product found.'],
    ] as const) {
      const { response, html } = await fetchPage(request, path);
      expect(response.status(), path).toBe(404);
      expect(visibleText(html), path).toContain(says);
      expect(metaContent(html, 'robots'), path).toBe('noindex, follow');
    }

    const login = await request.post('/api/auth/login', { data: ADMIN });
    const { token } = (await login.json()) as { token: string };
    const dolo = await productNamed(request, 'Dolo 650 Tablet');
    const created = await request.post('/api/product', {
      headers: { Authorization: `Bearer ${token}` },
      multipart: {
        name: `E2E Inactive ${Date.now()}`,
        maximumRetailPrice: '120',
        offerPrice: '100',
        divisionId: String(dolo.divisionId),
        manufacturerId: String(dolo.manufacturerId),
        saltCompositionId: String(dolo.saltCompositionId),
        isActive: 'false',
        hsnCode: '3004',
        gstRate: '12',
        quantity: '5',
        batchNumber: 'E2E-INACTIVE',
        expiryDate: new Date(Date.now() + 400 * 86_400_000).toISOString().slice(0, 10),
        image: { name: 'pack.png', mimeType: 'image/png', buffer: PNG },
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const inactive = await fetchPage(request, `/product/${id}`);
    expect(inactive.response.status()).toBe(404);
    expect(visibleText(inactive.html)).toContain('No product found.');
  });

  test('structured data: the product and offer agree with the API, medicines are Drug, the FAQ and the shop are described', async ({
    request,
  }) => {
    for (const name of ['Dolo 650 Tablet', 'Glycomet 500 SR Tablet']) {
      const product = await productNamed(request, name);
      const { html } = await fetchPage(request, `/product/${product.id}`);
      const blocks = jsonLdOf(html);
      const node = nodeOfType(blocks, 'Product');
      expect(node['@type']).toEqual(['Product', 'Drug']);
      expect(node.name).toBe(product.name);
      const offer = node.offers as Record<string, unknown>;
      expect(offer.priceCurrency).toBe('INR');
      expect(Number(offer.price)).toBe(product.offerPrice);
      expect(offer.availability).toBe(
        product.quantity > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      );
      expect(node.prescriptionStatus).toBe(
        product.prescription ? 'https://schema.org/PrescriptionOnly' : 'https://schema.org/OTC',
      );
      expect(JSON.stringify(node.activeIngredient)).toContain(
        product.saltComposition?.name.split(' (')[0] ?? '',
      );
      const crumbs = nodeOfType(blocks, 'BreadcrumbList').itemListElement as { name: string }[];
      expect(crumbs.map((crumb) => crumb.name)).toEqual([
        'Home',
        'Shop',
        expect.any(String),
        product.name,
      ]);
    }

    const outOfStock = (await products(request, 'limit=100')).find((p) => p.quantity <= 0);
    if (outOfStock) {
      const { html } = await fetchPage(request, `/product/${outOfStock.id}`);
      const offer = nodeOfType(jsonLdOf(html), 'Product').offers as Record<string, unknown>;
      expect(offer.availability).toBe('https://schema.org/OutOfStock');
    }

    const faq = nodeOfType(jsonLdOf((await fetchPage(request, '/faq')).html), 'FAQPage');
    const questions = faq.mainEntity as { name: string; acceptedAnswer: { text: string } }[];
    expect(questions.length).toBeGreaterThan(3);
    for (const question of questions) {
      expect(question.name.length).toBeGreaterThan(5);
      expect(question.acceptedAnswer.text.length).toBeGreaterThan(5);
    }

    const shop = nodeOfType(jsonLdOf((await fetchPage(request, '/')).html), 'Pharmacy');
    expect(shop.name).toBe('MediKart Pharmacy');
    expect(JSON.stringify(shop.contactPoint)).toContain('customer service');
  });

  test('a medicine page carries its reviewed information, products and review; unknown ones answer 404; unreviewed ones are not indexed', async ({
    request,
  }) => {
    const list = await request.get('/api/medicines?reviewed=true&pageSize=100');
    const { medicines } = (await list.json()) as {
      medicines: { name: string; slug: string; reviewed: boolean }[];
    };
    const reviewed = medicines.find((medicine) => medicine.slug === 'ascorbic-acid-500mg');
    if (!reviewed) throw new Error('the demo has no reviewed Ascorbic Acid (500mg) page');
    const { response, html } = await fetchPage(request, `/medicine/${reviewed.slug}`);
    expect(response.status()).toBe(200);
    const text = visibleText(html);
    for (const part of [
      reviewed.name,
      'What it is used for',
      'How it works',
      'Side effects',
      'Safety advice',
      'Pregnancy',
      'If you miss a dose',
      'Storage',
      'Interactions',
      'Limcee 500mg Chewable Tablet',
      'Registration number',
      'Last reviewed',
    ])
      expect(text).toContain(part);
    expect(canonicalOf(html)).toMatch(new RegExp(`/medicine/${reviewed.slug}$`));
    expect(metaContent(html, 'robots')).toBeUndefined();
    const blocks = jsonLdOf(html);
    expect(nodeOfType(blocks, 'Drug').name).toBe(reviewed.name);
    expect(nodeOfType(blocks, 'MedicalWebPage').lastReviewed).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    // Every product containing the salt links to its medicine page.
    const limcee = await productNamed(request, 'Limcee 500mg Chewable Tablet');
    const productPage = await fetchPage(request, `/product/${limcee.id}`);
    expect(productPage.html).toContain(`href="/medicine/${reviewed.slug}"`);

    const unknown = await fetchPage(request, '/medicine/no-such-medicine');
    expect(unknown.response.status()).toBe(404);
    expect(metaContent(unknown.html, 'robots')).toBe('noindex, follow');

    // A new salt has no reviewed information yet: its page shows that and stays out of the index.
    const login = await request.post('/api/auth/login', { data: ADMIN });
    const { token } = (await login.json()) as { token: string };
    const name = `E2E Salt ${Date.now()} (5mg)`;
    const created = await request.post('/api/saltComposition', {
      headers: { Authorization: `Bearer ${token}` },
      data: { name },
    });
    expect(created.status(), await created.text()).toBe(201);
    const all = await request.get(`/api/medicines?search=${encodeURIComponent(name)}`);
    const [fresh] = ((await all.json()) as { medicines: { slug: string; reviewed: boolean }[] })
      .medicines;
    expect(fresh?.reviewed).toBe(false);
    const preparing = await fetchPage(request, `/medicine/${fresh?.slug}`);
    expect(preparing.response.status()).toBe(200);
    expect(visibleText(preparing.html)).toContain('is being prepared');
    expect(metaContent(preparing.html, 'robots')).toBe('noindex, follow');
  });

  test('the sitemap index reaches every active product, and robots.txt names it', async ({
    request,
  }) => {
    const robots = await (await request.get('/robots.txt')).text();
    const sitemapUrl = /^Sitemap: (.+)$/m.exec(robots)?.[1];
    expect(sitemapUrl).toMatch(/\/sitemap\.xml$/);
    expect(robots).toContain('Disallow: /dashboard');

    const index = await (await request.get('/sitemap.xml')).text();
    const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
      (m) => new URL(m[1] ?? '').pathname,
    );
    const listed = new Set<string>();
    for (const file of files) {
      const response = await request.get(file);
      expect(response.headers()['content-type']).toContain('application/xml');
      for (const match of (await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g))
        listed.add(new URL(match[1] ?? '').pathname);
    }
    const active: number[] = [];
    for (let page = 1; ; page += 1) {
      const response = await request.get(`/api/product/all?limit=100&page=${page}`);
      const body = (await response.json()) as {
        productList: ApiProduct[];
        pagination: { totalPages?: number; pages?: number };
      };
      active.push(...body.productList.map((product) => product.id));
      if (body.productList.length < 100) break;
    }
    expect(active.length).toBeGreaterThan(100);
    for (const id of active) expect(listed.has(`/product/${id}`), `product ${id}`).toBe(true);
    for (const path of [
      '/',
      '/shop',
      '/faq',
      '/about',
      '/contact',
      '/medicine/ascorbic-acid-500mg',
    ])
      expect(listed.has(path), path).toBe(true);
    const medicines = [...listed].filter((path) => path.startsWith('/medicine/'));
    const reviewed = await request.get('/api/medicines?reviewed=true&pageSize=100');
    expect(medicines.length).toBe(
      ((await reviewed.json()) as { pagination: { rowCount: number } }).pagination.rowCount,
    );
  });

  test('aliases redirect permanently to one address; private pages are not indexed', async ({
    request,
  }) => {
    for (const [from, to] of [
      ['/auth?type=signup', '/login?type=signup'],
      ['/shop?salCompositionId=3', '/shop?saltCompositionId=3'],
      ['/faq/', '/faq'],
    ] as const) {
      const { response } = await fetchPage(request, from);
      expect(response.status(), from).toBe(301);
      expect(new URL(response.headers().location ?? '', 'http://x').pathname).toBe(
        new URL(to, 'http://x').pathname,
      );
      expect(response.headers().location).toContain(to);
    }
    for (const path of ['/login', '/dashboard', '/dashboard/orders', '/order/1']) {
      const { response, html } = await fetchPage(request, path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()['x-robots-tag'], path).toBe('noindex, nofollow');
      expect(html, path).toContain('<meta name="robots" content="noindex, nofollow" />');
    }
    const unknownPrivate = await fetchPage(request, '/dashboard/no-such-screen');
    expect(unknownPrivate.response.status()).toBe(404);
  });
});

test.describe('hydrating a server-rendered page', () => {
  test('keeps the server HTML, asks nothing again, and the cart works on it', async ({ page }) => {
    const product = await productNamed(page.request, 'Dolo 650 Tablet');
    const productCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === `/api/product/${product.id}`)
        productCalls.push(request.url());
    });
    // Marks the server's heading before any script runs: hydration must keep that element.
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        const heading = document.querySelector('h1');
        if (heading && document.readyState === 'interactive') heading.dataset.server = 'yes';
      });
    });
    await page.goto(`/product/${product.id}`);
    const heading = page.getByRole('heading', { level: 1, name: product.name });
    await expect(heading).toBeVisible();
    await page.getByRole('button', { name: 'Add To Cart' }).click();
    await expect(page.getByRole('button', { name: 'Remove From Cart' })).toBeVisible();
    await expect(heading).toHaveAttribute('data-server', 'yes');
    expect(productCalls).toEqual([]);

    // A client-side navigation from the rendered page still works, and updates the head.
    await page
      .getByRole('navigation', { name: 'Breadcrumb' })
      .getByRole('link', { name: 'Shop' })
      .click();
    await expect(page).toHaveURL(/\/shop$/);
    await expect(page.getByRole('heading', { level: 1, name: 'All Products' })).toBeVisible();
    await expect(page).toHaveTitle('Shop | MediKart Pharmacy');
  });

  for (const typedFirst of [true, false]) {
    test(`a pincode typed ${typedFirst ? 'before the tap holder' : 'while taps are held'} and checked before the page is live gets its promise`, async ({
      page,
    }) => {
      const product = await productNamed(page.request, 'Dolo 650 Tablet');
      // The app's scripts arrive late, as on a slow phone; the small script that holds taps
      // (route-preload) does not, so the tap on Check is held while the page is the server's HTML.
      await page.route(/\/assets\/(?!route-preload).*\.js$/, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 2000));
        await route.continue();
      });
      await page.goto(`/product/${product.id}`, { waitUntil: 'commit' });
      const box = page.getByRole('main').getByRole('region', { name: 'Delivery' });
      type EarlyEvents = { __replayEarlyEvents?: unknown; __appLive?: boolean };
      const holding = () =>
        page.waitForFunction(
          () => typeof (window as EarlyEvents).__replayEarlyEvents === 'function',
        );
      if (!typedFirst) await holding();
      await box.getByLabel('Check delivery to your pincode').fill('400001');
      await holding();
      expect(await page.evaluate(() => (window as EarlyEvents).__appLive === true)).toBe(false);
      await box.getByRole('button', { name: 'Check' }).click();
      await expect(box.getByText('Delivering to 400001')).toBeVisible({ timeout: 15_000 });
      await expect(box.getByText('Cash on delivery available')).toBeVisible();
    });
  }

  test('a shopper page downloads no admin or dashboard code', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    const product = await productNamed(page.request, 'Dolo 650 Tablet');
    for (const path of ['/', '/shop', `/product/${product.id}`, '/faq', '/salt-compositions']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
    expect(scripts.length).toBeGreaterThan(3);
    expect(scripts.filter((script) => /admin|dashboard/i.test(script))).toEqual([]);
  });
});
