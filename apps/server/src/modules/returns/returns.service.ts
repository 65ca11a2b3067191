import {
  DAMAGE_REASONS,
  ORDER_NOT_FOUND,
  ORDER_STATUS,
  RETURN_MESSAGES,
  RETURN_REASONS,
  damageWindowCheck,
  fromMinorUnits,
  lineReturnBlock,
  returnRequestInputSchema,
  returnWindowCheck,
  type AfterSalesPolicy,
  type OrderReturnsResponse,
  type ReturnKind,
  type ReturnRequest,
  can,
} from '@pharmacy/shared';
import type { Database, DbOrTx } from '../../db/client';
import { AppError, BadRequestError, ConflictError, NotFoundError } from '../../lib/errors';
import type { UploadedFile } from '../../lib/multipart';
import type { FileStorage } from '../../lib/storage/index';
import type { Session } from '../../plugins/auth';
import { recordAudit } from '../audit/audit.service';
import type { MailOutbox } from '../notifications/mail-outbox';
import { checkPrescriptionFiles } from '../prescriptions/prescriptions.service';
import { returnStepMail, type ReturnMailStep } from './returns-mail';
import { viewRequests } from './returns-view';
import * as repository from './returns.repository';

const HOUR_MS = 3_600_000;

export interface ReturnsDeps {
  db: Database;
  storage: FileStorage;
  outbox: MailOutbox;
  policy: AfterSalesPolicy;
  publicUrl: string;
  shopName: string;
  now?: (() => Date) | undefined;
}

/** The prescription upload's file rules, with the messages naming the photo field. */
function checkPhotos(files: UploadedFile[]) {
  if (files.length === 0) return [];
  try {
    return checkPrescriptionFiles(files);
  } catch (error) {
    if (error instanceof AppError && error.message.startsWith('image:'))
      throw new BadRequestError(`photo:${error.message.slice('image:'.length)}`);
    throw error;
  }
}

