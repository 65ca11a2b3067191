import { createElement, Fragment } from 'react';
import { describe, expect, it } from 'vitest';
import type { PageHead } from '../../lib/page-head';
import {
  breadcrumbJsonLd,
  faqPageJsonLd,
  jsonLdScript,
  nodeText,
  pharmacyJsonLd,
  productJsonLd,
  rupeesText,
  saltIngredients,
  shopNodeId,
  type ProductForJsonLd,
  type ShopForJsonLd,
} from './structured-data';

const ORIGIN = 'https://shop.example';
const SHOP: ShopForJsonLd = {
  shopName: 'MediKart Pharmacy',
  supportEmail: 'support@medikart.example',
  supportPhone: '+91 80 4000 1234',
  address: { text: '12 MG Road, Bengaluru 560001, Karnataka', state: 'Karnataka' },
};

/**
 * schema.org properties of each type used (https://schema.org/<Type>, inherited ones included),
 * written out here rather than read from schema-dts, so the test is a second opinion: a key the
 * builders write that is not on this list is a property the type does not have.
 */
const THING = [
  'name',
  'description',
  'url',
  'image',
  'sameAs',
  'identifier',
  'alternateName',
  'subjectOf',
  'mainEntityOfPage',
  'additionalType',
  'disambiguatingDescription',
  'potentialAction',
];
const CREATIVE_WORK = [
  ...THING,
  'about',
  'author',
  'dateCreated',
  'dateModified',
  'datePublished',
  'inLanguage',
  'publisher',
  'text',
  'headline',
];
const PRODUCT = [
  ...THING,
  'sku',
  'productID',
  'gtin',
  'mpn',
  'brand',
  'manufacturer',
  'offers',
  'category',
  'itemCondition',
  'aggregateRating',
  'review',
  'isRelatedTo',
  'isSimilarTo',
  'audience',
  'countryOfOrigin',
  'hasMerchantReturnPolicy',
  'logo',
  'model',
  'size',
  'weight',
];
const ORGANIZATION = [
  ...THING,
  'address',
  'contactPoint',
  'email',
  'telephone',
  'logo',
  'legalName',
  'taxID',
  'vatID',
  'areaServed',
  'brand',
  'founder',
  'foundingDate',
  'hasCredential',
  'parentOrganization',
  'faxNumber',
  'slogan',
];
const CONTACT_POINT = [
  ...THING,
  'contactType',
  'telephone',
  'email',
  'areaServed',
  'availableLanguage',
  'contactOption',
  'hoursAvailable',
  'faxNumber',
  'productSupported',
];
const WEB_PAGE = [
  ...CREATIVE_WORK,
  'breadcrumb',
  'lastReviewed',
  'reviewedBy',
  'mainEntity',
  'primaryImageOfPage',
  'significantLink',
  'specialty',
];
const VOCABULARY: Record<string, readonly string[]> = {
  Product: PRODUCT,
  Drug: [
    ...PRODUCT,
    'activeIngredient',
    'administrationRoute',
    'alcoholWarning',
    'availableStrength',
    'breastfeedingWarning',
    'dosageForm',
    'drugClass',
    'foodWarning',
    'interactingDrug',
    'isAvailableGenerically',
    'isProprietary',
    'legalStatus',
    'mechanismOfAction',
    'nonProprietaryName',
    'pregnancyWarning',
    'prescribingInfo',
    'prescriptionStatus',
    'proprietaryName',
    'relatedDrug',
    'warning',
  ],
  Offer: [
    ...THING,
    'price',
    'priceCurrency',
    'availability',
    'itemCondition',
    'seller',
    'priceValidUntil',
    'priceSpecification',
    'shippingDetails',
    'hasMerchantReturnPolicy',
    'eligibleRegion',
    'areaServed',
    'sku',
    'gtin',
    'inventoryLevel',
    'itemOffered',
    'validFrom',
  ],
  Brand: [...THING, 'logo', 'slogan', 'aggregateRating', 'review'],
  Organization: ORGANIZATION,
  // A LocalBusiness and a MedicalOrganization.
  Pharmacy: [
    ...ORGANIZATION,
    'openingHours',
    'openingHoursSpecification',
    'priceRange',
    'currenciesAccepted',
    'paymentAccepted',
    'geo',
    'hasMap',
    'branchOf',
    'medicalSpecialty',
    'isAcceptingNewPatients',
    'healthPlanNetworkId',
  ],
  // A ContactPoint too, by schema.org's hierarchy.
  PostalAddress: [
    ...CONTACT_POINT,
    'streetAddress',
    'addressLocality',
    'addressRegion',
    'postalCode',
    'addressCountry',
    'postOfficeBoxNumber',
  ],
  ContactPoint: CONTACT_POINT,
  BreadcrumbList: [...THING, 'itemListElement', 'itemListOrder', 'numberOfItems'],
  ListItem: [...THING, 'position', 'item', 'nextItem', 'previousItem'],
  FAQPage: WEB_PAGE,
  Question: [...CREATIVE_WORK, 'acceptedAnswer', 'suggestedAnswer', 'answerCount', 'upvoteCount'],
  Answer: [...CREATIVE_WORK, 'upvoteCount', 'parentItem'],
  MedicalWebPage: [...WEB_PAGE, 'medicalAudience'],
};

