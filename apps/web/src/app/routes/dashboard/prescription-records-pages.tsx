import { DocumentTitle } from '../../../components/ui/document-title';
import { PatientsPage } from '../../../features/patients/components/patients-page';
import { MyPrescriptions } from '../../../features/prescriptions/components/my-prescriptions';

/** Issue 31: the member's patients (the layout handles signed-out visitors). */
export const PatientsRoute = () => (
  <>
    <DocumentTitle title="Patients" />
    <PatientsPage />
  </>
);

/** Issue 31 'My Prescriptions': saved prescriptions with their validity and what remains. */
export const MyPrescriptionsRoute = () => (
  <>
    <DocumentTitle title="My Prescriptions" />
    <MyPrescriptions />
  </>
);
