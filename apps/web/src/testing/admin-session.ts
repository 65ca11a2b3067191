import { reloadSession } from '../lib/auth-session';
import { mockApi, settingsResponse, type Handler } from './mock-api';

/** The admin the admin pages' tests sign in as (not a pharmacist). */
export const testAdmin = {
  id: 1,
  name: 'Asha Admin',
  email: 'admin@example.com',
  phoneNumber: '9876543210',
  roleId: 1,
  providerName: 'Email',
  pharmacistRegistrationNumber: null,
};

/**
 * Signs in as testAdmin with an empty All Orders list mocked; `routes` add answers or replace
 * these. Returns the fetch mock.
 */
export function signInAsAdmin(routes: Record<string, Handler> = {}) {
  window.localStorage.setItem('token', 'admin-token');
  reloadSession();
  return mockApi({
    'GET /api/settings': { body: settingsResponse },
    'GET /api/user/myProfile': { body: testAdmin },
    'GET /api/order/all': {
      body: { orderList: [], pagination: { page: 1, pageCount: 0, rowCount: 0, pageSize: 10 } },
    },
    ...routes,
  });
}
