import { CircleCheck } from 'lucide-react';
import { useLocation } from 'react-router';
import { PRIVACY_TEXTS, type DeleteAccountResponse } from '@pharmacy/shared';
import { ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { paths } from '../../../config/paths';
import { ErasedAndKept } from './delete-account';

const isAnswer = (value: unknown): value is DeleteAccountResponse =>
  typeof value === 'object' &&
  value !== null &&
  Array.isArray((value as DeleteAccountResponse).erased) &&
  Array.isArray((value as DeleteAccountResponse).kept);

/**
 * Issue 32: after the account is deleted (signed out already), what was erased and what the
 * pharmacy keeps, until when. The answer rides in the history entry; opened on its own, the page
 * says the same in general words.
 */
export function AccountDeleted() {
  const { state } = useLocation();
  const answer = isAnswer(state) ? state : null;
  return (
    <Card className="mx-auto flex max-w-2xl flex-col gap-5 p-6">
      <div className="flex items-center gap-3">
        <span
          aria-hidden="true"
          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-green-50 text-green-800"
        >
          <CircleCheck className="size-5" />
        </span>
        <h1 className="text-2xl font-bold text-slate-900">{PRIVACY_TEXTS.deletedTitle}</h1>
      </div>
      <p className="text-base text-slate-700">{PRIVACY_TEXTS.deletedIntro}</p>
      {answer ? (
        <div className="grid gap-4 text-sm text-slate-700 sm:grid-cols-2">
          <div>
            <h2 className="mb-1 font-semibold text-slate-900">{PRIVACY_TEXTS.erasedListTitle}</h2>
            <ul className="list-disc space-y-1 pl-5">
              {answer.erased.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </div>
          <div>
            <h2 className="mb-1 font-semibold text-slate-900">{PRIVACY_TEXTS.keptListTitle}</h2>
            <ul className="list-disc space-y-1 pl-5">
              {answer.kept.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            <p className="mt-2">
              They are kept for {answer.retentionYears} years, as the law requires, linked to an
              account that no longer shows your name or contact details, and then removed.
            </p>
          </div>
        </div>
      ) : (
        <ErasedAndKept />
      )}
      <div>
        <ButtonLink to={paths.home.getHref()} variant="secondary">
          Back to the shop
        </ButtonLink>
      </div>
    </Card>
  );
}
