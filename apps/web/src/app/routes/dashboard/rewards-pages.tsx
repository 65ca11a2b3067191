import { DocumentTitle } from '../../../components/ui/document-title';
import { RewardsPage } from '../../../features/loyalty/components/rewards-page';

/** Issue 19 'Rewards': the signed-in member's loyalty points (the layout handles signed-out). */
export const RewardsRoute = () => (
  <>
    <DocumentTitle title="Rewards" />
    <RewardsPage />
  </>
);
