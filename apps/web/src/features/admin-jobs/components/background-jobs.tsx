import { CircleAlert, ListChecks, RefreshCw, ServerCog } from 'lucide-react';
import { useId, useRef, type RefObject } from 'react';
import { useSearchParams } from 'react-router';
import type { JobListResponse, JobSummary } from '@pharmacy/shared';
import { Button, buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Select } from '../../../components/ui/form-field';
import { PageHeader } from '../../../components/ui/page-header';
import { LoadingRegion, Skeleton } from '../../../components/ui/skeleton';
import { useMediaQuery } from '../../../hooks/use-media-query';
import { getErrorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { notify } from '../../../lib/toast';
import { useJobs, type JobState } from '../api/get-jobs';
import { useRetryJob } from '../api/retry-job';
import { JOB_STATE_LABELS, JOB_STATE_ORDER, queueLabel } from '../utils/job-format';
import { JobCards, JobTable } from './job-rows';

type QueueCounts = JobListResponse['queues'][number];

const EMPTY_TEXTS: Record<JobState, { title: string; detail: string }> = {
  failed: {
    title: 'No failed jobs.',
    detail: 'Every e-mail and task has been done or is still being tried.',
  },
  retry: {
    title: 'No job is waiting for another try.',
    detail: 'Jobs whose last try failed wait here, with growing delays, until their last try.',
  },
  created: {
    title: 'No job is waiting to run.',
    detail: 'New e-mails and tasks wait here for a moment before a worker takes them.',
  },
  active: {
    title: 'No job is running right now.',
    detail: 'A job shows here while a worker sends its e-mail or does its task.',
  },
};

/** The listed state lives in the URL (?state=retry), so a reload or a link shows the same list. */
function useJobState() {
  const [search, setSearch] = useSearchParams();
  const text = search.get('state');
  const state = JOB_STATE_ORDER.find((known) => known === text) ?? 'failed';
  const setState = (next: JobState) =>
    setSearch(
      (current) => {
        const query = new URLSearchParams(current);
        if (next === 'failed') query.delete('state');
        else query.set('state', next);
        return query;
      },
      { replace: true },
    );
  return { state, setState };
}

const COUNT_LABELS = [
  ['waiting', 'Waiting'],
  ['retrying', 'Retrying'],
  ['active', 'Running'],
  ['completed', 'Completed'],
  ['failed', 'Failed'],
] as const satisfies ReadonlyArray<readonly [keyof QueueCounts, string]>;

function QueueCard({ counts }: { counts: QueueCounts }) {
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4">
      <h3 className="font-semibold text-slate-900">{queueLabel(counts.queue)}</h3>
      <p className="font-mono text-xs text-slate-600">{counts.queue}</p>
      <dl className="mt-3 grid grid-cols-3 gap-x-2 gap-y-3 sm:grid-cols-5">
        {COUNT_LABELS.map(([key, label]) => {
          const value = counts[key];
          const alarming = key === 'failed' && value > 0;
          return (
            <div key={key} className="min-w-0">
              <dt
                className={cn(
                  'text-xs',
                  alarming ? 'font-semibold text-red-800' : 'text-slate-600',
                )}
              >
                {label}
              </dt>
              <dd
                className={cn(
                  'flex items-center gap-1 text-lg font-semibold tabular-nums',
                  alarming ? 'text-red-700' : 'text-slate-900',
                )}
              >
                {alarming ? <CircleAlert aria-hidden="true" className="size-4 shrink-0" /> : null}
                {value.toLocaleString('en-IN')}
              </dd>
            </div>
          );
        })}
      </dl>
    </li>
  );
}

function Queues({ queues }: { queues: QueueCounts[] }) {
  if (queues.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-6 text-center text-sm text-slate-700">
        No background work has been queued yet.
      </p>
    );
  }
  return (
    <ul aria-label="Queues" className="grid gap-3 lg:grid-cols-2">
      {[...queues]
        .sort((a, b) => queueLabel(a.queue).localeCompare(queueLabel(b.queue)))
        .map((counts) => (
          <QueueCard key={counts.queue} counts={counts} />
        ))}
    </ul>
  );
}

