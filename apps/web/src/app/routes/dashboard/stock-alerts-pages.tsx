import { DocumentTitle } from '../../../components/ui/document-title';
import { StockAlertList } from '../../../features/stock-alerts/components/stock-alert-list';

/** Issue 17: the signed-in shopper's back-in-stock requests (the layout handles signed-out). */
export const StockAlertsRoute = () => (
  <>
    <DocumentTitle title="Stock Alerts" />
    <StockAlertList />
  </>
);
