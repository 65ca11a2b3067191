import { PRIVACY_TEXTS } from '@pharmacy/shared';
import { PageHeader } from '../../../components/ui/page-header';
import { ConsentSwitches } from './consent-switches';
import { DataDownload } from './data-download';
import { DeleteAccount } from './delete-account';
import { SignOutEverywhere } from './sign-out-everywhere';

/** Issue 32 points 5 and 6 on the dashboard: the customer's data, e-mails, sessions, account. */
export function PrivacyPage() {
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={PRIVACY_TEXTS.pageTitle} description={PRIVACY_TEXTS.intro} />
      <DataDownload />
      <ConsentSwitches />
      <SignOutEverywhere />
      <DeleteAccount />
    </div>
  );
}