/**
 * Required (Google's rich result rules: Product needs name and offers with price and
 * priceCurrency; FAQPage mainEntity, each Question a name and acceptedAnswer with text) and
 * recommended properties, by type.
 */
const REQUIRED: Record<string, readonly string[]> = {
  Product: ['name', 'offers', 'url', 'sku', 'brand'],
  Drug: ['activeIngredient', 'nonProprietaryName', 'prescriptionStatus'],
  Offer: ['price', 'priceCurrency', 'availability', 'url', 'seller'],
  Organization: ['name'],
  Brand: ['name'],
  Pharmacy: ['name', 'url', 'logo', 'contactPoint'],
  PostalAddress: ['streetAddress', 'addressCountry'],
  ContactPoint: ['contactType'],
  BreadcrumbList: ['itemListElement'],
  ListItem: ['position', 'name', 'item'],
  FAQPage: ['mainEntity'],
  Question: ['name', 'acceptedAnswer'],
  Answer: ['text'],
  MedicalWebPage: ['url'],
};

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * Every node with an @type, anywhere in the data: no key its types do not define, the required
 * ones present. Returns the problems, so a failure names them all.
 */
function vocabularyProblems(data: Json, path = '$'): string[] {
  if (Array.isArray(data))
    return data.flatMap((each, i) => vocabularyProblems(each, `${path}[${i}]`));
  if (data === null || typeof data !== 'object') return [];
  const problems: string[] = [];
  const typeValue = data['@type'];
  const types = typeValue === undefined ? [] : Array.isArray(typeValue) ? typeValue : [typeValue];
  if (typeValue !== undefined) {
    const allowed = new Set<string>();
    for (const type of types) {
      if (typeof type !== 'string' || !VOCABULARY[type]) {
        problems.push(`${path}: unknown @type ${JSON.stringify(type)}`);
        continue;
      }
      for (const key of VOCABULARY[type]) allowed.add(key);
      for (const key of REQUIRED[type] ?? []) {
        const value = data[key];
        if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0))
          problems.push(`${path}: ${type} without ${key}`);
      }
    }
    for (const key of Object.keys(data)) {
      if (!key.startsWith('@') && !allowed.has(key))
        problems.push(`${path}: ${key} is not a property of ${types.join('/')}`);
    }
  }
  for (const [key, value] of Object.entries(data)) {
    if (!key.startsWith('@')) problems.push(...vocabularyProblems(value, `${path}.${key}`));
  }
  return problems;
}

/** What a page's <script> holds, read back as a search engine would. */
const roundTrip = (data: unknown): Json => JSON.parse(jsonLdScript(data)) as Json;

const product = (overrides: Partial<ProductForJsonLd> = {}): ProductForJsonLd => ({
  id: 42,
  name: 'Crocin Advance 500mg Tablet',
  offerPrice: 25.5,
  quantity: 10,
  prescription: false,
  images: [{ url: '/uploads/products/crocin.png' }],
  manufacturer: { id: 3, name: 'GSK' },
  division: { id: 2, name: 'Pain Relief' },
  dosageForm: 'Tablet',
  description: 'Fast relief from fever and pain.',
  saltComposition: { name: 'Paracetamol (500mg)', slug: 'paracetamol-500mg' },
  ...overrides,
});

