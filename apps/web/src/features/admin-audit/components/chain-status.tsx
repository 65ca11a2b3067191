import { RefreshCw, ShieldAlert, ShieldCheck } from 'lucide-react';
import type { AuditVerifyResponse } from '@pharmacy/shared';
import { buttonClasses } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { getErrorMessage } from '../../../lib/api-client';
import { useAuditVerification } from '../api/verify-audit-chain';
import { actionLabel, formatAuditTime } from '../utils/audit-format';

function HeadHash({ label, hash }: { label: string; hash: string }) {
  return (
    <div className="mt-2 min-w-0">
      <span className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{label}</span>
      <code className="mt-0.5 block rounded-md bg-white/70 px-2 py-1 font-mono text-xs break-all text-slate-900 select-all">
        {hash}
      </code>
    </div>
  );
}

function Verified({ result }: { result: AuditVerifyResponse }) {
  return (
    <div className="flex gap-3">
      <ShieldCheck aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-emerald-700" />
      <div className="min-w-0">
        <p className="font-semibold text-emerald-900">
          {result.entries === 0
            ? 'The audit log is empty: nothing to verify yet.'
            : `Chain verified: ${result.entries.toLocaleString('en-IN')} ${result.entries === 1 ? 'entry matches' : 'entries match'} their hashes.`}
        </p>
        <p className="mt-0.5 text-sm text-emerald-900">
          Checked <time dateTime={result.checkedAt}>{formatAuditTime(result.checkedAt)}</time>. Keep
          the head hash somewhere outside the shop to detect later removal of the newest entries.
        </p>
        <HeadHash
          label={result.entries === 0 ? 'Genesis hash' : `Head hash (entry #${result.entries})`}
          hash={result.headHash}
        />
      </div>
    </div>
  );
}

function Mismatch({ result }: { result: AuditVerifyResponse }) {
  const first = result.firstMismatch;
  return (
    <div className="flex gap-3">
      <ShieldAlert aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-red-700" />
      <div className="min-w-0">
        <p className="font-semibold text-red-900">
          The audit chain does not verify
          {first ? `: entry #${first.id} no longer matches.` : '.'}
        </p>
        {first ? (
          <p className="mt-0.5 text-sm text-red-900">
            Entry #{first.id} ({actionLabel(first.action)},{' '}
            <time dateTime={first.occurredAt}>{formatAuditTime(first.occurredAt)}</time>):{' '}
            {first.reason}. The {result.entries.toLocaleString('en-IN')}{' '}
            {result.entries === 1 ? 'entry' : 'entries'} before it match. The log may have been
            changed outside the shop: keep this page and tell whoever runs the database.
          </p>
        ) : null}
        <HeadHash label="Last matching hash" hash={result.headHash} />
      </div>
    </div>
  );
}

/**
 * The audit chain's state, checked by the server when the screen opens and on 'Verify again':
 * green with the entry count and head hash, or red naming the first entry that no longer matches.
 */
export function ChainStatus() {
  const verification = useAuditVerification();
  const { data, isPending, isError, isFetching } = verification;
  const mismatch = data !== undefined && !data.ok;

  let body;
  let tone = 'border-slate-200 bg-white';
  if (isPending) {
    body = (
      <div className="flex flex-col gap-2">
        <span className="sr-only">Verifying the audit chain…</span>
        <Skeleton className="h-5 w-2/3" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-8 w-full" />
      </div>
    );
  } else if (isError) {
    tone = 'border-amber-300 bg-amber-50';
    body = (
      <p className="font-medium text-amber-900">
        The audit chain could not be verified: {getErrorMessage(verification.error)}
      </p>
    );
  } else if (data.ok) {
    tone = 'border-emerald-300 bg-emerald-50';
    body = <Verified result={data} />;
  } else {
    tone = 'border-red-300 bg-red-50';
    body = <Mismatch result={data} />;
  }

  // Kept focusable while it runs (aria-disabled, not disabled), so a keyboard user stays on it.
  const busy = isFetching;
  return (
    <section
      aria-labelledby="audit-chain-status"
      className={cn('mb-6 rounded-xl border p-4', tone)}
    >
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="audit-chain-status" className="text-base font-semibold text-slate-900">
          Chain status
        </h2>
        <button
          type="button"
          className={buttonClasses('secondary', 'sm', busy ? 'cursor-progress opacity-70' : '')}
          aria-disabled={busy || undefined}
          onClick={() => {
            if (!busy) void verification.refetch();
          }}
        >
          <RefreshCw aria-hidden="true" className={cn('size-4', busy && 'animate-spin')} />
          {busy ? 'Verifying…' : 'Verify again'}
        </button>
      </div>
      <div role={mismatch || isError ? 'alert' : 'status'} aria-busy={busy}>
        {body}
      </div>
    </section>
  );
}
