import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MEDICINE_MESSAGES, type MedicinePage, type MedicineProduct } from '@pharmacy/shared';
import { mockApi, settingsResponse } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { QueryClient } from '@tanstack/react-query';
import { medicineQueryOptions } from '../api/get-medicine';
import { medicinePageHead, resolveMedicinePageHead } from '../medicine-page-head';
import { MedicineInformationPage } from './medicine-page';

const salt = { id: 7, name: 'Paracetamol (650mg)', slug: 'paracetamol-650mg' };
const otc = {
  code: 'OTC',
  name: 'Over the counter',
  requiresPrescription: false,
  onlineSale: true,
  keepsRegister: false,
};

function product(id: number, name: string, offerPrice: number, savingsPerUnit: number) {
  return {
    id,
    name,
    offerPrice,
    maximumRetailPrice: 70,
    quantity: 20,
    prescription: false,
    schedule: otc,
    maxUnitsPerOrder: null,
    isActive: true,
    images: [],
    divisionId: 1,
    manufacturerId: 1,
    saltCompositionId: salt.id,
    division: { id: 1, name: 'Pain Relief' },
    manufacturer: { id: 1, name: 'Micro Labs' },
    saltComposition: salt,
    dosageForm: 'Tablet',
    strength: '650mg',
    packSize: 'Strip of 15 tablets',
    description: null,
    hsnCode: '3004',
    gstRate: 5,
    createdAt: '2026-01-01T00:00:00.000Z',
    savingsPerUnit,
    savingsPercent: savingsPerUnit > 0 ? 65 : 0,
  } satisfies MedicineProduct;
}

const published: MedicinePage = {
  salt,
  content: {
    summary: 'A pain reliever and fever reducer.',
    uses: ['Fever', 'Headache'],
    howItWorks: 'It lowers the chemical messengers that cause pain and fever.',
    sideEffectsCommon: ['Nausea'],
    sideEffectsSerious: ['Liver damage in overdose'],
    safety: {
      alcohol: { level: 'unsafe', advice: 'Avoid alcohol.' },
      pregnancy: { level: 'safe-if-prescribed', advice: 'Use as your doctor advises.' },
      breastfeeding: { level: 'safe', advice: 'Passes into milk in small amounts.' },
      driving: { level: 'not-applicable', advice: 'Does not affect driving.' },
      kidney: { level: 'caution', advice: 'A lower dose may be needed.' },
      liver: { level: 'consult-doctor', advice: 'Ask your doctor first.' },
    },
    howToTake: 'Swallow with water.',
    missedDose: 'Take it when you remember.',
    storage: 'Below 30°C.',
    interactions: [
      {
        with: 'Warfarin',
        severity: 'moderate',
        effect: 'May raise the INR.',
        advice: 'Tell your doctor.',
      },
    ],
  },
  review: {
    reviewerName: 'Asha Rao',
    registrationNumber: 'KA/PH/2020/00042',
    reviewedAt: '2026-11-20T04:30:00.000Z',
  },
  products: [product(1, 'Cheap brand', 22, 41.5), product(2, 'Dear brand', 63.5, 0)],
  productCount: 30,
  prescription: 'not-required',
};

function renderPage(answer: { status?: number; body: unknown }) {
  mockApi({
    'GET /api/settings': { body: settingsResponse },
    'GET /api/medicines/paracetamol-650mg': answer,
  });
  return renderWithProviders(
    <MedicineInformationPage
      slug="paracetamol-650mg"
      renderProduct={(item, note) => (
        <article aria-label={item.name}>
          {item.name}
          {note}
        </article>
      )}
    />,
  );
}

