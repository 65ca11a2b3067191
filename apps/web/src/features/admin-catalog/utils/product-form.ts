import {
  CATALOG_IMAGE_MAX_BYTES,
  CATALOG_IMAGE_MAX_FILES,
  CATALOG_IMAGE_TYPES,
  DEFAULT_GST_RATE,
  DEFAULT_HSN_CODE,
  type Product,
  type ProductCreateInput,
  type ProductFormInput,
} from '@pharmacy/shared';

/**
 * The form's own values: what the inputs hold (text), before the shared schema parses them. The
 * opening stock (quantity and its first batch) is filled in on add only; the edit schema ignores
 * those fields, because stock then changes through the batches (docs/decisions/0011).
 */
export interface ProductFormValues {
  name: string;
  maximumRetailPrice: string;
  offerPrice: string;
  divisionId: string;
  manufacturerId: string;
  saltCompositionId: string;
  /** Follows from the chosen schedule (issue 16); sent too, so both always agree. */
  prescription: boolean;
  /** A drug schedule code (GET /api/schedules); '' until the list has loaded on add. */
  scheduleCode: string;
  /** Issue 16: the most units one order may hold; '' for no limit. */
  maxUnitsPerOrder: string;
  isActive: boolean;
  /** Issue 19: false for cold-chain and other items that cannot be resold. */
  returnable: boolean;
  dosageForm: string;
  strength: string;
  packSize: string;
  description: string;
  /** Issue 18: printed on the tax invoice. */
  hsnCode: string;
  /** One of GST_RATES, as the select's text. */
  gstRate: string;
  quantity: string;
  batchNumber: string;
  expiryDate: string;
  supplier: string;
  invoiceReference: string;
  purchasePrice: string;
}

/** What the shared schema answers: the edit fields, plus the opening stock on add. */
export type ProductFormOutput = ProductFormInput | ProductCreateInput;

const noOpeningStock = {
  quantity: '',
  batchNumber: '',
  expiryDate: '',
  supplier: '',
  invoiceReference: '',
  purchasePrice: '',
};

/** Spec §3: quantity defaults to 1 on the form; a new product is active. */
export function productFormDefaults(product?: Product): ProductFormValues {
  if (!product) {
    return {
      name: '',
      maximumRetailPrice: '',
      offerPrice: '',
      divisionId: '',
      manufacturerId: '',
      saltCompositionId: '',
      prescription: false,
      scheduleCode: '',
      maxUnitsPerOrder: '',
      isActive: true,
      returnable: true,
      dosageForm: '',
      strength: '',
      packSize: '',
      description: '',
      hsnCode: DEFAULT_HSN_CODE,
      gstRate: String(DEFAULT_GST_RATE),
      ...noOpeningStock,
      quantity: '1',
    };
  }
  return {
    name: product.name,
    maximumRetailPrice: product.maximumRetailPrice.toFixed(2),
    offerPrice: product.offerPrice.toFixed(2),
    divisionId: String(product.divisionId),
    manufacturerId: String(product.manufacturerId),
    saltCompositionId: product.saltCompositionId === null ? '' : String(product.saltCompositionId),
    ...noOpeningStock,
    prescription: product.prescription,
    scheduleCode: product.schedule.code,
    maxUnitsPerOrder: product.maxUnitsPerOrder === null ? '' : String(product.maxUnitsPerOrder),
    isActive: product.isActive,
    returnable: product.returnable ?? true,
    dosageForm: product.dosageForm ?? '',
    strength: product.strength ?? '',
    packSize: product.packSize ?? '',
    description: product.description ?? '',
    hsnCode: product.hsnCode,
    gstRate: String(product.gstRate),
  };
}

/**
 * The multipart body of POST/PATCH /product (spec §7): every field as text and the new files
 * under `image`. Issue 16: the schedule's code (when chosen) with the prescription flag it
 * implies, and the per-order limit ('' clears it). A new product also carries its opening stock (quantity, batch number, expiry and
 * the optional receipt details); an edit never sends a quantity (the server would refuse a changed one). On edit
 * `keepImageUrls` lists the stored images to keep; an empty value says "keep none", since leaving
 * the field out keeps them all.
 */
