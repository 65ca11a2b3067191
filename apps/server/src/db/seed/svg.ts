/**
 * Small, well-formed SVG "pack shots" made locally (no network): a box, bottle, tube or jar by
 * dosage form, in the division's colour, with the product name and strength. Each stays well
 * under 3 kB.
 */

export type PackShape = 'box' | 'bottle' | 'tube' | 'jar';

const BOTTLE_FORMS = new Set([
  'Syrup',
  'Suspension',
  'Oral Solution',
  'Drops',
  'Eye Drops',
  'Ear Drops',
  'Nasal Spray',
  'Spray',
  'Lotion',
  'Shampoo',
  'Liquid',
  'Oil',
  'Mouthwash',
]);
const TUBE_FORMS = new Set(['Gel', 'Cream', 'Ointment', 'Toothpaste']);
const JAR_FORMS = new Set(['Powder', 'Granules', 'Balm', 'Churna', 'Chyawanprash']);

export function packShapeFor(dosageForm: string | null): PackShape {
  if (!dosageForm) return 'box';
  if (BOTTLE_FORMS.has(dosageForm)) return 'bottle';
  if (TUBE_FORMS.has(dosageForm)) return 'tube';
  if (JAR_FORMS.has(dosageForm)) return 'jar';
  return 'box';
}

