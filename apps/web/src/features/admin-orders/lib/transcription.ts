import { z } from 'zod';
import {
  DEFAULT_PRESCRIPTION_H1_VALID_DAYS,
  DEFAULT_PRESCRIPTION_VALID_DAYS,
  interactionOverrideReasonSchema,
  prescriptionTranscriptionSchema,
  prescriptionValidUntil,
  type OrderDetailLine,
  type PrescriptionTranscriptionInput,
  type Product,
} from '@pharmacy/shared';

/** One prescribed line as the form holds it: text where the pharmacist types. */
export interface TranscriptionLineValues {
  /** 'salt': any brand of the product's salt at this strength; 'product': this medicine only. */
  covers: 'salt' | 'product';
  productId: number | null;
  saltCompositionId: number | null;
  /** What the line is called on screen (the product's, or its salt's name). */
  productName: string;
  saltName: string | null;
  strength: string;
  dose: string;
  frequency: string;
  durationDays: string;
  quantity: string;
  /** Units of this order the line is for: what remains after it is quantity minus these. */
  orderedUnits: number;
}

export interface TranscriptionValues {
  prescriberName: string;
  prescriberQualification: string;
  prescriberRegistrationNumber: string;
  prescriberCouncil: string;
  issuedOn: string;
  lines: TranscriptionLineValues[];
  /** Needed when the order has a major interaction or an allergy; empty otherwise. */
  overrideReason: string;
}

/**
 * The form's first values: one line per prescription product of the order, as a salt line at
 * the product's strength when the catalogue knows both (any brand then covers it), else as the
 * product itself; the quantity is what the order asks for.
 */
export function initialTranscription(
  lines: readonly OrderDetailLine[],
  products: ReadonlyMap<number, Product>,
): TranscriptionValues {
  return {
    prescriberName: '',
    prescriberQualification: '',
    prescriberRegistrationNumber: '',
    prescriberCouncil: '',
    issuedOn: '',
    overrideReason: '',
    lines: lines
      .filter((line) => line.prescription && line.product)
      .map((line) => {
        const product = line.product ? products.get(line.product.id) : undefined;
        const bySalt = Boolean(product?.saltCompositionId && product.strength);
        return {
          covers: bySalt ? 'salt' : 'product',
          productId: line.product?.id ?? null,
          saltCompositionId: product?.saltCompositionId ?? null,
          productName: line.product?.name ?? line.productName,
          saltName: product?.saltComposition?.name ?? null,
          strength: product?.strength ?? '',
          dose: '',
          frequency: '',
          durationDays: '',
          quantity: String(line.quantity),
          orderedUnits: line.quantity,
        };
      }),
  };
}

/** A whole number typed in a field, or NaN so the shared schema refuses it with its sentence. */
const wholeNumber = (text: string) => (/^\d{1,6}$/.test(text.trim()) ? Number(text) : Number.NaN);

/** The form's text as the API's transcription (the shared schema then checks it). */
export function transcriptionOfForm(values: TranscriptionValues): PrescriptionTranscriptionInput {
  return {
    prescriberName: values.prescriberName,
    prescriberQualification: values.prescriberQualification,
    prescriberRegistrationNumber: values.prescriberRegistrationNumber,
    prescriberCouncil: values.prescriberCouncil,
    issuedOn: values.issuedOn,
    lines: values.lines.map((line) => ({
      saltCompositionId: line.covers === 'salt' ? line.saltCompositionId : null,
      productId: line.covers === 'product' ? line.productId : null,
      strength: line.strength.trim() === '' ? null : line.strength,
      dose: line.dose,
      frequency: line.frequency,
      durationDays: wholeNumber(line.durationDays),
      quantity: wholeNumber(line.quantity),
    })),
  };
}

/**
 * The form's rule: the shared transcription schema on the form's text (its messages land on the
 * form's own field names), and the override reason's schema when a major interaction asks for it.
 */
export function transcriptionFormSchema(needsOverride: boolean) {
  return z
    .custom<TranscriptionValues>((value) => typeof value === 'object' && value !== null)
    .transform((values) => ({
      ...transcriptionOfForm(values),
      overrideReason: values.overrideReason,
    }))
    .pipe(
      prescriptionTranscriptionSchema.extend({
        overrideReason: needsOverride
          ? interactionOverrideReasonSchema
          : z.string().transform((): undefined => undefined),
      }),
    );
}
export type TranscriptionFormOutput = z.output<ReturnType<typeof transcriptionFormSchema>>;

/**
 * The last day the prescription may be dispensed against, by the shared rule with the shop's
 * validity settings as the order answer gives them (the defaults when it does not), the shorter
 * Schedule H1 one when a line's product is H1; null until the date of issue is a real day.
 */
export function validUntilOf(
  issuedOn: string,
  lines: readonly TranscriptionLineValues[],
  products: ReadonlyMap<number, Product>,
  settings: { validDays: number; h1ValidDays: number } = {
    validDays: DEFAULT_PRESCRIPTION_VALID_DAYS,
    h1ValidDays: DEFAULT_PRESCRIPTION_H1_VALID_DAYS,
  },
): { validUntil: string; scheduleH1: boolean } | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(issuedOn)) return null;
  const scheduleH1 = lines.some(
    (line) => line.productId !== null && products.get(line.productId)?.schedule.code === 'H1',
  );
  return {
    scheduleH1,
    validUntil: prescriptionValidUntil(issuedOn, scheduleH1, settings),
  };
}
