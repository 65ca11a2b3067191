import {
  ORDER_STATUS,
  adminNextStatuses,
  can,
  duplicateTherapies,
  fromMinorUnits,
  lineTotalMinor,
  type OrderDetailResponse,
  type OrderStatusId,
} from '@pharmacy/shared';
import type { Database, DbOrTx } from '../../db/client';
import type { Session } from '../../plugins/auth';
import { recordHealthAccess } from '../audit/health-access.service';
import type { CatalogService } from '../catalog/catalog.service';
import type { ClinicalService } from '../clinical/clinical.service';
import type { ComplianceService } from '../compliance/compliance.service';
import type { InvoicesService } from '../invoices/invoices.service';
import type { PatientsService } from '../patients/patients.service';
import { withoutMoneyFor } from './order-access';
import { toOrder } from './order-status';
import * as repository from './orders.repository';

/**
 * Issue 32: the moves a role may offer on the order page: cancelling is `orders.cancel` (and
 * `orders.fulfil` too once dispatched: the owner's), every other move `orders.fulfil`.
 */
function nextStatusesFor(session: Session, from: OrderStatusId, next: OrderStatusId[]) {
  return next.filter((to) =>
    to === ORDER_STATUS.CANCELLED
      ? can(session.roleId, 'orders.cancel') &&
        (from !== ORDER_STATUS.DISPATCHED || can(session.roleId, 'orders.fulfil'))
      : can(session.roleId, 'orders.fulfil'),
  );
}

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
  /**
   * `opened`: the route the page was opened through. A patient record handed to anyone but the
   * customer that way is on the health-data access log (issue 32 point 4); the services that
   * read the detail for themselves (packing slip, buy again, refills) pass nothing.
   */
  return async function getDetail(
    session: Session,
    orderId: number,
    opened?: { route: string },
  ): Promise<OrderDetailResponse> {
    const row = await visibleOrder(session, orderId);
    // Issue 32: what this person may see of it. The order's own customer sees its money and
    // clinical advice; staff see what their permissions name (a packer: neither).
    const own = row.userId === session.userId;
    const staff = can(session.roleId, 'orders.view');
    const money = own || can(session.roleId, 'money.view');
    const clinicalView = own || can(session.roleId, 'prescriptions.review');
    const patientView = can(session.roleId, 'patients.view');
    const [lines, history, allocations, approval, taxDocuments, interactions, overrides, patient] =
      await Promise.all([
        repository.listLines(db, orderId),
        repository.listHistory(db, orderId),
        staff ? repository.listLineBatches(db, orderId) : Promise.resolve(undefined),
        row.hasPrescriptionItems ? compliance.approvalOf(db, orderId) : Promise.resolve(null),
        invoices.documentsOf(orderId),
        // Issue 31 point 4: the owner's history only (the order's own user), whoever looks.
        clinicalView ? clinical.forOrderId(orderId) : Promise.resolve([]),
        can(session.roleId, 'prescriptions.review')
          ? clinical.overridesOf(orderId)
          : Promise.resolve(undefined),
        // The pharmacist reviews with the patient's age, sex and allergies beside the files.
        patientView && row.hasPrescriptionItems
          ? patients.patientViewOfOrder(orderId)
          : Promise.resolve(undefined),
      ]);
    if (opened && patient)
      await recordHealthAccess(db, {
        viewerUserId: session.userId,
        customerId: row.userId,
        opened: 'order_patient',
        orderId,
        patientId: patient.id,
        route: opened.route,
      });
    const products = await catalog.productsByIds(
      lines.flatMap((line) => (line.productId === null ? [] : [line.productId])),
    );
    const context = {
      hasPrescriptionItems: row.hasPrescriptionItems,
      prescriptionApproved: approval !== null,
    };
    return {
      dispensing: {
        // The packer learns that it was approved, not for whom.
        approval:
          approval && !clinicalView && !patientView ? { ...approval, patientName: null } : approval,
        nextStatusIds: staff
          ? nextStatusesFor(
              session,
              row.statusId as OrderStatusId,
              adminNextStatuses(row.statusId as OrderStatusId, context),
            )
          : [],
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
      order: withoutMoneyFor(session, toOrder(row)),
      orderDetails: lines.map((line) => {
        const product = line.productId === null ? undefined : products.get(line.productId);
        return {
          id: line.id,
          quantity: line.quantity,
          count: line.quantity,
          productName: line.productName,
          ...(money
            ? {
                offerPrice: fromMinorUnits(line.unitPriceMinor),
                maximumRetailPrice: fromMinorUnits(line.maximumRetailPriceMinor),
                lineTotal: fromMinorUnits(lineTotalMinor(line.unitPriceMinor, line.quantity)),
                discount: fromMinorUnits(line.discountMinor),
              }
            : {}),
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
