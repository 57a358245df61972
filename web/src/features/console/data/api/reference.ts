import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReferenceJob, ReferenceUploadQuery } from '@checkout/contract/console/schemas-data';
import { consoleClient } from '../../api/client';

const JOBS_KEY = ['console', 'reference-jobs'] as const;
/** How often a running import is asked for its progress. */
export const JOB_POLL_MS = 1000;

const isActive = (job: ReferenceJob | undefined): boolean => job?.status === 'queued' || job?.status === 'running';

export const useReferenceJobs = () =>
  useQuery({ queryKey: JOBS_KEY, queryFn: () => consoleClient.referenceJobs() });

/** One import job, asked again every JOB_POLL_MS while it is queued or running. */
export const useReferenceJob = (id: string | null) => {
  const client = useQueryClient();
  return useQuery({
    queryKey: [...JOBS_KEY, id],
    queryFn: async () => {
      const job = await consoleClient.referenceJob({ job_id: id as string });
      if (!isActive(job)) void client.invalidateQueries({ queryKey: JOBS_KEY, exact: true });
      return job;
    },
    enabled: id !== null,
    staleTime: 0,
    refetchInterval: (query) => (isActive(query.state.data) ? JOB_POLL_MS : false),
  });
};

export interface UploadInput {
  query: ReferenceUploadQuery;
  file: Blob;
  onProgress: (fraction: number) => void;
  signal: AbortSignal;
}

/** Sends the file (progress through XMLHttpRequest) and answers the job the server queued. */
export const useUploadReferenceFile = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ query, file, onProgress, signal }: UploadInput) =>
      consoleClient.upload('uploadReferenceFile', query, file, { onUploadProgress: onProgress, signal }),
    onSuccess: ({ job }) => {
      client.setQueryData([...JOBS_KEY, job.id], job);
      void client.invalidateQueries({ queryKey: JOBS_KEY, exact: true });
    },
  });
};
