import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { linkIn, readLatestMail } from './support/outbox';

/** Issue 3 acceptance: the account journeys, as a person would go through them. */

// Whole journeys of a dozen pages each; the default 30 s is tight on a busy machine.
test.describe.configure({ timeout: 90_000 });

let counter = 0;
function uniqueEmail(who: string): string {
  counter += 1;
  return `${who}.${Date.now()}.${process.pid}.${counter}@example.com`;
}

interface Account {
  name: string;
  email: string;
  password: string;
  token: string;
  id: number;
}

/** A member made through the API, for journeys that are not about signing up. */
async function createMember(request: APIRequestContext, name: string): Promise<Account> {
  const email = uniqueEmail(name.split(' ')[0]!.toLowerCase());
  const password = 'first-secret1';
  const response = await request.post('/api/auth/signup', {
    data: { name, email, phoneNumber: '9876543210', password, confirmPassword: password },
  });
  expect(response.status()).toBe(201);
  const body = (await response.json()) as { token: string; user: { id: number } };
  return { name, email, password, token: body.token, id: body.user.id };
}

async function useSession(page: Page, token: string) {
  await page.addInitScript((value) => window.localStorage.setItem('token', value), token);
}

async function login(page: Page, email: string, password: string) {
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Login', exact: true }).click();
}

function userMenuButton(page: Page, name: string) {
  return page.getByRole('banner').getByRole('button', { name, exact: true });
}

test('sign up → edit profile → change password → sign out → sign in with the new password', async ({
  page,
}) => {
  const email = uniqueEmail('neha');
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Login', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Sign Up' }).click();

  const signup = page.getByRole('form', { name: 'Sign Up' });
  await signup.getByRole('button', { name: 'Sign Up' }).click();
  await expect(signup.getByText('Confirm password is required.')).toBeVisible();
  await signup.getByLabel('Name', { exact: true }).fill('Neha Verma');
  await signup.getByLabel('Email', { exact: true }).fill(email);
  await signup.getByLabel('Phone number').fill('98765');
  await expect(signup.getByText('Phone number must be 10-15 digits.')).toBeVisible();
  await signup.getByLabel('Phone number').fill('9876543210');
  await signup.getByLabel('Password', { exact: true }).fill('first-secret1');
  await signup.getByLabel('Confirm password').fill('first-secret1');
  await expect(signup.getByRole('alert')).toHaveCount(0);
  await signup.getByRole('button', { name: 'Sign Up' }).click();

  await expect(page).toHaveURL(/\/$/);
  const menu = userMenuButton(page, 'Neha Verma');
  await expect(menu).toBeVisible();

  await menu.click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Account Details' })).toBeVisible();
  const profile = page.getByRole('form', { name: 'Edit profile' });
  await profile.getByLabel('Name').fill('Neha Sharma');
  await profile.getByLabel('Phone number').fill('+91 98765-43210');
  await profile.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile updated successfully')).toBeVisible();
  await expect(userMenuButton(page, 'Neha Sharma')).toBeVisible();
  await page.reload();
  await expect(profile.getByLabel('Phone number')).toHaveValue('+91 98765-43210');

  await page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'Account Security' })
    .click();
  const security = page.getByRole('form', { name: 'Reset Password' });
  await security.getByRole('button', { name: 'Change password' }).click();
  await expect(security.getByRole('alert')).toHaveText([
    'Old password is required.',
    'New password is required.',
    'Please confirm your new password.',
  ]);
  await security.getByLabel('Old password').fill('first-secret1');
  await expect(security.getByRole('alert')).toHaveCount(2);
  await security.getByLabel('New password', { exact: true }).fill('second-secret2');
  await security.getByLabel('Confirm new password').fill('second-secret2');
  await security.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed successfully.')).toBeVisible();
  // This browser keeps its session on the fresh token, across a reload too.
  await page.reload();
  await expect(userMenuButton(page, 'Neha Sharma')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Account Security' })).toBeVisible();

  await userMenuButton(page, 'Neha Sharma').click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(userMenuButton(page, 'Login')).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();

  await page.goto('/login');
  await login(page, email, 'first-secret1');
  await expect(page.getByRole('form', { name: 'Login' }).getByRole('alert')).toHaveText(
    'Invalid email or password.',
  );
  await login(page, email, 'second-secret2');
  await expect(page).toHaveURL(/\/$/);
  await expect(userMenuButton(page, 'Neha Sharma')).toBeVisible();
});