function JobList({
  state,
  data,
  isPlaceholder,
  headingRef,
}: {
  state: JobState;
  data: JobListResponse;
  isPlaceholder: boolean;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const narrow = useMediaQuery('(max-width: 47.98rem)');
  const retry = useRetryJob();
  const onRetry = (job: JobSummary) =>
    retry.mutate(
      { queue: job.queue, id: job.id },
      {
        onSuccess: ({ message }) => {
          notify.success(message);
          // The job leaves the failed list: focus goes to the list's heading, not to the page top.
          headingRef.current?.focus();
        },
      },
    );
  const retrying = retry.isPending ? retry.variables.id : undefined;
  const jobs = data.jobs;

  if (jobs.length === 0) {
    const empty = EMPTY_TEXTS[state];
    return (
      <EmptyState icon={<ListChecks className="size-8" />} title={empty.title}>
        {empty.detail}
      </EmptyState>
    );
  }
  return (
    <div className={cn('transition-opacity', isPlaceholder && 'opacity-60')}>
      {narrow ? (
        <JobCards jobs={jobs} retrying={retrying} onRetry={onRetry} />
      ) : (
        <JobTable jobs={jobs} retrying={retrying} onRetry={onRetry} state={state} />
      )}
    </div>
  );
}

function PageSkeleton() {
  return (
    <LoadingRegion label="Loading background jobs" className="flex flex-col gap-6">
      <div className="grid gap-3 lg:grid-cols-2">
        {Array.from({ length: 2 }, (_, index) => (
          <Skeleton key={index} className="h-32 w-full" />
        ))}
      </div>
      <div className="flex flex-col gap-2">
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} className="h-11 w-full" />
        ))}
      </div>
    </LoadingRegion>
  );
}

/**
 * Issue 17 for administrators: the durable queue's work (e-mails, back-in-stock notices) as counts
 * per queue, and the newest jobs of one state — failed by default, each with its tries, last error
 * and a Retry; retrying, waiting or running on request.
 */
export function BackgroundJobs() {
  const selectId = useId();
  const { state, setState } = useJobState();
  const jobs = useJobs(state);
  const listHeading = useRef<HTMLHeadingElement>(null);
  // Kept focusable while it runs (aria-disabled, not disabled), so a keyboard user stays on it.
  const busy = jobs.isFetching;

  let body;
  if (jobs.isPending) {
    body = <PageSkeleton />;
  } else if (jobs.isError) {
    body = (
      <EmptyState
        icon={<ServerCog className="size-8" />}
        title="The background jobs could not be loaded."
        action={
          <Button
            variant="secondary"
            icon={<RefreshCw aria-hidden="true" className="size-4" />}
            onClick={() => void jobs.refetch()}
          >
            Try again
          </Button>
        }
      >
        <span role="alert">{getErrorMessage(jobs.error)}</span>
      </EmptyState>
    );
  } else {
    const count = jobs.data.jobs.length;
    body = (
      <div className="flex flex-col gap-8">
        <section aria-labelledby="job-queues-heading">
          <h2 id="job-queues-heading" className="mb-3 text-lg font-semibold text-slate-900">
            Queues
          </h2>
          <Queues queues={jobs.data.queues} />
        </section>
        <section aria-labelledby="job-list-heading">
          <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
            <div>
              <h2
                id="job-list-heading"
                ref={listHeading}
                tabIndex={-1}
                className="text-lg font-semibold text-slate-900 focus:outline-none"
              >
                {JOB_STATE_LABELS[state]} jobs
              </h2>
              <p className="text-sm text-slate-600" aria-live="polite">
                {count === 0
                  ? 'None right now.'
                  : `${count === 100 ? 'The newest 100' : count.toLocaleString('en-IN')} ${count === 1 ? 'job' : 'jobs'}, newest first.`}
              </p>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <label htmlFor={selectId} className="text-sm font-medium text-slate-800">
                State
              </label>
              <Select
                id={selectId}
                className="w-44"
                value={state}
                onChange={(event) => setState(event.target.value as JobState)}
              >
                {JOB_STATE_ORDER.map((option) => (
                  <option key={option} value={option}>
                    {JOB_STATE_LABELS[option]}
                  </option>
                ))}
              </Select>
            </div>
          </div>
          <JobList
            state={state}
            data={jobs.data}
            isPlaceholder={jobs.isPlaceholderData}
            headingRef={listHeading}
          />
        </section>
      </div>
    );
  }

  return (
    <>
      <PageHeader
        title="Background Jobs"
        description="E-mails and other work the shop does after it answers. A job that keeps failing stops after its last try and waits here to be retried."
        actions={
          <button
            type="button"
            className={buttonClasses('secondary', 'md', busy ? 'cursor-progress opacity-70' : '')}
            aria-disabled={busy || undefined}
            onClick={() => {
              if (!busy) void jobs.refetch();
            }}
          >
            <RefreshCw aria-hidden="true" className={cn('size-4', busy && 'animate-spin')} />
            {busy ? 'Refreshing…' : 'Refresh'}
          </button>
        }
      />
      {body}
    </>
  );
}
