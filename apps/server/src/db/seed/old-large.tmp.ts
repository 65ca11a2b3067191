import { LIMITS, toMinorUnits } from '@pharmacy/shared';
import { count, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { divisions, manufacturers, products, saltCompositions } from '../schema/index';
import {
  DEMO_DIVISIONS,
  DEMO_GROUPS,
  DEMO_MANUFACTURERS,
  DIVISION_USES,
  type DivisionName,
  type DosageForm,
} from './demo-catalogue';
import { createRandom, offerPriceMinor, strengthFromSalt, type Random } from './random';

/**
 * Generates a large catalogue (e.g. 100,000 products) for load and search tests: realistic
 * names ('<Brand> <strength> <form>'), prices, stock, dates and prescription flags spread over
 * the divisions, manufacturers and salts. Rows go in with one multi-row INSERT … SELECT FROM
 * json_to_recordset per batch, which is fast on both PGlite and PostgreSQL. No image files:
 * products without images use the spec's placeholders.
 */

interface Molecule {
  name: string;
  strengths: readonly string[];
  division: DivisionName;
  form: DosageForm;
  /** Typical MRP in rupees for a pack. */
  mrp: number;
  rx: boolean;
}

const m = (
  name: string,
  strengths: readonly string[],
  division: DivisionName,
  form: DosageForm,
  mrp: number,
  rx: boolean,
): Molecule => ({ name, strengths, division, form, mrp, rx });

// prettier-ignore
const MOLECULES: readonly Molecule[] = [
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
const EXTRA_MANUFACTURERS = [
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

const PREFIXES: readonly string[] = (
  'Zero Ceta Pano Rabi Telmi Amlo Glyco Meto Rosu Atora Azi Cefo Oflo Levo Monte Fexo ' +
  'Calci Vita Neuro Derma Lulo Keto Clo Muco Gastro Digi Acido Sino Cofi Bronco Flexi ' +
  'Dolo Ibu Naxo Etori Lipo Cardi Hepa Reno Osteo Ortho Pedia Oculo Oto Rhino Pulmo ' +
  'Immu Hemo Ferro Zinco Nutri Myco Cuti Vaso Thyro Uro Sumo Maxi Novo Tri'
).split(' ');
const SUFFIXES: readonly string[] = (
  'cet zole mox cin pril sar vas lor dex fen mol rex gel vit cal max tone zyme lax flox ' +
  'cef mide pine lin zin nac dol ra plex sol'
).split(' ');
const COMBO_MARKS = ['-P', '-D', '-M', '-H', '-AM', '-LS', 'Plus', 'Forte', 'CV'] as const;
const RELEASE_MARKS = ['SR', 'XL', 'MR', 'OD', 'DS', 'Forte'] as const;
const HERBAL_WORDS: readonly string[] =
  'Herbal Care Active Daily Gold Junior Pro Natural Fresh Plus'.split(' ');

const SIZES: Partial<Record<DosageForm, readonly string[]>> = {
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
const CONTAINERS: Partial<Record<DosageForm, string>> = {
  Cream: 'Tube',
  Gel: 'Tube',
  Toothpaste: 'Tube',
  Powder: 'Jar',
  Churna: 'Jar',
  Soap: 'Bar',
};

/** Counted forms: 'Strip of 15 tablets', 'Pack of 72 wipes'. */
const COUNTS: Partial<
  Record<DosageForm, { counts: readonly number[]; pack: string; unit: string }>
> = {
  Tablet: { counts: [10, 14, 15, 20, 30], pack: 'Strip', unit: 'tablets' },
  Capsule: { counts: [10, 15, 20, 30], pack: 'Strip', unit: 'capsules' },
  Wipes: { counts: [20, 40, 72], pack: 'Pack', unit: 'wipes' },
};

const HERBAL_FORMS: Record<string, readonly DosageForm[]> = {
  Ayurveda: ['Tablet', 'Capsule', 'Syrup', 'Churna', 'Oil'],
  'Personal Care': ['Soap', 'Liquid', 'Lotion', 'Toothpaste', 'Shampoo'],
  'Skin Care': ['Cream', 'Gel', 'Lotion', 'Soap'],
  'Baby Care': ['Lotion', 'Oil', 'Shampoo', 'Powder', 'Wipes'],
  'Vitamins & Supplements': ['Tablet', 'Capsule', 'Powder'],
};

const DAY_MS = 86_400_000;

interface SaltProfile {
  id: number;
  name: string;
  division: DivisionName;
  form: DosageForm;
  mrp: number;
  rx: boolean;
  /** '650' for 'Paracetamol (650mg)'; null for combinations and percentages. */
  shortStrength: string | null;
  strength: string | null;
}

function saltName(molecule: string, strength: string): string {
  return `${molecule} (${strength})`;
}

function knownSalts(): Map<
  string,
  Omit<SaltProfile, 'id' | 'name' | 'shortStrength' | 'strength'>
> {
  const map = new Map<string, Omit<SaltProfile, 'id' | 'name' | 'shortStrength' | 'strength'>>();
  for (const m of MOLECULES) {
    for (const s of m.strengths) {
      map.set(saltName(m.name, s).toLowerCase(), {
        division: m.division,
        form: m.form,
        mrp: m.mrp,
        rx: m.rx,
      });
    }
  }
  for (const g of DEMO_GROUPS) {
    if (!g.salt) continue;
    map.set(g.salt.toLowerCase(), { division: g.division, form: g.form, mrp: g.mrp, rx: g.rx });
  }
  return map;
}

function shortStrengthOf(salt: string): string | null {
  const match = /^[^()+]+\((\d+(?:\.\d+)?)(mg|mcg|g|IU)\)$/.exec(salt.trim());
  if (!match?.[1]) return null;
  const value = match[1];
  return match[2] === 'IU' && value.length > 4 ? `${Number(value) / 1000}K` : value;
}

function sizeFor(form: DosageForm, random: Random): string | null {
  const sizes = SIZES[form];
  return sizes ? random.pick(sizes) : null;
}

function packFor(form: DosageForm, random: Random, size: string | null): string {
  const counted = COUNTS[form];
  if (counted) return `${counted.pack} of ${random.pick(counted.counts)} ${counted.unit}`;
  if (size) return `${CONTAINERS[form] ?? 'Bottle'} of ${size.replace(/(ml|g)$/, ' $1')}`;
  return 'Pack of 1';
}

export interface LargeCatalogueOptions {
  /** The catalogue size to reach (all products, active or not). */
  products: number;
  log?: (line: string) => void;
  /** Rows per INSERT (default 5,000). */
  batchSize?: number;
  /** Reference time for created_at (default: now). */
  now?: Date;
}

/** Adds generated products until the catalogue holds `products` rows. */
export async function generateLargeCatalogue(
  db: Database,
  options: LargeCatalogueOptions,
): Promise<{ inserted: number; ms: number }> {
  if (!Number.isFinite(options.products) || options.products < 0) {
    throw new Error(
      `large catalogue: products must be a number of at least 0, got ${options.products}`,
    );
  }
  const started = performance.now();
  const log = options.log ?? (() => {});
  const batchSize = Math.max(1, options.batchSize ?? 5_000);
  const now = (options.now ?? new Date()).getTime();

  const [existingRow] = await db.select({ n: count() }).from(products);
  const existing = existingRow?.n ?? 0;
  const wanted = Math.max(0, Math.floor(options.products) - existing);
  if (wanted === 0) {
    log(`The catalogue already holds ${existing} products; nothing to generate.`);
    return { inserted: 0, ms: Math.round(performance.now() - started) };
  }

  // Reference data: reuse what exists, add what is missing (names are unique ignoring case).
  await db
    .insert(divisions)
    .values(DEMO_DIVISIONS.map((d) => ({ name: d.name })))
    .onConflictDoNothing();
  await db
    .insert(manufacturers)
    .values([...DEMO_MANUFACTURERS, ...EXTRA_MANUFACTURERS].map((name) => ({ name })))
    .onConflictDoNothing();
  const saltNames = [
    ...new Set([
      ...MOLECULES.flatMap((m) => m.strengths.map((s) => saltName(m.name, s))),
      ...DEMO_GROUPS.flatMap((g) => (g.salt ? [g.salt] : [])),
    ]),
  ];
  await db
    .insert(saltCompositions)
    .values(saltNames.map((name) => ({ name })))
    .onConflictDoNothing();

  // Ordered, so the same database state always gives the same products.
  const divisionRows = await db
    .select({ id: divisions.id, name: divisions.name })
    .from(divisions)
    .orderBy(divisions.id);
  const manufacturerRows = await db
    .select({ id: manufacturers.id })
    .from(manufacturers)
    .orderBy(manufacturers.id);
  const manufacturerIds = manufacturerRows.map((r) => r.id);
  const saltRows = await db
    .select({ id: saltCompositions.id, name: saltCompositions.name })
    .from(saltCompositions)
    .orderBy(saltCompositions.id);

  const divisionIdByName = new Map(divisionRows.map((d) => [d.name.toLowerCase(), d.id]));
  const divisionNameById = new Map(divisionRows.map((d) => [d.id, d.name]));
  const known = knownSalts();
  const random = createRandom(0x5eed + existing);
  const salts: SaltProfile[] = saltRows.map((s) => {
    const profile = known.get(s.name.toLowerCase()) ?? {
      division: random.pick(DEMO_DIVISIONS).name,
      form: 'Tablet' as const,
      mrp: 120,
      rx: false,
    };
    return {
      id: s.id,
      name: s.name,
      ...profile,
      shortStrength: shortStrengthOf(s.name),
      strength: strengthFromSalt(s.name),
    };
  });
  const rxSalts = salts.filter((s) => s.rx);
  const otcSalts = salts.filter((s) => !s.rx);
  const herbalDivisions = Object.keys(HERBAL_FORMS).filter((d) =>
    divisionIdByName.has(d.toLowerCase()),
  );
  const anyDivisionId = divisionRows[0]?.id;
  if (anyDivisionId === undefined || manufacturerIds.length === 0) {
    throw new Error('large catalogue: no division or manufacturer to use');
  }

  const floor = toMinorUnits(LIMITS.minimumPrice);
  const uses = new Map<string, string>(Object.entries(DIVISION_USES));
  const makeRow = () => {
    const brand = `${random.pick(PREFIXES)}${random.pick(SUFFIXES)}`;
    const herbal = salts.length === 0 || (herbalDivisions.length > 0 && random.chance(0.15));
    let name: string;
    let form: DosageForm;
    let divisionId: number;
    let saltId: number | null = null;
    let saltLabel: string | null = null;
    let strength: string | null = null;
    let baseMrp: number;
    let rx = false;
    let size: string | null;
    if (herbal) {
      const divisionName = random.pick(herbalDivisions);
      form = random.pick(HERBAL_FORMS[divisionName] ?? ['Tablet']);
      size = sizeFor(form, random);
      divisionId = divisionIdByName.get(divisionName.toLowerCase()) ?? anyDivisionId;
      name = [brand, random.pick(HERBAL_WORDS), form, size].filter(Boolean).join(' ');
      baseMrp = random.int(60, 450);
    } else {
      // About a quarter of the medicines with a salt are prescription-only (a fifth overall).
      const salt = random.pick(
        rxSalts.length && (otcSalts.length === 0 || random.chance(0.25)) ? rxSalts : otcSalts,
      );
      form = salt.form;
      size = sizeFor(form, random);
      divisionId = divisionIdByName.get(salt.division.toLowerCase()) ?? anyDivisionId;
      saltId = salt.id;
      saltLabel = salt.name;
      strength = salt.strength;
      rx = salt.rx;
      baseMrp = salt.mrp;
      let head = brand;
      if (salt.shortStrength) {
        head = `${brand} ${salt.shortStrength}`;
        if (random.chance(0.12)) head += ` ${random.pick(RELEASE_MARKS)}`;
      } else if (salt.name.includes('+')) {
        const mark = random.pick(COMBO_MARKS);
        head = mark.startsWith('-') ? `${brand}${mark}` : `${brand} ${mark}`;
      }
      name = [head, form, size].filter(Boolean).join(' ');
    }
    const mrpMinor = Math.max(floor, Math.round(baseMrp * (0.55 + random.next() * 1.1)) * 100);
    const offer = offerPriceMinor(
      mrpMinor,
      random.pick([0, 5, 8, 10, 12, 15, 18, 20, 25, 30]),
      floor,
    );
    const stockRoll = random.next();
    const createdAt = new Date(now - Math.floor(random.next() * 730 * DAY_MS)).toISOString();
    const use = uses.get(divisionNameById.get(divisionId) ?? '') ?? '';
    return {
      n: name,
      o: offer,
      m: mrpMinor,
      q: stockRoll < 0.04 ? 0 : stockRoll < 0.08 ? random.int(1, 4) : random.int(10, 500),
      p: rx,
      a: !random.chance(0.02),
      d: divisionId,
      f: random.pick(manufacturerIds),
      s: saltId,
      df: form,
      st: strength,
      ps: packFor(form, random, size),
      de: `${name}.${saltLabel ? ` Contains ${saltLabel}.` : ''} ${use}`.trim(),
      c: createdAt,
    };
  };

  let inserted = 0;
  while (inserted < wanted) {
    const size = Math.min(batchSize, wanted - inserted);
    const batch = Array.from({ length: size }, makeRow);
    await db.execute(sql`
      INSERT INTO ${products} (
        name, offer_price_minor, maximum_retail_price_minor, quantity, prescription, is_active,
        division_id, manufacturer_id, salt_composition_id, dosage_form, strength, pack_size,
        description, created_at, updated_at
      )
      SELECT n, o, m, q, p, a, d, f, s, df, st, ps, de, c, c
      FROM json_to_recordset(${JSON.stringify(batch)}::json) AS r(
        n text, o integer, m integer, q integer, p boolean, a boolean, d integer, f integer,
        s integer, df text, st text, ps text, de text, c timestamptz
      )`);
    inserted += size;
    log(
      `  ${(existing + inserted).toLocaleString('en-IN')} / ${Math.floor(options.products).toLocaleString('en-IN')} products (${((performance.now() - started) / 1000).toFixed(1)} s)`,
    );
  }
  // PGlite has no autovacuum: give the planner statistics for the new rows, and mark the pages
  // all-visible so counts and deep listing pages can be answered from indexes alone.
  await db.execute(sql`VACUUM ANALYZE ${products}`);
  return { inserted, ms: Math.round(performance.now() - started) };
}
