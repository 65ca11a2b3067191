import {
  DRUG_INTERACTION_CSV_COLUMNS,
  DRUG_INTERACTION_CSV_MAX_BYTES,
  DRUG_INTERACTION_CSV_MAX_ROWS,
  type DrugInteractionCsvColumn,
  type DrugInteractionImportPreview,
} from '@pharmacy/shared';
import {
  CsvImportDialog,
  type CsvSampleColumn,
} from '../../../components/csv-import/csv-import-dialog';
import { useImportInteractions, usePreviewInteractionImport } from '../api/import-interactions';
import { SeverityBadge } from './severity-badge';

/**
 * A starting file: the header and two rows, one with a quoted cell holding a comma (what a
 * spreadsheet writes) and one with no source.
 */
export const TEMPLATE_CSV = [
  DRUG_INTERACTION_CSV_COLUMNS.join(','),
  'Clopidogrel,Omeprazole,moderate,"Omeprazole lowers clopidogrel\u2019s activation, so it may protect less.",Prefer pantoprazole if a PPI is needed.,Stockley',
  'Ciprofloxacin,Calcium Carbonate,moderate,Calcium binds ciprofloxacin and less is absorbed.,Take ciprofloxacin 2 hours before or 6 hours after calcium.,',
].join('\n');

/** What each column takes, in the words of the interaction form (the shared schema applies them). */
const COLUMN_TEXT: Record<DrugInteractionCsvColumn, string> = {
  ingredient_a: 'The first active ingredient’s generic name (DDInter’s Drug_A). Needed.',
  ingredient_b:
    'The second ingredient (DDInter’s Drug_B); the order of the two does not matter. Needed.',
  severity:
    'major, moderate or minor, in any case (DDInter’s Level; leave out its Unknown rows). Needed.',
  effect: 'What happens, up to 600 characters. Needed.',
  advice: 'What to do, up to 600 characters. Needed.',
  source: 'Where the grading comes from; may be empty or left out.',
};

const SAMPLE_COLUMNS: CsvSampleColumn<DrugInteractionImportPreview['sample'][number]>[] = [
  { header: 'Ingredients', cell: (row) => `${row.ingredientA} + ${row.ingredientB}` },
  { header: 'Severity', cell: (row) => <SeverityBadge severity={row.severity} /> },
];

/**
 * Issue 31 point 4: interactions from a CSV (decision 0026), previewed before anything is
 * written, as the catalogue and delivery imports are: the counts, the refused rows with their line
 * and reason, the first rows; then all rows or none.
 */
export function InteractionsCsvImport() {
  return (
    <CsvImportDialog
      title="Import drug interactions"
      intro="One pair of ingredients per row. A pair already in the table, in either order, is changed; any other row adds a pair. You see what will change before anything is saved. Public data sets such as DDInter fit by renaming their columns; write the effect and advice they leave out."
      columns={DRUG_INTERACTION_CSV_COLUMNS}
      columnText={COLUMN_TEXT}
      template={{ csv: TEMPLATE_CSV, fileName: 'drug-interactions.csv' }}
      fileHint={`UTF-8, the header row first; at most ${DRUG_INTERACTION_CSV_MAX_ROWS.toLocaleString('en-IN')} rows and ${DRUG_INTERACTION_CSV_MAX_BYTES / (1024 * 1024)} MB. The file is checked as soon as you choose it.`}
      sampleColumns={SAMPLE_COLUMNS}
      preview={usePreviewInteractionImport()}
      importer={useImportInteractions()}
    />
  );
}
