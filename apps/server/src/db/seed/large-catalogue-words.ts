import type { Random } from './random';

/**
 * The words the large catalogue builds its products from (large-catalogue.ts): molecules with
 * their strengths, brand syllables, pack sizes and containers. Dosage forms and divisions are the
 * demo catalogue's names (demo-catalogue.json), plain strings here.
 */

export type DosageForm = string;
export type DivisionName = string;

export interface Molecule {
  name: string;
  strengths: readonly string[];
  division: DivisionName;
  form: DosageForm;
  /** Typical MRP in rupees for a pack. */
  mrp: number;
  rx: boolean;
}

export const m = (
  name: string,
  strengths: readonly string[],
  division: DivisionName,
  form: DosageForm,
  mrp: number,
  rx: boolean,
): Molecule => ({ name, strengths, division, form, mrp, rx });

// prettier-ignore
export const MOLECULES: readonly Molecule[] = [
  m('Paracetamol', ['500mg', '650mg', '1000mg'], 'Pain Relief', 'Tablet', 60, false),
  m('Aceclofenac', ['100mg', '200mg'], 'Pain Relief', 'Tablet', 90, false),
  m('Ibuprofen', ['200mg', '400mg', '600mg'], 'Pain Relief', 'Tablet', 60, false),
  m('Diclofenac', ['50mg', '75mg', '100mg'], 'Pain Relief', 'Tablet', 70, false),
  m('Etoricoxib', ['60mg', '90mg', '120mg'], 'Pain Relief', 'Tablet', 180, true),
  m('Tramadol', ['50mg', '100mg'], 'Pain Relief', 'Capsule', 120, true),
  m('Thiocolchicoside', ['4mg', '8mg'], 'Pain Relief', 'Capsule', 210, true),
  m('Cetirizine', ['5mg', '10mg'], 'Cold & Cough', 'Tablet', 55, false),
  m('Levocetirizine', ['5mg'], 'Cold & Cough', 'Tablet', 90, false),
  m('Fexofenadine', ['120mg', '180mg'], 'Cold & Cough', 'Tablet', 220, false),
  m('Montelukast', ['4mg', '5mg', '10mg'], 'Cold & Cough', 'Tablet', 190, true),
  m('Ambroxol', ['15mg/5ml', '30mg/5ml'], 'Cold & Cough', 'Syrup', 110, false),
  m('Dextromethorphan', ['10mg/5ml', '15mg/5ml'], 'Cold & Cough', 'Syrup', 120, false),
  m('Metformin', ['250mg', '500mg', '850mg', '1000mg'], 'Diabetes Care', 'Tablet', 70, true),
  m('Glimepiride', ['1mg', '2mg', '3mg', '4mg'], 'Diabetes Care', 'Tablet', 110, true),
  m('Sitagliptin', ['50mg', '100mg'], 'Diabetes Care', 'Tablet', 260, true),
  m('Teneligliptin', ['20mg', '40mg'], 'Diabetes Care', 'Tablet', 170, true),
  m('Dapagliflozin', ['5mg', '10mg'], 'Diabetes Care', 'Tablet', 380, true),
  m('Empagliflozin', ['10mg', '25mg'], 'Diabetes Care', 'Tablet', 420, true),
  m('Gliclazide', ['40mg', '80mg'], 'Diabetes Care', 'Tablet', 95, true),
  m('Voglibose', ['0.2mg', '0.3mg'], 'Diabetes Care', 'Tablet', 150, true),
  m('Amlodipine', ['2.5mg', '5mg', '10mg'], 'Cardiac Care', 'Tablet', 60, true),
  m('Telmisartan', ['20mg', '40mg', '80mg'], 'Cardiac Care', 'Tablet', 110, true),
  m('Losartan', ['25mg', '50mg'], 'Cardiac Care', 'Tablet', 90, true),
  m('Olmesartan', ['20mg', '40mg'], 'Cardiac Care', 'Tablet', 150, true),
  m('Atorvastatin', ['10mg', '20mg', '40mg', '80mg'], 'Cardiac Care', 'Tablet', 130, true),
  m('Rosuvastatin', ['5mg', '10mg', '20mg'], 'Cardiac Care', 'Tablet', 230, true),
  m('Bisoprolol', ['2.5mg', '5mg'], 'Cardiac Care', 'Tablet', 120, true),
  m('Torsemide', ['10mg', '20mg'], 'Cardiac Care', 'Tablet', 140, true),
  m('Azithromycin', ['250mg', '500mg'], 'Antibiotics', 'Tablet', 120, true),
  m('Amoxicillin', ['250mg', '500mg'], 'Antibiotics', 'Capsule', 85, true),
  m('Cefixime', ['100mg', '200mg'], 'Antibiotics', 'Tablet', 110, true),
  m('Cefpodoxime', ['100mg', '200mg'], 'Antibiotics', 'Tablet', 200, true),
  m('Levofloxacin', ['250mg', '500mg', '750mg'], 'Antibiotics', 'Tablet', 95, true),
  m('Linezolid', ['600mg'], 'Antibiotics', 'Tablet', 420, true),
  m('Pantoprazole', ['20mg', '40mg'], 'Digestive Health', 'Tablet', 150, false),
  m('Rabeprazole', ['10mg', '20mg'], 'Digestive Health', 'Tablet', 170, false),
  m('Esomeprazole', ['20mg', '40mg'], 'Digestive Health', 'Tablet', 180, false),
  m('Famotidine', ['20mg', '40mg'], 'Digestive Health', 'Tablet', 60, false),
  m('Domperidone', ['10mg'], 'Digestive Health', 'Tablet', 55, false),
  m('Lactulose', ['10g/15ml'], 'Digestive Health', 'Oral Solution', 240, false),
  m('Cholecalciferol', ['1000IU', '60000IU'], 'Vitamins & Supplements', 'Capsule', 130, false),
  m('Methylcobalamin', ['500mcg', '1500mcg'], 'Vitamins & Supplements', 'Tablet', 120, false),
  m('Folic Acid', ['5mg'], 'Vitamins & Supplements', 'Tablet', 55, false),
  m('Calcium Citrate', ['500mg', '1000mg'], 'Vitamins & Supplements', 'Tablet', 140, false),
  m('Biotin', ['5mg', '10mg'], 'Vitamins & Supplements', 'Tablet', 250, false),
  m('Zinc Sulphate', ['20mg', '50mg'], 'Vitamins & Supplements', 'Tablet', 60, false),
  m('Clotrimazole', ['1% w/w', '2% w/w'], 'Skin Care', 'Cream', 110, false),
  m('Terbinafine', ['1% w/w'], 'Skin Care', 'Cream', 160, false),
  m('Ketoconazole', ['2% w/w'], 'Skin Care', 'Cream', 150, false),
  m('Fluconazole', ['150mg'], 'Skin Care', 'Tablet', 60, true),
  m('Silver Sulfadiazine', ['1% w/w'], 'Skin Care', 'Cream', 95, true),
  m('Permethrin', ['5% w/w'], 'Skin Care', 'Cream', 140, true),
  m('Paracetamol', ['120mg/5ml', '250mg/5ml'], 'Baby Care', 'Suspension', 55, false),
  m('Simethicone', ['40mg/ml'], 'Baby Care', 'Drops', 95, false),
  m('Carboxymethylcellulose', ['0.5% w/v', '1% w/v'], 'Eye & Ear Care', 'Eye Drops', 150, false),
  m('Tobramycin', ['0.3% w/v'], 'Eye & Ear Care', 'Eye Drops', 90, true),
  m('Ofloxacin', ['0.3% w/v'], 'Eye & Ear Care', 'Ear Drops', 60, true),
  m('Ashwagandha Root Extract', ['250mg', '500mg'], 'Ayurveda', 'Tablet', 190, false),
  m('Tulsi Extract', ['250mg'], 'Ayurveda', 'Capsule', 160, false),
  m('Shatavari Extract', ['500mg'], 'Ayurveda', 'Tablet', 200, false),
  m('Brahmi Extract', ['250mg'], 'Ayurveda', 'Capsule', 170, false),
  m('Chlorhexidine Gluconate', ['0.2% w/v'], 'Personal Care', 'Mouthwash', 130, false),
];