function parseInput(fields: Record<string, string | string[]>) {
  const single = (name: string) => {
    const value = fields[name];
    return Array.isArray(value) ? value[0] : value;
  };
  let lines: unknown;
  try {
    lines = JSON.parse(single('lines') ?? '[]');
  } catch {
    throw new BadRequestError(`lines: ${RETURN_MESSAGES.noLines}`);
  }
  const parsed = returnRequestInputSchema.safeParse({
    kind: single('kind'),
    reasonCode: single('reasonCode'),
    reasonText: single('reasonText'),
    lines,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new BadRequestError(`${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`);
  }
  const input = parsed.data;
  const reasons: ReadonlyArray<{ code: string }> =
    input.kind === 'damage' ? DAMAGE_REASONS : RETURN_REASONS;
  if (!reasons.some((reason) => reason.code === input.reasonCode))
    throw new BadRequestError(`reasonCode: ${RETURN_MESSAGES.reasonUnknown}`);
  const seen = new Set<number>();
  for (const line of input.lines) {
    if (seen.has(line.orderLineId))
      throw new BadRequestError('lines: Each item may appear only once in a request.');
    seen.add(line.orderLineId);
  }
  return input;
}

/** Units of each line still open to a request: delivered less those in live requests. */
export async function returnableLines(db: DbOrTx, orderId: number) {
  const [lines, taken] = await Promise.all([
    repository.orderLinesOf(db, orderId),
    repository.unitsInRequests(db, orderId),
  ]);
  return lines.map((line) => {
    const inRequests = taken.get(line.id);
    return {
      ...line,
      unitsLeft: Math.max(0, line.quantity - (inRequests?.units ?? 0)),
      block: (kind: ReturnKind) =>
        lineReturnBlock(
          {
            returnable: line.returnable ?? false,
            prescription: line.prescription,
            productExists: line.productId !== null && line.returnable !== null,
          },
          kind,
        ),
    };
  });
}

export function createReturnsService(deps: ReturnsDeps) {
  const { db, storage, outbox, policy } = deps;
  const now = deps.now ?? (() => new Date());

  async function mailStep(
    tx: DbOrTx,
    request: { id: number; orderId: number; kind: string; userId: number },
    step: ReturnMailStep,
  ) {
    const customer = await repository.customerOf(tx, request.userId);
    if (!customer) return;
    await outbox.enqueue(
      tx,
      `return.${step.step}`,
      returnStepMail(
        {
          requestId: request.id,
          orderId: request.orderId,
          kind: request.kind as ReturnKind,
          email: customer.email,
          name: customer.name,
        },
        step,
        deps,
      ),
    );
  }

  async function ownOrder(session: Session, orderId: number, admin: boolean) {
    const order = await repository.findOrder(db, orderId);
    const visible =
      order &&
      (order.userId === session.userId || (admin && can(session.roleId, 'returns.manage')));
    if (!order || !visible) throw new NotFoundError(ORDER_NOT_FOUND);
    return order;
  }

  return {
    mailStep,

    /** A member's return or damage report of their delivered order (multipart form). */
    async create(
      session: Session,
      orderId: number,
      fields: Record<string, string | string[]>,
      files: UploadedFile[],
    ): Promise<{ message: string; request: ReturnRequest }> {
      await ownOrder(session, orderId, false);
      const input = parseInput(fields);
      if (input.kind === 'damage' && files.length === 0)
        throw new BadRequestError(`photo: ${RETURN_MESSAGES.photoRequired}`);
      const photos = checkPhotos(files);
      const stored: string[] = [];
      try {
        for (const photo of photos)
          stored.push(await storage.savePrivate('returns', photo.extension, photo.content));
        const requestId = await db.transaction(async (tx) => {
          const order = await repository.lockOrder(tx, orderId);
          if (!order || order.userId !== session.userId) throw new NotFoundError(ORDER_NOT_FOUND);
          if (order.statusId !== ORDER_STATUS.DELIVERED)
            throw new ConflictError(RETURN_MESSAGES.notDelivered);
          const window =
            input.kind === 'return'
              ? returnWindowCheck(order.deliveredAt, now(), policy)
              : damageWindowCheck(order.deliveredAt, now(), policy);
          if (!window.allowed) throw new ConflictError(window.reason);

          const lines = new Map((await returnableLines(tx, orderId)).map((l) => [l.id, l]));
          const items: string[] = [];
          for (const wanted of input.lines) {
            const line = lines.get(wanted.orderLineId);
            if (!line) throw new BadRequestError(`lines: ${RETURN_MESSAGES.lineNotInOrder}`);
            const block = line.block(input.kind);
            if (block) throw new BadRequestError(`lines: ${line.productName}: ${block}`);
            if (wanted.units > line.unitsLeft)
              throw new BadRequestError(
                line.unitsLeft === 0
                  ? `lines: Every unit of ${line.productName} is already in a request.`
                  : `lines: At most ${line.unitsLeft} ${line.unitsLeft === 1 ? 'unit' : 'units'} of ${line.productName} can be sent back.`,
              );
            items.push(`${line.productName} × ${wanted.units}`);
          }

          const request = await repository.insertRequest(tx, {
            orderId,
            userId: session.userId,
            kind: input.kind,
            reasonCode: input.reasonCode,
            reasonText: input.reasonText,
          });
          await repository.insertLines(tx, request.id, input.lines);
          await repository.insertPhotos(
            tx,
            request.id,
            photos.map((photo, i) => ({
              storageKey: stored[i] as string,
              originalName: photo.name,
              mimeType: photo.mime,
              sizeBytes: photo.content.length,
            })),
          );
          await repository.insertEvent(tx, {
            returnRequestId: request.id,
            fromStatus: null,
            toStatus: 'requested',
            byUserId: session.userId,
            note: input.reasonText,
          });
          await recordAudit(tx, {
            actorUserId: session.userId,
            action: 'return.requested',
            entityType: 'return_request',
            entityId: request.id,
            details: {
              orderId,
              kind: input.kind,
              reasonCode: input.reasonCode,
              lines: input.lines,
            },
          });
          await mailStep(tx, request, { step: 'requested', items });
          return request.id;
        });
        const [row] = (await repository.requestsOfOrder(db, orderId)).filter(
          (r) => r.id === requestId,
        );
        const [request] = await viewRequests(db, row ? [row] : []);
        return { message: RETURN_MESSAGES.requested, request: request as ReturnRequest };
      } catch (error) {
        await Promise.all(stored.map((key) => storage.removePrivate(key)));
        throw error;
      }
    },

    /** The order's requests and, for the form, what may still be sent back (owner or admin). */
    async forOrder(session: Session, orderId: number): Promise<OrderReturnsResponse> {
      const order = await ownOrder(session, orderId, true);
      const [rows, lines] = await Promise.all([
        repository.requestsOfOrder(db, orderId),
        returnableLines(db, orderId),
      ]);
      const delivered = order.statusId === ORDER_STATUS.DELIVERED ? order.deliveredAt : null;
      const at = now();
      const returnCheck = returnWindowCheck(delivered, at, policy);
      const damageCheck = damageWindowCheck(delivered, at, policy);
      const deadline = (ms: number) =>
        delivered ? new Date(delivered.getTime() + ms).toISOString() : null;
      const view = lines.map((line) => {
        const reason = (kind: ReturnKind) =>
          line.block(kind) ??
          (line.unitsLeft === 0 ? 'Every unit of this item is already in a request.' : null);
        return {
          orderLineId: line.id,
          productName: line.productName,
          quantity: line.quantity,
          unitPrice: fromMinorUnits(line.unitPriceMinor),
          returnableUnits: line.unitsLeft,
          blockReason: { return: reason('return'), damage: reason('damage') },
        };
      });
      const anyFor = (kind: ReturnKind) => view.some((line) => line.blockReason[kind] === null);
      const noneLeft = 'Every item of this order is already in a request or cannot be returned.';
      return {
        requests: await viewRequests(db, rows),
        lines: view,
        canReturn: returnCheck.allowed && anyFor('return'),
        returnDeadline: deadline(policy.returnDays * 24 * HOUR_MS),
        returnBlockReason: returnCheck.allowed
          ? anyFor('return')
            ? null
            : noneLeft
          : returnCheck.reason,
        canReportDamage: damageCheck.allowed && anyFor('damage'),
        damageDeadline: deadline(policy.damageReportHours * HOUR_MS),
        damageBlockReason: damageCheck.allowed
          ? anyFor('damage')
            ? null
            : noneLeft
          : damageCheck.reason,
      };
    },

    /** A photo of a request: private, for the order's owner or an admin (404 for anyone else). */
    async photo(session: Session, requestId: number, photoId: number) {
      const photo = await repository.findPhoto(db, requestId, photoId);
      if (!photo) throw new NotFoundError('No photo found.');
      try {
        await ownOrder(session, photo.orderId, true);
      } catch {
        throw new NotFoundError('No photo found.');
      }
      return {
        content: await storage.readPrivate(photo.storageKey),
        name: photo.originalName,
        mimeType: photo.mimeType,
      };
    },
  };
}

export type ReturnsService = ReturnType<typeof createReturnsService>;