describe('productJsonLd', () => {
  it.each([
    {
      label: 'an OTC medicine in stock',
      input: product(),
      expected: {
        '@type': ['Product', 'Drug'],
        image: [`${ORIGIN}/uploads/products/crocin.png`],
        activeIngredient: ['Paracetamol'],
        nonProprietaryName: 'Paracetamol',
        prescriptionStatus: 'https://schema.org/OTC',
        dosageForm: 'Tablet',
        subjectOf: {
          '@type': 'MedicalWebPage',
          url: `${ORIGIN}/medicine/paracetamol-500mg`,
          name: 'Paracetamol (500mg)',
        },
        offers: expect.objectContaining({
          price: '25.50',
          availability: 'https://schema.org/InStock',
        }),
      },
    },
    {
      label: 'a prescription medicine of two salts, out of stock',
      input: product({
        name: 'Augmentin 625 Duo',
        prescription: true,
        quantity: 0,
        offerPrice: 201.3,
        saltComposition: { name: 'Amoxycillin (500mg) + Clavulanic Acid (125mg)' },
      }),
      expected: {
        '@type': ['Product', 'Drug'],
        activeIngredient: ['Amoxycillin', 'Clavulanic Acid'],
        nonProprietaryName: 'Amoxycillin + Clavulanic Acid',
        prescriptionStatus: 'https://schema.org/PrescriptionOnly',
        offers: expect.objectContaining({
          price: '201.30',
          availability: 'https://schema.org/OutOfStock',
        }),
      },
    },
    {
      label: 'a product without salt, image, description or dosage form',
      input: product({
        name: 'Digital Thermometer',
        saltComposition: null,
        images: [],
        description: null,
        dosageForm: null,
        offerPrice: 199,
      }),
      expected: { '@type': 'Product', offers: expect.objectContaining({ price: '199.00' }) },
      absent: [
        'image',
        'description',
        'activeIngredient',
        'nonProprietaryName',
        'prescriptionStatus',
        'subjectOf',
      ],
    },
    {
      label: 'an image already on a bucket, and a salt that is only brackets',
      input: product({
        images: [{ url: 'https://cdn.example/p/1.webp' }, { url: '/uploads/products/b.png' }],
        saltComposition: { name: '(unknown)' },
      }),
      expected: {
        '@type': 'Product',
        image: ['https://cdn.example/p/1.webp', `${ORIGIN}/uploads/products/b.png`],
      },
      absent: ['activeIngredient', 'prescriptionStatus'],
    },
    {
      label: 'characters that could end the script element or start an entity',
      input: product({
        name: 'Tablet </script><script>alert(1)</script> & Co',
        description: 'A & B <b>bold</b>\u2028next line',
        manufacturer: { id: 3, name: 'Smith & Nephew' },
      }),
      expected: {
        name: 'Tablet </script><script>alert(1)</script> & Co',
        description: 'A & B <b>bold</b>\u2028next line',
        brand: { '@type': 'Brand', name: 'Smith & Nephew' },
      },
    },
  ])('$label', ({ input, expected, absent }) => {
    const data = productJsonLd(input, SHOP, ORIGIN);
    const read = roundTrip(data);
    expect(read).toMatchObject({
      '@context': 'https://schema.org',
      name: input.name,
      url: `${ORIGIN}/product/${input.id}`,
      sku: String(input.id),
      manufacturer: { '@type': 'Organization', name: input.manufacturer.name },
      category: input.division.name,
      offers: {
        '@type': 'Offer',
        priceCurrency: 'INR',
        url: `${ORIGIN}/product/${input.id}`,
        seller: { '@type': 'Organization', '@id': shopNodeId(ORIGIN), name: SHOP.shopName },
      },
      ...expected,
    });
    for (const key of absent ?? []) expect(read, key).not.toHaveProperty(key);
    expect(vocabularyProblems(read)).toEqual([]);
  });

  it('is accepted as a page head’s JSON-LD', () => {
    // The type the server-rendered <head> takes: a builder's result must fit it as it is.
    const head: Pick<PageHead, 'jsonLd'> = {
      jsonLd: [
        productJsonLd(product(), SHOP, ORIGIN),
        breadcrumbJsonLd([{ name: 'Home', path: '/' }], ORIGIN),
        pharmacyJsonLd(SHOP, ORIGIN),
        faqPageJsonLd([{ question: 'Q?', answer: 'A.' }]),
      ],
    };
    expect(head.jsonLd).toHaveLength(4);
  });
});