/** More manufacturers, so 100,000 products spread over a realistic number of companies. */
export const EXTRA_MANUFACTURERS = [
  'Akums Drugs',
  'Hetero Healthcare',
  'Indchemie Health',
  'Panacea Biotec',
  'Biocon',
  'Natco Pharma',
  'Granules India',
  'Strides Pharma',
  'Caplin Point',
  'Marksans Pharma',
  'Bharat Serums',
  'Corona Remedies',
  'Overseas Healthcare',
  'Leeford Healthcare',
  'Cadila Pharmaceuticals',
  'Troikaa Pharmaceuticals',
  'Shreya Life Sciences',
  'West-Coast Pharmaceutical Works',
  'Elder Pharmaceuticals',
  'Raptakos Brett',
  'Systopic Laboratories',
  'Psychotropics India',
  'Sunways India',
  'Tablets India',
  'Zuventus Healthcare',
  'Fourrts India',
  'Mylan Pharmaceuticals',
  'Lividus Pharmaceuticals',
  'Cachet Pharmaceuticals',
  'Signova Pharma',
] as const;

export const PREFIXES: readonly string[] = (
  'Zero Ceta Pano Rabi Telmi Amlo Glyco Meto Rosu Atora Azi Cefo Oflo Levo Monte Fexo ' +
  'Calci Vita Neuro Derma Lulo Keto Clo Muco Gastro Digi Acido Sino Cofi Bronco Flexi ' +
  'Dolo Ibu Naxo Etori Lipo Cardi Hepa Reno Osteo Ortho Pedia Oculo Oto Rhino Pulmo ' +
  'Immu Hemo Ferro Zinco Nutri Myco Cuti Vaso Thyro Uro Sumo Maxi Novo Tri'
).split(' ');
export const SUFFIXES: readonly string[] = (
  'cet zole mox cin pril sar vas lor dex fen mol rex gel vit cal max tone zyme lax flox ' +
  'cef mide pine lin zin nac dol ra plex sol'
).split(' ');
export const COMBO_MARKS = ['-P', '-D', '-M', '-H', '-AM', '-LS', 'Plus', 'Forte', 'CV'] as const;
export const RELEASE_MARKS = ['SR', 'XL', 'MR', 'OD', 'DS', 'Forte'] as const;
export const HERBAL_WORDS: readonly string[] =
  'Herbal Care Active Daily Gold Junior Pro Natural Fresh Plus'.split(' ');

