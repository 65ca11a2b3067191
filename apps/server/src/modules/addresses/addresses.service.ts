import { ADDRESS_NOT_FOUND, MESSAGES, type Address, type AddressInput } from '@pharmacy/shared';
import type { Database, DbOrTx } from '../../db/client';
import { ConflictError, NotFoundError } from '../../lib/errors';
import * as repository from './addresses.repository';

/** A generous ceiling so a script cannot fill the table; no household needs more. */
export const MAX_ADDRESSES_PER_USER = 50;

function fieldsOf(input: AddressInput): repository.AddressFields {
  return {
    name: input.name,
    phone: input.phone,
    street: input.street,
    city: input.city,
    state: input.state,
    country: 'India',
    pinCode: input.pinCode,
    alternatePhone: input.alternatePhone?.trim() ? input.alternatePhone.trim() : null,
  };
}

/**
 * Issue 3: exactly one primary address whenever a user has any. The first becomes primary,
 * choosing another moves it, deleting the primary promotes the newest remaining one. Every change
 * runs in a transaction holding the user's row, so concurrent tabs cannot break the rule.
 */
export function createAddressesService(db: Database) {
  return {
    list: (userId: number): Promise<Address[]> => repository.listByUser(db, userId),

    async get(userId: number, addressId: number, tx: DbOrTx = db): Promise<Address> {
      const address = await repository.findOwned(tx, userId, addressId);
      if (!address) throw new NotFoundError(ADDRESS_NOT_FOUND);
      return address;
    },

    async create(
      userId: number,
      input: AddressInput,
    ): Promise<{ addressId: number; message: string }> {
      const addressId = await db.transaction(async (tx) => {
        await repository.lockUser(tx, userId);
        const existing = await repository.countByUser(tx, userId);
        if (existing >= MAX_ADDRESSES_PER_USER) {
          throw new ConflictError(`You can save at most ${MAX_ADDRESSES_PER_USER} addresses.`);
        }
        const primary = existing === 0 || input.isPrimary === true;
        if (primary) await repository.clearPrimary(tx, userId);
        return repository.insert(tx, userId, fieldsOf(input), primary);
      });
      return { addressId, message: MESSAGES.addressAdded };
    },

    async update(
      userId: number,
      addressId: number,
      input: AddressInput,
    ): Promise<{ addressId: number; message: string }> {
      await db.transaction(async (tx) => {
        await repository.lockUser(tx, userId);
        const current = await repository.findOwned(tx, userId, addressId);
        if (!current) throw new NotFoundError(ADDRESS_NOT_FOUND);
        // Un-ticking the primary address is ignored: some address must stay primary.
        const makePrimary = input.isPrimary === true && !current.isPrimary;
        if (makePrimary) await repository.clearPrimary(tx, userId);
        await repository.update(tx, userId, addressId, {
          ...fieldsOf(input),
          ...(makePrimary ? { isPrimary: true } : {}),
        });
      });
      // Spec §7 keeps the original's toast text for updates too ('Address added successfully' sic).
      return { addressId, message: MESSAGES.addressAdded };
    },

    async remove(userId: number, addressId: number): Promise<{ message: string }> {
      await db.transaction(async (tx) => {
        await repository.lockUser(tx, userId);
        const current = await repository.findOwned(tx, userId, addressId);
        if (!current) throw new NotFoundError(ADDRESS_NOT_FOUND);
        await repository.remove(tx, userId, addressId);
        if (current.isPrimary) {
          const next = await repository.newestOther(tx, userId, addressId);
          if (next) await repository.setPrimary(tx, next.id);
        }
      });
      return { message: MESSAGES.addressDeleted };
    },
  };
}

export type AddressesService = ReturnType<typeof createAddressesService>;
