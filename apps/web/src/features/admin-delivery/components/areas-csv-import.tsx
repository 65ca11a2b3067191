import {
  DELIVERY_CSV_COLUMNS,
  DELIVERY_CSV_MAX_BYTES,
  MAX_DELIVERY_DAYS,
  type DeliveryCsvColumn,
  type DeliveryImportPreview,
} from '@pharmacy/shared';
import {
  CsvImportDialog,
  type CsvSampleColumn,
} from '../../../components/csv-import/csv-import-dialog';
import { useImportDeliveryAreas, usePreviewDeliveryImport } from '../api/import-delivery-areas';

/** A starting file: the header and two rows showing a same-day range and a pincode not served. */
export const TEMPLATE_CSV = [
  DELIVERY_CSV_COLUMNS.join(','),
  '560001,560110,Bengaluru,1,yes,yes,14:00,yes',
  '744101,,Andaman and Nicobar Islands,7,no,no,,no',
].join('\n');

/** What each column takes, in the words of the area form (the shared csv rules apply them). */
const COLUMN_TEXT: Record<DeliveryCsvColumn, string> = {
  pincode_from: 'First pincode of the range (6 digits). Needed.',
  pincode_to: 'Last pincode of the range; empty for one pincode.',
  zone: 'The area’s name, as shoppers see it. Needed.',
  delivery_days: `Working days to deliver, 0 to ${MAX_DELIVERY_DAYS}. Needed.`,
  cash_on_delivery: 'yes or no; empty is yes.',
  same_day: 'yes or no; empty is no.',
  same_day_cutoff:
    'A time like 14:00: same-day orders placed before it. Needed when same_day is yes.',
  serviceable: 'yes or no (not served); empty is yes.',
};

const SAMPLE_COLUMNS: CsvSampleColumn<DeliveryImportPreview['sample'][number]>[] = [
  {
    header: 'Pincodes',
    className: 'tabular-nums',
    cell: (row) =>
      row.pincodeFrom === row.pincodeTo ? (
        row.pincodeFrom
      ) : (
        // A range breaks after its dash on phones rather than pushing the table wide.
        <>
          {row.pincodeFrom}–<wbr />
          {row.pincodeTo}
        </>
      ),
  },
  { header: 'Zone', cell: (row) => row.zone },
];

/** Issue 29: areas from a CSV, previewed before anything is written (like the catalogue's). */
export function AreasCsvImport() {
  return (
    <CsvImportDialog
      title="Import delivery areas"
      intro="One area per row. A row with the same pincodes as a saved area changes it; any other row adds an area. You see what will change before anything is saved."
      columns={DELIVERY_CSV_COLUMNS}
      columnText={COLUMN_TEXT}
      template={{ csv: TEMPLATE_CSV, fileName: 'delivery-areas.csv' }}
      fileHint={`The header row first; at most ${DELIVERY_CSV_MAX_BYTES / (1024 * 1024)} MB. The file is checked as soon as you choose it.`}
      sampleColumns={SAMPLE_COLUMNS}
      preview={usePreviewDeliveryImport()}
      importer={useImportDeliveryAreas()}
    />
  );
}
