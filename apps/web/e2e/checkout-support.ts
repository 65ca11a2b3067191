import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';

/**
 * Helpers of the checkout journeys: users and orders are made through the API to keep the
 * journeys fast; the browser does what the journey is about.
 */
export async function apiCall<T>(
  request: APIRequestContext,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  options: {
    token?: string;
    data?: unknown;
    multipart?: Record<string, string | { name: string; mimeType: string; buffer: Buffer }>;
    headers?: Record<string, string>;
  } = {},
): Promise<T> {
  const response = await request.fetch(path, {
    method,
    data: options.data,
    multipart: options.multipart,
    headers: {
      ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
  });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

let accounts = 0;
export async function signUp(request: APIRequestContext, label: string) {
  const email = `checkout-${label}-${Date.now()}-${process.pid}-${accounts++}@example.test`;
  const session = await apiCall<{ token: string; user: { id: number; name: string } }>(
    request,
    'POST',
    '/api/auth/signup',
    {
      data: {
        name: `Checkout ${label}`,
        email,
        phoneNumber: '9876543210',
        password: 'Secret123',
        confirmPassword: 'Secret123',
      },
    },
  );
  return { ...session, email };
}

export async function adminToken(request: APIRequestContext): Promise<string> {
  const { token } = await apiCall<{ token: string }>(request, 'POST', '/api/auth/login', {
    data: { email: 'admin@medikart.example', password: 'Admin@123' },
  });
  return token;
}

interface Product {
  id: number;
  name: string;
  quantity: number;
  prescription: boolean;
  offerPrice: number;
}

/** A stocked product of the demo catalogue, with or without the prescription flag. */
export async function demoProduct(
  request: APIRequestContext,
  prescription: boolean,
  index = 0,
): Promise<Product> {
  const { productList } = await apiCall<{ productList: Product[] }>(
    request,
    'GET',
    '/api/product/all?limit=100&orderBy=createdAt&orderType=asc',
  );
  const product = productList.filter((p) => p.prescription === prescription && p.quantity >= 20)[
    index
  ];
  if (!product) throw new Error(`no stocked product with prescription ${prescription}`);
  return product;
}

/** Cart → order, as the drawer's 'Place Order' would; returns the order id. */
export async function placeOrder(
  request: APIRequestContext,
  token: string,
  product: Product,
  count = 2,
) {
  await apiCall(request, 'POST', '/api/cart', {
    token,
    data: { productId: product.id, quantity: count },
  });
  const { orderId } = await apiCall<{ orderId: number }>(request, 'POST', '/api/order', {
    token,
    headers: { 'Idempotency-Key': `checkout-e2e-${Date.now()}-${Math.random()}` },
  });
  return orderId;
}

export async function saveAddress(request: APIRequestContext, token: string) {
  const { addressId } = await apiCall<{ addressId: number }>(
    request,
    'POST',
    '/api/user/saveAddress',
    {
      token,
      data: {
        name: 'Asha Rao',
        phone: '9876543210',
        street: '12 MG Road',
        city: 'Bengaluru',
        state: 'Karnataka',
        pinCode: '560001',
        isPrimary: true,
      },
    },
  );
  return addressId;
}

/** Saves an address and gives it to the order (the Confirm Address step), as the page would. */
export async function confirmAddress(request: APIRequestContext, token: string, orderId: number) {
  const addressId = await saveAddress(request, token);
  await apiCall(request, 'PUT', `/api/order/${orderId}`, { token, data: { addressId } });
}

/**
 * An order placed, given its address, confirmed for cash on delivery and then dispatched and
 * delivered by the admin, all through the API: where a journey starts after delivery.
 */
export async function deliveredCashOrder(
  request: APIRequestContext,
  token: string,
  product: Product,
  count: number,
) {
  const orderId = await placeOrder(request, token, product, count);
  await confirmAddress(request, token, orderId);
  await apiCall(request, 'PUT', `/api/order/${orderId}`, {
    token,
    data: { payment: 'Cash on Delivery' },
  });
  const admin = await adminToken(request);
  for (const statusId of [6, 7])
    // Dispatched, then Delivered
    await apiCall(request, 'PUT', `/api/order/${orderId}`, { token: admin, data: { statusId } });
  return orderId;
}

/** A 1×1 PNG and a minimal PDF, real enough for the server's content checks. */
export const pngFile = {
  name: 'prescription-photo.png',
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  ),
};
export const pdfFile = {
  name: 'prescription-scan.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  ),
};

export async function pageAs(browser: Browser, token: string): Promise<Page> {
  const context = await browser.newContext();
  await context.addInitScript((value) => window.localStorage.setItem('token', value), token);
  return context.newPage();
}

/** Confirm the primary address, then upload the image and the PDF with a comment. */
export async function addressAndPrescription(page: Page, orderId: number) {
  await page.goto(`/order/process/${orderId}`);
  await expect(page.getByText('12 MG Road')).toBeVisible();
  await page.getByRole('button', { name: 'Confirm Address' }).click();

  await expect(page.getByRole('heading', { name: 'Upload Prescription' })).toBeVisible();
  await page.getByLabel('Choose prescription if any').setInputFiles([pngFile, pdfFile]);
  await expect(page.getByRole('img', { name: `Preview of ${pngFile.name}` })).toBeVisible();
  await expect(page.getByLabel(`Preview of ${pdfFile.name}`)).toBeVisible();
  await page.getByRole('button', { name: 'Do you have any comments to add?' }).click();
  await page.getByLabel('Type your comments here').fill('Dosage as discussed with Dr. Mehta');
  await page.getByRole('button', { name: 'Upload Prescription' }).click();
  await expect(page.getByText('Prescription uploaded successfully')).toBeVisible();
}

export async function fillCard(page: Page, cardNumber: string) {
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Asha Rao');
}