describe('the vocabulary check (a test of the test)', () => {
  it('finds unknown properties and types, and missing required ones, at any depth', () => {
    const data = {
      '@type': 'Product',
      name: 'X',
      url: '/x',
      sku: '1',
      brand: { '@type': 'Brand', name: 'B' },
      prescriptionStatus: 'OTC',
      offers: { '@type': 'Offer', priceCurrency: 'INR', availability: 'x', url: '/x', seller: 'S' },
      review: { '@type': 'Reviw' },
    };
    expect(vocabularyProblems(data)).toEqual([
      '$: prescriptionStatus is not a property of Product',
      '$.offers: Offer without price',
      '$.review: unknown @type "Reviw"',
    ]);
  });
});

describe('rupeesText and saltIngredients', () => {
  it.each([
    [0, '0.00'],
    [1, '1.00'],
    [25.5, '25.50'],
    [99.99, '99.99'],
    [0.1 + 0.2, '0.30'],
    [1234567.8, '1234567.80'],
    [10.05, '10.05'],
    [-5.5, '-5.50'],
  ])('%s rupees → "%s"', (amount, text) => {
    expect(rupeesText(amount)).toBe(text);
  });

  it.each([
    ['Paracetamol (500mg)', ['Paracetamol']],
    ['Amoxycillin (500mg) + Clavulanic Acid (125mg)', ['Amoxycillin', 'Clavulanic Acid']],
    ['Paracetamol(325mg)+Ibuprofen(400mg)+Caffeine', ['Paracetamol', 'Ibuprofen', 'Caffeine']],
    ['  Metformin   (500 mg)  ', ['Metformin']],
    ['Vitamin D3 (60000 IU', ['Vitamin D3']],
    ['Zinc + Zinc (10mg)', ['Zinc']],
    ['(500mg) + ', []],
    ['', []],
  ])('%j → %j', (composition, names) => {
    expect(saltIngredients(composition)).toEqual(names);
  });
});

describe('breadcrumbJsonLd', () => {
  it.each([
    { items: [], positions: [] },
    { items: [{ name: 'Home', path: '/' }], positions: [1] },
    {
      items: [
        { name: 'Home', path: '/' },
        { name: 'Pain & Fever', path: '/shop?divisionId=2&page=1' },
        { name: 'Crocin </script>', path: '/product/42' },
      ],
      positions: [1, 2, 3],
    },
  ])('numbers $positions.length items from 1 with absolute URLs', ({ items, positions }) => {
    const read = roundTrip(breadcrumbJsonLd(items, ORIGIN)) as {
      itemListElement: { position: number; name: string; item: string }[];
    };
    expect(read).toMatchObject({ '@context': 'https://schema.org', '@type': 'BreadcrumbList' });
    expect(read.itemListElement.map((each) => each.position)).toEqual(positions);
    expect(read.itemListElement.map((each) => [each.name, each.item])).toEqual(
      items.map((item) => [item.name, `${ORIGIN}${item.path}`]),
    );
    // An empty trail would be an error for Google, and a page has at least Home.
    if (items.length > 0) expect(vocabularyProblems(read as unknown as Json)).toEqual([]);
  });
});

