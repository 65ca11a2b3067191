import type { DrugSchedule, Pagination, Product } from '@pharmacy/shared';

/** India's default schedules (issue 16), as GET /api/schedules answers them. */
export const testSchedules = {
  OTC: {
    code: 'OTC',
    name: 'Over the counter',
    requiresPrescription: false,
    onlineSale: true,
    keepsRegister: false,
  },
  H: {
    code: 'H',
    name: 'Schedule H',
    requiresPrescription: true,
    onlineSale: true,
    keepsRegister: false,
  },
  H1: {
    code: 'H1',
    name: 'Schedule H1',
    requiresPrescription: true,
    onlineSale: true,
    keepsRegister: true,
  },
  X: {
    code: 'X',
    name: 'Schedule X',
    requiresPrescription: true,
    onlineSale: false,
    keepsRegister: true,
  },
} as const satisfies Record<string, DrugSchedule>;

/** A product as GET /api/product/all answers it, for tests. */
export function makeProduct(overrides: Partial<Product> = {}): Product {
  const id = overrides.id ?? 1;
  return {
    id,
    name: `Product ${id}`,
    offerPrice: 90,
    maximumRetailPrice: 100,
    quantity: 20,
    prescription: overrides.schedule?.requiresPrescription ?? false,
    schedule: testSchedules.OTC,
    maxUnitsPerOrder: null,
    isActive: true,
    images: [],
    divisionId: 1,
    manufacturerId: 4,
    saltCompositionId: 1,
    division: { id: 1, name: 'Pain Relief' },
    manufacturer: { id: 4, name: 'Micro Labs' },
    saltComposition: { id: 1, name: 'Paracetamol (650mg)' },
    dosageForm: 'Tablet',
    strength: '650mg',
    packSize: 'Strip of 15 tablets',
    description: null,
    hsnCode: '3004',
    gstRate: 5,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function productPage(
  products: Product[],
  pagination: Partial<Pagination> = {},
): { productList: Product[]; pagination: Pagination } {
  return {
    productList: products,
    pagination: {
      page: 1,
      pageSize: 25,
      rowCount: products.length,
      pageCount: products.length > 0 ? 1 : 0,
      ...pagination,
    },
  };
}
