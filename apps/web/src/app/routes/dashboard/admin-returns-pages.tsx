import { useParams } from 'react-router';
import { DocumentTitle } from '../../../components/ui/document-title';
import { ReturnRequestAdmin } from '../../../features/returns/components/return-request-admin';
import { ReturnsQueue } from '../../../features/returns/components/returns-queue';
import { RequirePermission } from '../../components/require-permission';

/** Issue 19: the returns queue (admin only). */
export const ReturnsQueueRoute = () => (
  <RequirePermission permission="returns.manage">
    <DocumentTitle title="Returns" />
    <ReturnsQueue />
  </RequirePermission>
);

/** Issue 19: one return request, worked step by step (admin only). */
export function ReturnRequestRoute() {
  const value = useParams().id ?? '';
  const id = /^\d{1,9}$/.test(value) ? Number(value) : 0;
  return (
    <RequirePermission permission="returns.manage">
      <DocumentTitle title={`Return request #${id}`} />
      <ReturnRequestAdmin key={id} id={id} />
    </RequirePermission>
  );
}
