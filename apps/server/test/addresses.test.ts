import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_NOT_FOUND, MESSAGES } from '@pharmacy/shared';
import { createUser, validAddress, type TestUser } from './factories';
import { buildTestApp, testDriver, type TestApp } from './helpers';

describe(`addresses (${testDriver})`, () => {
  let t: TestApp;
  let a: TestUser;
  let b: TestUser;
  beforeAll(async () => {
    t = await buildTestApp();
    a = await createUser(t);
    b = await createUser(t);
  });
  afterAll(async () => t.close());

  const list = async (user: TestUser) =>
    (
      await t.app.inject({ method: 'GET', url: '/api/user/getAllAddress', headers: user.auth })
    ).json().addressList as Array<{
      id: number;
      name: string;
      isPrimary: boolean;
      country: string;
    }>;
  const save = (user: TestUser, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/user/saveAddress', headers: user.auth, payload });

  it('requires a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/user/getAllAddress' })).statusCode).toBe(
      401,
    );
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/user/saveAddress', payload: validAddress }))
        .statusCode,
    ).toBe(401);
  });

  it.each([
    ['name', 'Name is required'],
    ['phone', 'Phone is required'],
    ['street', 'Street is required'],
    ['city', 'City is required'],
    ['state', 'State is required'],
    ['pinCode', 'Pin Code is required'],
  ])('rejects an address without %s and saves nothing', async (field, message) => {
    const res = await save(a, { ...validAddress, [field]: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`${field}: ${message}`);
    expect(await list(a)).toHaveLength(0);
  });

  it('keeps the country India', async () => {
    const res = await save(a, { ...validAddress, country: 'Nepal' });
    expect(res.statusCode).toBe(400);
  });

  it('makes the first address primary, moves the primary, and promotes the newest on delete', async () => {
    const first = await save(a, validAddress);
    expect(first.statusCode).toBe(201);
    expect(first.json().message).toBe(MESSAGES.addressAdded);
    const firstId = first.json().addressId as number;
    const second = await save(a, { ...validAddress, name: 'Office' });
    const secondId = second.json().addressId as number;
    let addresses = await list(a);
    expect(addresses.map((x) => [x.id, x.isPrimary])).toEqual([
      [firstId, true],
      [secondId, false],
    ]);
    expect(addresses[0]?.country).toBe('India');

    const moved = await t.app.inject({
      method: 'PATCH',
      url: `/api/user/updateAddress/${secondId}`,
      headers: a.auth,
      payload: { ...validAddress, name: 'Office', isPrimary: true },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().message).toBe('Address added successfully');
    addresses = await list(a);
    expect(addresses.filter((x) => x.isPrimary).map((x) => x.id)).toEqual([secondId]);

    // Un-ticking the only primary keeps it primary: a user with addresses always has one.
    await t.app.inject({
      method: 'PATCH',
      url: `/api/user/updateAddress/${secondId}`,
      headers: a.auth,
      payload: { ...validAddress, name: 'Office 2', isPrimary: false },
    });
    addresses = await list(a);
    expect(addresses.find((x) => x.id === secondId)).toMatchObject({
      isPrimary: true,
      name: 'Office 2',
    });

    const third = (await save(a, { ...validAddress, name: 'Parents' })).json().addressId as number;
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/deleteAddress/${secondId}`,
      headers: a.auth,
    });
    expect(deleted.json().message).toBe(MESSAGES.addressDeleted);
    addresses = await list(a);
    expect(addresses.filter((x) => x.isPrimary).map((x) => x.id)).toEqual([third]);
    expect(addresses.map((x) => x.id).sort()).toEqual([firstId, third].sort());
  });

  it("never shows or changes another user's address: 404 every time", async () => {
    const [mine] = await list(a);
    if (!mine) throw new Error('a has addresses');
    const get = await t.app.inject({
      method: 'GET',
      url: `/api/user/getAddressById/${mine.id}`,
      headers: b.auth,
    });
    expect(get.statusCode).toBe(404);
    expect(get.json().message).toBe(ADDRESS_NOT_FOUND);
    const update = await t.app.inject({
      method: 'PATCH',
      url: `/api/user/updateAddress/${mine.id}`,
      headers: b.auth,
      payload: { ...validAddress, isPrimary: true },
    });
    expect(update.statusCode).toBe(404);
    const remove = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/deleteAddress/${mine.id}`,
      headers: b.auth,
    });
    expect(remove.statusCode).toBe(404);
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/user/getAddressById/999999',
      headers: b.auth,
    });
    expect(missing.statusCode).toBe(404);
    expect(await list(a)).toContainEqual(expect.objectContaining({ id: mine.id, name: mine.name }));
    expect(await list(b)).toHaveLength(0);
  });

  it('reads one address and rejects a malformed id', async () => {
    const [mine] = await list(a);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/user/getAddressById/${mine?.id}`,
      headers: a.auth,
    });
    expect(res.json().address).toMatchObject({
      id: mine?.id,
      pinCode: '411001',
      alternatePhone: null,
    });
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/user/getAddressById/abc',
      headers: a.auth,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('keeps exactly one primary when two tabs add addresses at once', async () => {
    const c = await createUser(t);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        save(c, { ...validAddress, name: `Tab ${i}`, isPrimary: true }),
      ),
    );
    expect(results.every((r) => r.statusCode === 201)).toBe(true);
    const addresses = await list(c);
    expect(addresses).toHaveLength(6);
    expect(addresses.filter((x) => x.isPrimary)).toHaveLength(1);
  });
});
