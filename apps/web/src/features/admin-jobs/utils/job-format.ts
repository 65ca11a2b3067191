import type { JobSummary } from '@pharmacy/shared';
import type { JobState } from '../api/get-jobs';

/** The states an admin can list, in the filter's order, with the words the screen uses. */
export const JOB_STATE_LABELS: Record<JobState, string> = {
  failed: 'Failed',
  retry: 'Retrying',
  created: 'Waiting',
  active: 'Running',
};

export const JOB_STATE_ORDER: JobState[] = ['failed', 'retry', 'created', 'active'];

const QUEUE_LABELS: Record<string, string> = {
  'send-mail': 'E-mails',
  'back-in-stock': 'Back-in-stock notices',
  'refill-reminders': 'Refill reminders',
  'loyalty-expiry': 'Loyalty points expiry',
};

/** 'E-mails' for the queues this build knows; the queue's own name for any other. */
export function queueLabel(queue: string): string {
  return QUEUE_LABELS[queue] ?? queue;
}

let dateTime: Intl.DateTimeFormat | undefined;

/** '25 Nov 2026, 10:20 UTC' (spec §9: en-IN, UTC). */
export function formatJobTime(value: string): string {
  dateTime ??= new Intl.DateTimeFormat('en-IN', {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : `${dateTime.format(date)} UTC`;
}

/**
 * Tries so far out of the most it gets: the queue counts retries after the first run, so a job
 * that ran once has retryCount 0, and one left failed after 3 retries ran 4 times. A waiting job
 * that never ran has had no try yet.
 */
export function triesText(job: Pick<JobSummary, 'state' | 'retryCount' | 'retryLimit'>): string {
  const tries = job.state === 'created' ? job.retryCount : job.retryCount + 1;
  return `${tries} of ${job.retryLimit + 1}`;
}
