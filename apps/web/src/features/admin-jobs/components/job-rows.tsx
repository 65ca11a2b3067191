import { RotateCcw } from 'lucide-react';
import type { JobSummary } from '@pharmacy/shared';
import { Button } from '../../../components/ui/button';
import type { JobState } from '../api/get-jobs';
import { formatJobTime, JOB_STATE_LABELS, queueLabel, triesText } from '../utils/job-format';

function LastError({ job }: { job: JobSummary }) {
  if (!job.lastError) return <span className="text-slate-500">—</span>;
  return (
    <span className="block font-mono text-xs [overflow-wrap:anywhere] whitespace-pre-wrap text-red-800">
      {job.lastError}
    </span>
  );
}

/** When it was queued, and what comes next for the listed state. */
function Times({ job }: { job: JobSummary }) {
  return (
    <>
      <time dateTime={job.createdOn} className="block whitespace-nowrap text-slate-800">
        {formatJobTime(job.createdOn)}
      </time>
      {job.state === 'retry' || (job.state === 'created' && job.startAfter > job.createdOn) ? (
        <span className="block text-xs whitespace-nowrap text-slate-600">
          Next try <time dateTime={job.startAfter}>{formatJobTime(job.startAfter)}</time>
        </span>
      ) : null}
      {job.state === 'failed' && job.completedOn ? (
        <span className="block text-xs whitespace-nowrap text-slate-600">
          Failed <time dateTime={job.completedOn}>{formatJobTime(job.completedOn)}</time>
        </span>
      ) : null}
    </>
  );
}

interface ListProps {
  jobs: JobSummary[];
  retrying: string | undefined;
  onRetry: (job: JobSummary) => void;
}

function RetryButton({ job, retrying, onRetry }: { job: JobSummary } & Omit<ListProps, 'jobs'>) {
  if (job.state !== 'failed') return null;
  return (
    <Button
      variant="secondary"
      size="sm"
      icon={<RotateCcw aria-hidden="true" className="size-4" />}
      isPending={retrying === job.id}
      aria-label={`Retry ${job.summary}`}
      onClick={() => onRetry(job)}
    >
      Retry
    </Button>
  );
}

/** Phones: one card per job. */
export function JobCards({ jobs, retrying, onRetry }: ListProps) {
  return (
    <ol aria-label="Jobs" className="flex flex-col gap-3">
      {jobs.map((job) => (
        <li key={job.id} className="rounded-xl border border-slate-200 bg-white p-3 text-sm">
          <p className="font-semibold [overflow-wrap:anywhere] text-slate-900">{job.summary}</p>
          <p className="text-xs text-slate-600">{queueLabel(job.queue)}</p>
          <dl className="mt-2 grid grid-cols-[5rem_1fr] gap-2">
            <div>
              <dt className="text-xs text-slate-600">Tries</dt>
              <dd className="tabular-nums">{triesText(job)}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-600">Queued</dt>
              <dd>
                <Times job={job} />
              </dd>
            </div>
            <div className="col-span-2">
              <dt className="text-xs text-slate-600">Last error</dt>
              <dd>
                <LastError job={job} />
              </dd>
            </div>
          </dl>
          {job.state === 'failed' ? (
            <div className="mt-3 border-t border-slate-100 pt-3">
              <RetryButton job={job} retrying={retrying} onRetry={onRetry} />
            </div>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

/** From md up: a table of the jobs, its header kept in view while it scrolls. */
export function JobTable({ jobs, retrying, onRetry, state }: ListProps & { state: JobState }) {
  return (
    <div
      className="max-h-[70vh] overflow-auto rounded-xl border border-slate-200 bg-white"
      role="region"
      aria-label="Jobs table"
      tabIndex={0}
    >
      <table className="w-full min-w-[48rem] text-sm">
        <caption className="sr-only">{JOB_STATE_LABELS[state]} jobs, newest first</caption>
        <thead className="sticky top-0 z-10 bg-slate-100 text-left text-xs font-semibold tracking-wide text-slate-700 uppercase">
          <tr>
            <th scope="col" className="px-2.5 py-2">
              Job
            </th>
            <th scope="col" className="px-2.5 py-2 text-right">
              Tries
            </th>
            <th scope="col" className="px-2.5 py-2">
              Last error
            </th>
            <th scope="col" className="px-2.5 py-2">
              Queued at
            </th>
            {state === 'failed' ? (
              <th scope="col" className="px-2.5 py-2 text-right">
                <span className="sr-only">Actions</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {jobs.map((job) => (
            <tr
              key={job.id}
              className="border-t border-slate-100 align-top even:bg-slate-50/60 hover:bg-brand-50/50"
            >
              <th scope="row" className="min-w-64 px-2.5 py-2 text-left font-normal">
                <span className="block font-medium [overflow-wrap:anywhere] text-slate-900">
                  {job.summary}
                </span>
                <span className="block text-xs text-slate-600">{queueLabel(job.queue)}</span>
              </th>
              <td className="px-2.5 py-2 text-right whitespace-nowrap text-slate-800 tabular-nums">
                {triesText(job)}
              </td>
              <td className="min-w-56 px-2.5 py-2">
                <LastError job={job} />
              </td>
              <td className="px-2.5 py-2">
                <Times job={job} />
              </td>
              {state === 'failed' ? (
                <td className="px-2.5 py-1.5 text-right">
                  <RetryButton job={job} retrying={retrying} onRetry={onRetry} />
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
