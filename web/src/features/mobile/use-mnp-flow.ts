import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../lib/translation';
import { toUiError } from '../../lib/ui-error';
import { mobileOrderKey, useConfirmMnpOrder, useMobileOperators, useMobileOrder, type MobileOrder } from './api/mobile-api';

export type MnpOutcome = 'confirmed' | 'corrected';

/**
 * The mobile porting page's state (SPEC §2): the order by its short hash, whether the visitor reads or
 * corrects it, and what the last confirmation or correction did. A confirmation that fails reloads the order
 * (another device may have changed it).
 */
export function useMnpFlow(shortHash: string) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const order = useMobileOrder(shortHash);
  const operators = useMobileOperators();
  const confirmOrder = useConfirmMnpOrder();
  const [mode, setMode] = useState<'view' | 'correct'>('view');
  const [outcome, setOutcome] = useState<MnpOutcome | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  useEffect(() => { if (outcome) outcomeRef.current?.focus(); }, [outcome]);

  const operatorName = (id: string | null) => (id ? (operators.data?.find((o) => o.id === id)?.name ?? id) : '—');

  const update = (next: MobileOrder, what: MnpOutcome) => {
    queryClient.setQueryData(mobileOrderKey(shortHash), next);
    setMode('view');
    setOutcome(what);
  };

  const confirm = async (short: string) => {
    setFailure(null);
    try {
      update(await confirmOrder.mutateAsync(short), 'confirmed');
    } catch (error) {
      setFailure(toUiError(error, t).message);
      void order.refetch();
    }
  };

  return {
    order, mode, outcome, failure, outcomeRef, operatorName, confirming: confirmOrder.isPending,
    confirm,
    corrected: (next: MobileOrder) => update(next, 'corrected'),
    startCorrection: () => { setOutcome(null); setMode('correct'); },
    cancelCorrection: () => setMode('view'),
  };
}