describe('medicine information page (issue 30)', () => {
  it('shows every section, the safety levels in words, the products and the review', async () => {
    renderPage({ body: published });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Paracetamol (650mg)' }),
    ).toBeTruthy();
    for (const section of [
      'What it is used for',
      'How it works',
      'Side effects',
      'Safety advice',
      'How to take it',
      'Storage',
      'Interactions',
      'Medicines containing Paracetamol (650mg)',
    ])
      expect(screen.getByRole('heading', { level: 2, name: section })).toBeTruthy();
    const safety = screen.getByRole('heading', { name: 'Safety advice' }).closest('section');
    expect(within(safety as HTMLElement).getByText('Unsafe')).toBeTruthy();
    expect(within(safety as HTMLElement).getByText('Safe if prescribed')).toBeTruthy();
    expect(within(safety as HTMLElement).getByText('Consult your doctor')).toBeTruthy();
    expect(screen.getByText('Moderate interaction')).toBeTruthy();
    expect(screen.getByText('If you miss a dose')).toBeTruthy();

    const cards = screen.getAllByRole('article').map((card) => card.getAttribute('aria-label'));
    expect(cards).toEqual(['Cheap brand', 'Dear brand']);
    expect(
      within(screen.getByRole('article', { name: 'Cheap brand' })).getByText('Save ₹41.50 (65%)'),
    ).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'See all 30 products with Paracetamol (650mg)' }),
    ).toBeTruthy();

    const review = screen.getByRole('complementary', { name: 'Medical review' });
    expect(within(review).getByText('Reviewed by Asha Rao, registered pharmacist')).toBeTruthy();
    expect(within(review).getByText('Registration number: KA/PH/2020/00042')).toBeTruthy();
    expect(within(review).getByText('20 Nov 2026')).toBeTruthy();
    expect(within(review).getByText(MEDICINE_MESSAGES.notAdvice)).toBeTruthy();
  });

  it('shows the products and says the information is being prepared when none is published', async () => {
    renderPage({ body: { ...published, content: null, review: null } });
    expect(await screen.findByText(MEDICINE_MESSAGES.preparing)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Safety advice' })).toBeNull();
    expect(screen.getAllByRole('article')).toHaveLength(2);
  });

  it('shows the not-found page for an unknown salt', async () => {
    renderPage({
      status: 404,
      body: { statusCode: 404, error: 'Not Found', message: MEDICINE_MESSAGES.notFound },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });

  it('gives the head: canonical, noindex without content, Drug and MedicalWebPage', () => {
    const head = medicinePageHead(published, 'Test Pharmacy');
    expect(head).toMatchObject({
      title: 'Paracetamol (650mg): uses, side effects and safety | Test Pharmacy',
      description: 'A pain reliever and fever reducer.',
      canonicalPath: '/medicine/paracetamol-650mg',
      noindex: false,
    });
    expect(head.jsonLd?.[0]).toMatchObject({
      '@type': 'Drug',
      nonProprietaryName: 'Paracetamol',
      activeIngredient: 'Paracetamol',
      prescriptionStatus: 'https://schema.org/OTC',
    });
    expect(head.jsonLd?.[1]).toMatchObject({
      '@type': 'MedicalWebPage',
      lastReviewed: '2026-11-20',
      reviewedBy: { '@type': 'Person', name: 'Asha Rao' },
    });
    const preparing = medicinePageHead(
      { ...published, content: null, review: null },
      'Test Pharmacy',
    );
    expect(preparing.noindex).toBe(true);
    expect(preparing.jsonLd?.[1]).not.toHaveProperty('lastReviewed');
  });

  it('resolves the head and status of /medicine/{slug} from the query cache', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(medicineQueryOptions('paracetamol-650mg').queryKey, published);
    const shop = { shopName: 'Test Pharmacy' };
    const origin = 'https://shop.example';
    expect(
      resolveMedicinePageHead({ pathname: '/shop', queryClient, shop, origin }),
    ).toBeUndefined();
    expect(
      resolveMedicinePageHead({
        pathname: '/medicine/paracetamol-650mg',
        queryClient,
        shop,
        origin,
      }),
    ).toMatchObject({ status: 200, head: { canonicalPath: '/medicine/paracetamol-650mg' } });
    expect(
      resolveMedicinePageHead({ pathname: '/medicine/unknown', queryClient, shop, origin }),
    ).toMatchObject({ status: 404, head: { noindex: true } });
  });
});