describe('pharmacyJsonLd', () => {
  it('describes the shop with its address, PIN code and customer service contact', () => {
    const read = roundTrip(pharmacyJsonLd(SHOP, ORIGIN));
    expect(read).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Pharmacy',
      '@id': `${ORIGIN}/#pharmacy`,
      name: 'MediKart Pharmacy',
      url: `${ORIGIN}/`,
      logo: `${ORIGIN}/icons/icon-512.png`,
      image: `${ORIGIN}/icons/icon-512.png`,
      email: 'support@medikart.example',
      telephone: '+91 80 4000 1234',
      address: {
        '@type': 'PostalAddress',
        streetAddress: '12 MG Road, Bengaluru 560001, Karnataka',
        addressRegion: 'Karnataka',
        postalCode: '560001',
        addressCountry: 'IN',
      },
      contactPoint: {
        '@type': 'ContactPoint',
        contactType: 'customer service',
        telephone: '+91 80 4000 1234',
        email: 'support@medikart.example',
        areaServed: 'IN',
        availableLanguage: ['en'],
      },
    });
    expect(vocabularyProblems(read)).toEqual([]);
  });

  it.each([
    { label: 'no address (the build’s fallback settings)', address: undefined, pin: undefined },
    {
      label: 'an address without a PIN code',
      address: { text: 'Demo address: MG Road', state: 'Karnataka' },
      pin: undefined,
    },
    {
      label: 'a number that is not a PIN code (starts with 0)',
      address: { text: 'Plot 12, 012345 Industrial Area', state: 'Goa' },
      pin: undefined,
    },
  ])('$label', ({ address, pin }) => {
    const read = roundTrip(pharmacyJsonLd({ ...SHOP, address }, ORIGIN)) as {
      address?: { postalCode?: string };
    };
    if (address) expect(read.address?.postalCode).toBe(pin);
    else expect(read).not.toHaveProperty('address');
    expect(vocabularyProblems(read as unknown as Json)).toEqual([]);
  });
});

describe('faqPageJsonLd', () => {
  // The FAQ page's answers are text or elements with links (faq-list.tsx): a link keeps its words.
  const link = (text: string) => createElement('a', { href: '/dashboard/orders' }, text);
  const faqs = [
    { question: 'Do you ship abroad?', answer: 'Not at the moment.' },
    {
      question: 'What is your return policy?',
      answer: createElement(
        Fragment,
        null,
        'Open the delivered order in ',
        link('My Orders'),
        ' and choose Return items within ',
        '30 days',
        ' of delivery. Medicines that need cold storage can’t be returned.',
      ),
    },
    {
      question: 'Can I pay <later> & how?',
      answer: ['By card ', 0, ' fees', null, false, undefined, '.'],
    },
    { question: 'Empty answer?', answer: null },
  ];

  it('gives every question its accepted answer as the text the page shows', () => {
    const read = roundTrip(faqPageJsonLd(faqs));
    expect(read).toEqual({
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: [
        {
          '@type': 'Question',
          name: 'Do you ship abroad?',
          acceptedAnswer: { '@type': 'Answer', text: 'Not at the moment.' },
        },
        {
          '@type': 'Question',
          name: 'What is your return policy?',
          acceptedAnswer: {
            '@type': 'Answer',
            text: 'Open the delivered order in My Orders and choose Return items within 30 days of delivery. Medicines that need cold storage can’t be returned.',
          },
        },
        {
          '@type': 'Question',
          name: 'Can I pay <later> & how?',
          acceptedAnswer: { '@type': 'Answer', text: 'By card 0 fees.' },
        },
        {
          '@type': 'Question',
          name: 'Empty answer?',
          acceptedAnswer: { '@type': 'Answer', text: '' },
        },
      ],
    });
    // The empty answer is the one problem: a page should not ship a question without one.
    expect(vocabularyProblems(read)).toEqual([
      '$.mainEntity[3].acceptedAnswer: Answer without text',
    ]);
  });

  it('reads nested elements, arrays and numbers', () => {
    const nested = createElement('p', null, 'a ', createElement('b', null, ['b', 1]), ' c');
    expect(nodeText(nested)).toBe('a b1 c');
    expect(nodeText(undefined)).toBe('');
  });
});

describe('jsonLdScript', () => {
  it.each([
    ['</script><script>alert(1)</script>'],
    ['<!-- comment'],
    ['Tom & Jerry &amp;'],
    ['line\u2028separator\u2029paragraph'],
    ['हिंदी दवा ₹'],
  ])('keeps %j inside the element and unchanged for a JSON reader', (text) => {
    const script = jsonLdScript({ '@type': 'Thing', name: text });
    expect(script).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(script)).toEqual({ '@type': 'Thing', name: text });
  });
});
