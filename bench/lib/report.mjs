// The results table: printed to the terminal and written into docs/performance.md between the
// bench markers (the rest of the document is prose kept by hand).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

export const START = '<!-- bench:start (written by npm run bench; do not edit by hand) -->';
export const END = '<!-- bench:end -->';

/** A number with a fixed count of decimals, or '—' when not measured. */
export function fmt(value, decimals = 1, unit = '') {
  if (value === undefined || value === null || Number.isNaN(value)) return '—';
  return `${Number(value).toFixed(decimals)}${unit}`;
}

export const verdict = (met) => (met === undefined ? 'info' : met ? 'met' : 'MISSED');

/**
 * A row: id, what is measured, the figure, its baseline, the ratio or percentile that the goal is
 * about, the goal, and whether it is met (undefined: reported, no goal).
 */
export function row(id, what, measured, baseline, ratio, goal, met) {
  return { id, what, measured, baseline, ratio, goal, result: verdict(met) };
}

const COLUMNS = [
  ['id', '#'],
  ['what', 'Target'],
  ['measured', 'Measured'],
  ['baseline', 'Baseline (same run)'],
  ['ratio', 'Ratio / percentile'],
  ['goal', 'Goal'],
  ['result', 'Result'],
];

export function markdownTable(rows) {
  const escape = (text) => String(text).replaceAll('|', '\\|');
  const lines = [
    `| ${COLUMNS.map(([, title]) => title).join(' | ')} |`,
    `| ${COLUMNS.map(() => '---').join(' | ')} |`,
    ...rows.map((r) => `| ${COLUMNS.map(([key]) => escape(r[key])).join(' | ')} |`),
  ];
  return lines.join('\n');
}

export function consoleTable(rows) {
  const widths = COLUMNS.map(([key, title]) =>
    Math.min(60, Math.max(title.length, ...rows.map((r) => String(r[key]).length))),
  );
  const cell = (text, i) => String(text).slice(0, widths[i]).padEnd(widths[i]);
  const line = (cells) => cells.map(cell).join('  ');
  return [
    line(COLUMNS.map(([, title]) => title)),
    line(widths.map((w) => '-'.repeat(w))),
    ...rows.map((r) => line(COLUMNS.map(([key]) => r[key]))),
  ].join('\n');
}

/** Replaces the bench block of the document (or appends one); keeps everything else. */
export function writeIntoDoc(file, block) {
  const generated = `${START}\n${block}\n${END}`;
  const current = existsSync(file) ? readFileSync(file, 'utf8') : '# Performance\n';
  const start = current.indexOf(START);
  const end = current.indexOf(END);
  const next =
    start >= 0 && end > start
      ? `${current.slice(0, start)}${generated}${current.slice(end + END.length)}`
      : `${current.trimEnd()}\n\n${generated}\n`;
  writeFileSync(file, next);
}
