import { PRIVACY_TEXTS } from '@pharmacy/shared';
import { Container } from '../../components/layouts/container';
import { DocumentTitle } from '../../components/ui/document-title';
import { AccountDeleted } from '../../features/privacy/components/account-deleted';
import { PrivacyPage } from '../../features/privacy/components/privacy-page';

/** Issue 32: Privacy & data on the dashboard (the layout handles signed-out). */
export const PrivacyRoute = () => (
  <>
    <DocumentTitle title={PRIVACY_TEXTS.pageTitle} />
    <PrivacyPage />
  </>
);

/** Issue 32: the confirmation after deleting the account, signed out. */
export const AccountDeletedRoute = () => (
  <Container className="py-10">
    <DocumentTitle title={PRIVACY_TEXTS.deletedTitle} />
    <AccountDeleted />
  </Container>
);
