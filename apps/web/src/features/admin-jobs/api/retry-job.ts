import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema } from '@pharmacy/shared';
import { api } from '../../../lib/api-client';
import { jobKeys } from './job-keys';

/** POST /api/jobs/{queue}/{id}/retry (admin): a failed job goes back in line. */
export function retryJob({ queue, id }: { queue: string; id: string }): Promise<{
  message: string;
}> {
  return api.post(`/jobs/${encodeURIComponent(queue)}/${encodeURIComponent(id)}/retry`, undefined, {
    schema: messageResponseSchema,
  });
}

export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryJob,
    onSettled: () => queryClient.invalidateQueries({ queryKey: jobKeys.all }),
  });
}