export const SIZES: Partial<Record<DosageForm, readonly string[]>> = {
  Syrup: ['60ml', '100ml', '150ml', '200ml'],
  Suspension: ['30ml', '60ml', '100ml'],
  'Oral Solution': ['100ml', '200ml', '450ml'],
  Drops: ['10ml', '15ml', '30ml'],
  'Eye Drops': ['5ml', '10ml'],
  'Ear Drops': ['5ml', '10ml'],
  Cream: ['10g', '15g', '20g', '30g', '50g'],
  Gel: ['15g', '30g', '50g'],
  Mouthwash: ['100ml', '150ml', '250ml'],
  Lotion: ['50ml', '100ml', '200ml'],
  Powder: ['50g', '100g', '200g'],
  Churna: ['100g', '200g'],
  Oil: ['100ml', '200ml'],
  Shampoo: ['100ml', '200ml', '400ml'],
  Liquid: ['100ml', '250ml', '500ml'],
  Toothpaste: ['70g', '100g', '150g'],
  Soap: ['75g', '100g', '125g'],
};

/** The container a size is sold in, by dosage form. */
export const CONTAINERS: Partial<Record<DosageForm, string>> = {
  Cream: 'Tube',
  Gel: 'Tube',
  Toothpaste: 'Tube',
  Powder: 'Jar',
  Churna: 'Jar',
  Soap: 'Bar',
};

/** Counted forms: 'Strip of 15 tablets', 'Pack of 72 wipes'. */
export const COUNTS: Partial<
  Record<DosageForm, { counts: readonly number[]; pack: string; unit: string }>
> = {
  Tablet: { counts: [10, 14, 15, 20, 30], pack: 'Strip', unit: 'tablets' },
  Capsule: { counts: [10, 15, 20, 30], pack: 'Strip', unit: 'capsules' },
  Wipes: { counts: [20, 40, 72], pack: 'Pack', unit: 'wipes' },
};

export const HERBAL_FORMS: Record<string, readonly DosageForm[]> = {
  Ayurveda: ['Tablet', 'Capsule', 'Syrup', 'Churna', 'Oil'],
  'Personal Care': ['Soap', 'Liquid', 'Lotion', 'Toothpaste', 'Shampoo'],
  'Skin Care': ['Cream', 'Gel', 'Lotion', 'Soap'],
  'Baby Care': ['Lotion', 'Oil', 'Shampoo', 'Powder', 'Wipes'],
  'Vitamins & Supplements': ['Tablet', 'Capsule', 'Powder'],
};

export function saltName(molecule: string, strength: string): string {
  return `${molecule} (${strength})`;
}

export function shortStrengthOf(salt: string): string | null {
  const match = /^[^()+]+\((\d+(?:\.\d+)?)(mg|mcg|g|IU)\)$/.exec(salt.trim());
  if (!match?.[1]) return null;
  const value = match[1];
  return match[2] === 'IU' && value.length > 4 ? `${Number(value) / 1000}K` : value;
}

export function sizeFor(form: DosageForm, random: Random): string | null {
  const sizes = SIZES[form];
  return sizes ? random.pick(sizes) : null;
}

export function packFor(form: DosageForm, random: Random, size: string | null): string {
  const counted = COUNTS[form];
  if (counted) return `${counted.pack} of ${random.pick(counted.counts)} ${counted.unit}`;
  if (size) return `${CONTAINERS[form] ?? 'Bottle'} of ${size.replace(/(ml|g)$/, ' $1')}`;
  return 'Pack of 1';
}