export function productFormData(
  values: ProductFormOutput,
  images: { files: readonly File[]; keepImageUrls?: readonly string[] },
): FormData {
  const form = new FormData();
  const fields: Record<string, string> = {
    name: values.name,
    maximumRetailPrice: String(values.maximumRetailPrice),
    offerPrice: String(values.offerPrice),
    divisionId: String(values.divisionId),
    manufacturerId: String(values.manufacturerId),
    saltCompositionId: String(values.saltCompositionId),
    prescription: String(values.prescription),
    maxUnitsPerOrder: values.maxUnitsPerOrder == null ? '' : String(values.maxUnitsPerOrder),
    isActive: String(values.isActive),
    dosageForm: values.dosageForm ?? '',
    strength: values.strength ?? '',
    packSize: values.packSize ?? '',
    description: values.description ?? '',
  };
  if (values.scheduleCode) fields.scheduleCode = values.scheduleCode;
  if (values.returnable !== undefined) fields.returnable = String(values.returnable);
  if (values.hsnCode !== undefined) fields.hsnCode = values.hsnCode;
  if (values.gstRate !== undefined) fields.gstRate = String(values.gstRate);
  if ('quantity' in values) {
    fields.quantity = String(values.quantity);
    fields.batchNumber = values.batchNumber;
    fields.expiryDate = values.expiryDate;
    fields.supplier = values.supplier ?? '';
    fields.invoiceReference = values.invoiceReference ?? '';
    fields.purchasePrice = values.purchasePrice === null ? '' : String(values.purchasePrice);
  }
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (images.keepImageUrls) {
    if (images.keepImageUrls.length === 0) form.append('keepImageUrls', '');
    for (const url of images.keepImageUrls) form.append('keepImageUrls', url);
  }
  for (const file of images.files) form.append('image', file, file.name);
  return form;
}

const FORM_FIELDS = new Set<keyof ProductFormValues>([
  'name',
  'maximumRetailPrice',
  'offerPrice',
  'divisionId',
  'manufacturerId',
  'saltCompositionId',
  'prescription',
  'scheduleCode',
  'maxUnitsPerOrder',
  'isActive',
  'returnable',
  'dosageForm',
  'strength',
  'packSize',
  'description',
  'hsnCode',
  'gstRate',
  'quantity',
  'batchNumber',
  'expiryDate',
  'supplier',
  'invoiceReference',
  'purchasePrice',
]);

/** The server names the field of a validation error: 'offerPrice: Offer Price must be less than MRP'. */
export function fieldOfServerMessage(
  message: string,
): { field: keyof ProductFormValues; message: string } | null {
  const match = /^(\w+): (.+)$/.exec(message);
  if (!match) return null;
  const [, field = '', text = ''] = match;
  return FORM_FIELDS.has(field as keyof ProductFormValues)
    ? { field: field as keyof ProductFormValues, message: text }
    : null;
}

const IMAGE_TYPES: readonly string[] = CATALOG_IMAGE_TYPES;
const MAX_MB = Math.round(CATALOG_IMAGE_MAX_BYTES / (1024 * 1024));

/**
 * Image files only (JPEG, PNG, GIF or WebP; the server checks the bytes again), at most 5 MB
 * each and at most 8 per product. Returns the files taken and a sentence for each one refused.
 */
export function checkImageFiles(
  files: readonly File[],
  alreadyChosen: number,
  maxFiles: number = CATALOG_IMAGE_MAX_FILES,
): { accepted: File[]; errors: string[] } {
  const accepted: File[] = [];
  const errors: string[] = [];
  for (const file of files) {
    if (!IMAGE_TYPES.includes(file.type)) {
      errors.push(`${file.name} is not a JPEG, PNG, GIF or WebP image.`);
    } else if (file.size > CATALOG_IMAGE_MAX_BYTES) {
      errors.push(`${file.name} is larger than ${MAX_MB} MB.`);
    } else if (alreadyChosen + accepted.length >= maxFiles) {
      errors.push(`A product can have at most ${maxFiles} images.`);
      break;
    } else {
      accepted.push(file);
    }
  }
  return { accepted, errors };
}
