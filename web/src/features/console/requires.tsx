import type { ReactNode } from 'react';
import type { ConsolePermission } from '@checkout/contract/console/roles';
import { TEXT } from './text';
import { useConsoleSession } from './use-console-session';

/** A page only for the roles holding `permission` (the server refuses the calls anyway). */
export function Requires({ permission, children }: { permission: ConsolePermission; children: ReactNode }) {
  const session = useConsoleSession();
  if (!session.permissions.includes(permission)) {
    return <><h1 className="h3">{TEXT.appName}</h1><div className="alert alert-warning" role="alert">{TEXT.errors.forbiddenPage}</div></>;
  }
  return children;
}
