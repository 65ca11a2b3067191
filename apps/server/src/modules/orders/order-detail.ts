import {
  ROLE,
  adminNextStatuses,
  duplicateTherapies,
  fromMinorUnits,
  lineTotalMinor,
  type OrderDetailResponse,
  type OrderStatusId,
} from '@pharmacy/shared';
import type { Database, DbOrTx } from '../../db/client';
import type { Session } from '../../plugins/auth';
import type { CatalogService } from '../catalog/catalog.service';
import type { ClinicalService } from '../clinical/clinical.service';
import type { ComplianceService } from '../compliance/compliance.service';
import type { InvoicesService } from '../invoices/invoices.service';
import type { PatientsService } from '../patients/patients.service';
import { toOrder } from './order-status';
import * as repository from './orders.repository';

const isAdmin = (session: Session) => session.roleId === ROLE.ADMIN;

/**
 * Spec §2 order detail: the order, its lines (with their batches for admins), the status history,
 * the dispensing state (issue 16) and the tax documents to download (issue 18).
 */
export function createOrderDetail(deps: {
  db: Database;
  catalog: Pick<CatalogService, 'productsByIds'>;
  compliance: Pick<ComplianceService, 'approvalOf'>;
  invoices: Pick<InvoicesService, 'documentsOf'>;
  clinical: Pick<ClinicalService, 'forOrderId' | 'overridesOf'>;
  patients: Pick<PatientsService, 'patientViewOfOrder'>;
  prescriptionValidity: { validDays: number; h1ValidDays: number };
  visibleOrder: (session: Session, orderId: number, tx?: DbOrTx) => Promise<repository.OrderRow>;
}) {
  const { db, catalog, compliance, invoices, clinical, patients, visibleOrder } = deps;
  return async function getDetail(session: Session, orderId: number): Promise<OrderDetailResponse> {
    const row = await visibleOrder(session, orderId);
    const admin = isAdmin(session);
    const [lines, history, allocations, approval, taxDocuments, interactions, overrides, patient] =
      await Promise.all([
        repository.listLines(db, orderId),
        repository.listHistory(db, orderId),
        admin ? repository.listLineBatches(db, orderId) : Promise.resolve(undefined),
        row.hasPrescriptionItems ? compliance.approvalOf(db, orderId) : Promise.resolve(null),
        invoices.documentsOf(orderId),
        // Issue 31 point 4: the owner's history only (the order's own user), whoever looks.
        clinical.forOrderId(orderId),
        admin ? clinical.overridesOf(orderId) : Promise.resolve(undefined),
        // The pharmacist reviews with the patient's age, sex and allergies beside the files.
        admin && row.hasPrescriptionItems
          ? patients.patientViewOfOrder(orderId)
          : Promise.resolve(undefined),
      ]);
    const products = await catalog.productsByIds(
      lines.flatMap((line) => (line.productId === null ? [] : [line.productId])),
    );
    const context = {
      hasPrescriptionItems: row.hasPrescriptionItems,
      prescriptionApproved: approval !== null,
    };
    return {
      dispensing: {
        approval,
        nextStatusIds: admin ? adminNextStatuses(row.statusId as OrderStatusId, context) : [],
        ...(overrides ? { interactionOverrides: overrides } : {}),
        ...(patient !== undefined
          ? { patient, prescriptionValidity: deps.prescriptionValidity }
          : {}),
        duplicateTherapies: duplicateTherapies(
          lines.flatMap((line) => {
            const product = line.productId === null ? undefined : products.get(line.productId);
            return product
              ? [
                  {
                    productId: product.id,
                    productName: line.productName,
                    saltCompositionId: product.saltComposition?.id ?? null,
                    saltCompositionName: product.saltComposition?.name ?? null,
                  },
                ]
              : [];
          }),
        ),
      },
      order: toOrder(row),
      orderDetails: lines.map((line) => {
        const product = line.productId === null ? undefined : products.get(line.productId);
        return {
          id: line.id,
          quantity: line.quantity,
          count: line.quantity,
          productName: line.productName,
          offerPrice: fromMinorUnits(line.unitPriceMinor),
          maximumRetailPrice: fromMinorUnits(line.maximumRetailPriceMinor),
          lineTotal: fromMinorUnits(lineTotalMinor(line.unitPriceMinor, line.quantity)),
          discount: fromMinorUnits(line.discountMinor),
          prescription: line.prescription,
          product: product ? { id: product.id, name: product.name, images: product.images } : null,
          ...(allocations
            ? {
                batches: allocations
                  .filter((allocation) => allocation.orderLineId === line.id)
                  .map(({ orderLineId: _line, ...batch }) => batch),
              }
            : {}),
        };
      }),
      statusHistory: history.map((entry) => ({
        ...entry,
        createdAt: entry.createdAt.toISOString(),
      })),
      taxDocuments,
      interactions,
    };
  };
}
