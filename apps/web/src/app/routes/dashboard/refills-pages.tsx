import { DocumentTitle } from '../../../components/ui/document-title';
import { RefillList } from '../../../features/refills/components/refill-list';

/** Issue 17 'My Refills': the signed-in customer's refill reminders (the layout handles signed-out). */
export const RefillsRoute = () => (
  <>
    <DocumentTitle title="My Refills" />
    <RefillList />
  </>
);
