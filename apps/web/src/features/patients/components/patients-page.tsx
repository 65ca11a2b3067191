import { Pencil, Plus, RefreshCw, Trash2, UsersRound } from 'lucide-react';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  PATIENT_RELATION_LABELS,
  PATIENT_SEX_LABELS,
  formatLongDate,
  type Patient,
} from '@pharmacy/shared';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Dialog } from '../../../components/ui/dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton';
import { readRedirectTo } from '../../../lib/redirect-state';
import { notify } from '../../../lib/toast';
import { useDeletePatient } from '../api/delete-patient';
import { usePatients } from '../api/get-patients';
import { PatientForm } from './patient-form';

/** The state the checkout's 'Add a patient' sends: open the form, then go back with the id. */
export function readAddPatientState(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'addPatient' in state
    ? (state as { addPatient: unknown }).addPatient === true
    : false;
}

function ageText(patient: Patient): string {
  const age = patient.ageYears === null ? null : `${patient.ageYears} years`;
  if (patient.dateOfBirth) {
    return `Born ${formatLongDate(patient.dateOfBirth)}${age ? ` (${age})` : ''}`;
  }
  return age ?? 'Age not given';
}

function PatientCard({
  patient,
  onEdit,
  onDelete,
}: {
  patient: Patient;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <Card className="flex w-full flex-col gap-3 p-4">
      <div>
        <h2 className="flex flex-wrap items-center gap-2 text-base font-semibold text-slate-900">
          {patient.name}
          <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800">
            {PATIENT_RELATION_LABELS[patient.relation]}
          </span>
        </h2>
        <p className="text-sm text-slate-700">
          {ageText(patient)} · {PATIENT_SEX_LABELS[patient.sex]}
        </p>
      </div>
      <div className="text-sm">
        <p className="font-medium text-slate-800">Known allergies</p>
        {patient.allergies.length > 0 ? (
          <ul aria-label={`Allergies of ${patient.name}`} className="mt-1 flex flex-wrap gap-1.5">
            {patient.allergies.map((salt) => (
              <li
                key={salt}
                className="rounded-md bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900 capitalize ring-1 ring-amber-200"
              >
                {salt}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-slate-600">None recorded</p>
        )}
      </div>
      <div className="mt-auto flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          onClick={onEdit}
          aria-label={`Edit ${patient.name}`}
          icon={<Pencil aria-hidden="true" className="size-4" />}
        >
          Edit
        </Button>
        <Button
          variant="quiet"
          size="sm"
          onClick={onDelete}
          aria-label={`Delete ${patient.name}`}
          icon={<Trash2 aria-hidden="true" className="size-4" />}
        >
          Delete
        </Button>
      </div>
    </Card>
  );
}

/**
 * Issue 31 point 1: the member's patients (self and family) with add, edit and delete. The
 * checkout's 'Add a patient' opens the form at once and returns to the order with the new id.
 */
export function PatientsPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const patients = usePatients();
  const remove = useDeletePatient();
  const redirectTo = readRedirectTo(location.state);
  const [editing, setEditing] = useState<Patient | 'new' | null>(() =>
    readAddPatientState(location.state) ? 'new' : null,
  );
  const [deleting, setDeleting] = useState<Patient | null>(null);

  function saved(patient: Patient, message: string) {
    notify.success(message);
    setEditing(null);
    if (redirectTo) void navigate(redirectTo, { state: { patientId: patient.id } });
  }

  async function confirmDelete() {
    if (!deleting || remove.isPending) return;
    try {
      const { message } = await remove.mutateAsync(deleting.id);
      notify.success(message);
    } catch {
      // the error toast carries the server's message (lib/query-client)
    }
    setDeleting(null);
  }

  let body;
  if (patients.isPending) {
    body = (
      <LoadingRegion label="Loading patients" className="grid gap-4 md:grid-cols-2">
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-40 w-full" />
      </LoadingRegion>
    );
  } else if (patients.isError) {
    body = (
      <EmptyState
        icon={<UsersRound className="size-8" />}
        title="Your patients could not be loaded."
        action={
          <Button
            variant="secondary"
            onClick={() => void patients.refetch()}
            icon={<RefreshCw aria-hidden="true" className="size-4" />}
          >
            Try again
          </Button>
        }
      />
    );
  } else if (patients.data.length === 0) {
    body = (
      <EmptyState
        icon={<UsersRound className="size-8" />}
        title="No patients yet."
        action={<Button onClick={() => setEditing('new')}>Add a patient</Button>}
      >
        Add yourself and the family members you order medicines for.
      </EmptyState>
    );
  } else {
    body = (
      <ul aria-label="Patients" className="grid gap-4 md:grid-cols-2">
        {patients.data.map((patient) => (
          <li key={patient.id} className="flex">
            <PatientCard
              patient={patient}
              onEdit={() => setEditing(patient)}
              onDelete={() => setDeleting(patient)}
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <>
      <PageHeader
        title="Patients"
        description="The people you order medicines for. Choose one when you upload a prescription."
        actions={
          <Button
            onClick={() => setEditing('new')}
            icon={<Plus aria-hidden="true" className="size-4" />}
          >
            Add a patient
          </Button>
        }
      />
      {body}
      <Dialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' || editing === null ? 'Add a patient' : `Edit ${editing.name}`}
      >
        {editing !== null ? (
          <PatientForm
            patient={editing === 'new' ? null : editing}
            firstPatient={patients.data?.length === 0}
            onSaved={saved}
            onCancel={() => setEditing(null)}
          />
        ) : null}
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete patient"
        message={`Are you sure you want to delete ${deleting?.name ?? 'this patient'}?`}
        isPending={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => {
          if (!remove.isPending) setDeleting(null);
        }}
      />
    </>
  );
}