export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, Math.max(1, max - 1)).trimEnd()}…`;
}

/** Greedy word wrap into at most maxLines lines of maxChars; the last line is truncated. */
export function wrapText(text: string, maxChars: number, maxLines: number): string[] {
  const lines: string[] = [];
  let current = '';
  const words = text.split(/\s+/).filter(Boolean);
  for (let i = 0; i < words.length; i++) {
    const word = words[i] ?? '';
    const candidate = current ? `${current} ${word}` : word;
    if (candidate.length <= maxChars || !current) {
      current = candidate;
      continue;
    }
    if (lines.length === maxLines - 1) {
      current = `${current} ${words.slice(i).join(' ')}`;
      break;
    }
    lines.push(current);
    current = word;
  }
  if (current) lines.push(current);
  return lines.map((line) => truncate(line, maxChars));
}

interface Layout {
  body: string;
  /** Centre x and the y of the first name line. */
  cx: number;
  nameY: number;
  maxChars: number;
  fontSize: number;
  bandTextY: number | null;
  /** Where the pack size goes, if there is room. */
  packY: number | null;
}

function layoutFor(shape: PackShape, color: string): Layout {
  switch (shape) {
    case 'bottle':
      return {
        body:
          `<rect x="128" y="36" width="64" height="34" rx="6" fill="${color}"/>` +
          `<rect x="138" y="68" width="44" height="20" fill="#dee2e6"/>` +
          `<rect x="88" y="86" width="144" height="196" rx="28" fill="#fff" stroke="#ced4da" stroke-width="2"/>` +
          `<rect x="90" y="132" width="140" height="118" fill="${color}" opacity=".12"/>`,
        cx: 160,
        nameY: 164,
        maxChars: 13,
        fontSize: 16,
        bandTextY: null,
        packY: 268,
      };
    case 'tube':
      return {
        body:
          `<rect x="30" y="104" width="24" height="112" rx="3" fill="${color}"/>` +
          `<rect x="50" y="110" width="206" height="100" rx="16" fill="#fff" stroke="#ced4da" stroke-width="2"/>` +
          `<rect x="252" y="128" width="42" height="64" rx="6" fill="${color}"/>`,
        cx: 153,
        nameY: 140,
        maxChars: 20,
        fontSize: 16,
        bandTextY: null,
        packY: null,
      };
    case 'jar':
      return {
        body:
          `<rect x="76" y="80" width="168" height="44" rx="8" fill="${color}"/>` +
          `<rect x="66" y="120" width="188" height="156" rx="20" fill="#fff" stroke="#ced4da" stroke-width="2"/>`,
        cx: 160,
        nameY: 168,
        maxChars: 18,
        fontSize: 17,
        bandTextY: 108,
        packY: 258,
      };
    case 'box':
      return {
        body:
          `<path d="M60 76l18-16h200l-18 16z" fill="${color}" opacity=".45"/>` +
          `<path d="M260 76l18-16v196l-18 16z" fill="${color}" opacity=".7"/>` +
          `<rect x="60" y="76" width="200" height="196" fill="#fff" stroke="#ced4da" stroke-width="2"/>` +
          `<rect x="60" y="76" width="200" height="40" fill="${color}"/>`,
        cx: 160,
        nameY: 150,
        maxChars: 18,
        fontSize: 18,
        bandTextY: 102,
        packY: 256,
      };
  }
}

export interface PackShotInput {
  name: string;
  strength: string | null;
  dosageForm: string | null;
  packSize: string | null;
  divisionName: string;
  color: string;
  prescription: boolean;
}

export function packShotSvg(input: PackShotInput): string {
  const shape = packShapeFor(input.dosageForm);
  const l = layoutFor(shape, input.color);
  const lines = wrapText(input.name, l.maxChars, 3);
  const lineHeight = l.fontSize + 4;
  const nameText = lines
    .map(
      (line, i) =>
        `<text x="${l.cx}" y="${l.nameY + i * lineHeight}" font-size="${l.fontSize}" font-weight="700" fill="#212529">${escapeXml(line)}</text>`,
    )
    .join('');
  const detailY = l.nameY + lines.length * lineHeight + 4;
  const details = [input.strength, input.dosageForm].filter((v): v is string => Boolean(v));
  const detailText = details.length
    ? `<text x="${l.cx}" y="${detailY}" font-size="12" fill="${input.color}">${escapeXml(truncate(details.join(' · '), l.maxChars + 8))}</text>`
    : '';
  const band =
    l.bandTextY === null
      ? ''
      : `<text x="${l.cx}" y="${l.bandTextY}" font-size="13" font-weight="700" fill="#fff">${escapeXml(truncate(input.divisionName, 24))}</text>`;
  const pack =
    l.packY !== null && input.packSize
      ? `<text x="${l.cx}" y="${l.packY}" font-size="11" fill="#868e96">${escapeXml(truncate(input.packSize, l.maxChars + 10))}</text>`
      : '';
  const rx = input.prescription
    ? `<circle cx="44" cy="44" r="20" fill="#c92a2a"/><text x="44" y="49" font-size="14" font-weight="700" fill="#fff">Rx</text>`
    : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="320" viewBox="0 0 320 320" role="img">` +
    `<title>${escapeXml(input.name)}</title>` +
    `<rect width="320" height="320" fill="#f8f9fa"/>` +
    `<ellipse cx="160" cy="292" rx="118" ry="9" fill="#000" opacity=".08"/>` +
    l.body +
    `<g font-family="Arial,Helvetica,sans-serif" text-anchor="middle">${band}${nameText}${detailText}${pack}${rx}</g>` +
    `</svg>\n`
  );
}

/** A category tile: the division's colour, a capsule and a cross, and its name. */
export function divisionSvg(name: string, color: string): string {
  const lines = wrapText(name, 16, 2);
  const text = lines
    .map(
      (line, i) =>
        `<text x="160" y="${238 + i * 30}" font-size="26" font-weight="700" fill="#fff">${escapeXml(line)}</text>`,
    )
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="320" viewBox="0 0 320 320" role="img">` +
    `<title>${escapeXml(name)}</title>` +
    `<rect width="320" height="320" rx="24" fill="${color}"/>` +
    `<circle cx="250" cy="62" r="86" fill="#fff" opacity=".08"/>` +
    `<g transform="rotate(-35 130 120)">` +
    `<rect x="70" y="94" width="120" height="52" rx="26" fill="#fff" opacity=".5"/>` +
    `<path d="M130 94h-34a26 26 0 0 0 0 52h34z" fill="#fff"/>` +
    `</g>` +
    `<path d="M214 84h20v24h24v20h-24v24h-20v-24h-24v-20h24z" fill="#fff" opacity=".9"/>` +
    `<g font-family="Arial,Helvetica,sans-serif" text-anchor="middle">${text}</g>` +
    `</svg>\n`
  );
}