test('forgot password → open the mailed link → set a password → sign in', async ({
  page,
  request,
}) => {
  const account = await createMember(request, 'Farah Khan');
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot Password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  const form = page.getByRole('form', { name: 'Forgot Password' });
  await form.getByLabel('Email').fill(account.email);
  await form.getByRole('button', { name: 'Send reset link' }).click();
  await expect(
    page.getByText(
      'If an account exists for that email, we have sent a link to reset the password. It is valid for one hour.',
    ),
  ).toBeVisible();

  const mail = await readLatestMail(account.email, '/reset-password?token=');
  const link = linkIn(mail, `${new URL(page.url()).origin}/reset-password?token=`);
  await page.goto(link);
  const reset = page.getByRole('form', { name: 'Reset Password' });
  await reset.getByLabel('New password', { exact: true }).fill('reset-secret3');
  await reset.getByLabel('Confirm new password').fill('reset-secret4');
  await reset.getByRole('button', { name: 'Set new password' }).click();
  await expect(reset.getByRole('alert')).toHaveText('Passwords do not match.');
  await reset.getByLabel('Confirm new password').fill('reset-secret3');
  await reset.getByRole('button', { name: 'Set new password' }).click();
  await expect(
    page.getByText('Your password has been reset. Please sign in with your new password.'),
  ).toBeVisible();

  // The link works once.
  await page.goto(link);
  await reset.getByLabel('New password', { exact: true }).fill('reset-secret5');
  await reset.getByLabel('Confirm new password').fill('reset-secret5');
  await reset.getByRole('button', { name: 'Set new password' }).click();
  await expect(
    page.getByText('This reset link is invalid or has expired. Please ask for a new one.'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();

  await page.goto('/login');
  await login(page, account.email, account.password);
  await expect(page.getByRole('form', { name: 'Login' }).getByRole('alert')).toHaveText(
    'Invalid email or password.',
  );
  await login(page, account.email, 'reset-secret3');
  await expect(page).toHaveURL(/\/$/);
  await expect(userMenuButton(page, 'Farah Khan')).toBeVisible();
});

test('add two addresses → make the second primary → delete it → the first is primary again', async ({
  page,
  request,
}) => {
  const account = await createMember(request, 'Arjun Mehta');
  await useSession(page, account.token);
  await page.goto('/dashboard/address');
  await expect(page.getByRole('heading', { level: 1, name: 'Saved Address' })).toBeVisible();
  await expect(page.getByText('No addresses found.')).toBeVisible();

  const cards = page.getByRole('article');
  const card = (street: string) => cards.filter({ hasText: street });
  const addAddress = async (street: string, pinCode: string) => {
    await page.getByRole('link', { name: 'Add', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/address\/add$/);
    const form = page.getByRole('form', { name: 'Address' });
    await expect(form.getByLabel('Country')).toHaveValue('India');
    await expect(form.getByLabel('Country')).not.toBeEditable();
    await form.getByLabel('Name', { exact: true }).fill('Arjun Mehta');
    await form.getByLabel('Phone', { exact: true }).fill('9876543210');
    await form.getByLabel('Street').fill(street);
    await form.getByLabel('City').fill('Pune');
    await form.getByLabel('State').fill('Maharashtra');
    await form.getByLabel('Pin Code').fill(pinCode);
    // A double click must still save one address.
    await form.getByRole('button', { name: 'Save address' }).dblclick();
    await expect(page.getByText('Address added successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/address$/);
  };

  await page.getByRole('link', { name: 'Add', exact: true }).click();
  await page
    .getByRole('form', { name: 'Address' })
    .getByRole('button', { name: 'Save address' })
    .click();
  await expect(page.getByRole('form', { name: 'Address' }).getByRole('alert')).toHaveText([
    'Name is required',
    'Phone is required',
    'Street is required',
    'City is required',
    'State is required',
    'Pin Code is required',
  ]);
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/dashboard\/address$/);

  await addAddress('14 FC Road, Shivajinagar', '411005');
  await addAddress('Tower B, Magarpatta City', '411013');
  await expect(cards).toHaveCount(2);
  await expect(card('FC Road').getByRole('heading')).toHaveText('Default Delivery Address');
  await expect(card('Magarpatta').getByRole('heading')).toHaveText('Delivery Address');

  await card('Magarpatta').getByRole('link', { name: /^Edit/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/address\/edit\/\d+$/);
  const form = page.getByRole('form', { name: 'Address' });
  await expect(form.getByLabel('Street')).toHaveValue('Tower B, Magarpatta City');
  await form.getByLabel('Make this my default address').check();
  await form.getByRole('button', { name: 'Save address' }).click();
  await expect(page).toHaveURL(/\/dashboard\/address$/);
  await expect(cards.first().getByRole('heading')).toHaveText('Default Delivery Address');
  await expect(cards.first()).toContainText('Magarpatta');
  await expect(card('FC Road').getByRole('heading')).toHaveText('Delivery Address');

  await card('Magarpatta').getByRole('link', { name: /^Edit/ }).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete address' });
  await expect(dialog).toContainText('Are you sure you want to delete this address?');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Address deleted successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/address$/);
  await expect(cards).toHaveCount(1);
  await expect(card('FC Road').getByRole('heading')).toHaveText('Default Delivery Address');
});

test("admin signs in → Users → searches → opens a customer's orders", async ({ page, request }) => {
  const customer = await createMember(request, 'Kiran Desai');
  await page.goto('/login');
  await login(page, 'admin@medikart.example', 'Admin@123');
  await expect(page).toHaveURL(/\/$/);
  const adminMenu = page.getByRole('banner').getByRole('button', { name: 'Administrator' });
  await adminMenu.click();
  await page.getByRole('menuitem', { name: 'Dashboard' }).click();
  await page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'Users' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await expect(page.getByRole('columnheader')).toHaveText([
    '#',
    'Name',
    'Email',
    'Phone',
    'Joined',
    'Role',
  ]);

  await page.getByPlaceholder('Type user name or email').fill(customer.email);
  await expect(page.getByText('1 user', { exact: true })).toBeVisible();
  const rows = page.getByRole('row').filter({ hasText: customer.email });
  await expect(rows).toHaveCount(1);
  await expect(rows.getByRole('cell').last()).toHaveText('Member');

  await page.getByPlaceholder('Type user name or email').fill('no-such-person-zz');
  await expect(page.getByText('No users found.')).toBeVisible();
  await page.getByPlaceholder('Type user name or email').fill(customer.email);
  await rows.click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/orders/customers/${customer.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: /Customer Orders/ })).toBeVisible();
});

test('Google sign-in against the local OIDC provider lands signed in on /', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Login with Google' }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  const menu = userMenuButton(page, 'Google Shopper');
  await expect(menu).toBeVisible();

  await menu.click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page.getByText('Logged in With Google')).toBeVisible();
  // Account Security is for password accounts only (spec §2 / §6). The menu is there (so the
  // link's absence is not that of the whole menu).
  const menuLinks = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(menuLinks.getByRole('link', { name: 'Address' })).toBeVisible();
  await expect(menuLinks.getByRole('link', { name: 'Account Security' })).toHaveCount(0);
  await page.goto('/dashboard/security');
  await expect(page.getByText('The page you are looking for was not found.')).toBeVisible();
});
