import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { createOperatorSchema, updateOperatorSchema } from '@checkout/contract/console/index';
import { consoleClient } from './client';

const OPERATORS_KEY = ['console', 'operators'] as const;

export const useOperators = (enabled = true) =>
  useQuery({ queryKey: OPERATORS_KEY, queryFn: () => consoleClient.listOperators(), enabled });

export const useCreateOperator = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.input<typeof createOperatorSchema>) => consoleClient.createOperator(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: OPERATORS_KEY }),
  });
};

export const useUpdateOperator = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: z.input<typeof updateOperatorSchema> }) => consoleClient.updateOperator({ operator_id: id }, patch),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: OPERATORS_KEY }),
  });
};

export const useIssueSetupLink = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => consoleClient.issueSetupLink({ operator_id: id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: OPERATORS_KEY }),
  });
};
