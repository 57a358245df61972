import { useOutletContext } from 'react-router';
import type { ConsoleSession } from '@checkout/contract/console/index';
import type { ConsolePermission } from '@checkout/contract/console/roles';

/** The session of the signed-in frame (ConsoleLayout passes it to its pages). */
export const useConsoleSession = (): ConsoleSession => useOutletContext<ConsoleSession>();

export const useCan = (): ((permission: ConsolePermission) => boolean) => {
  const session = useConsoleSession();
  return (permission) => session.permissions.includes(permission);
};
