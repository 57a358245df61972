import { Suspense, lazy, useEffect, useState } from 'react';
import { withAllTranslations } from './i18n';
import { loadWithTimeout } from '../lib/lazy-with-timeout';
import { useModalStore, type OpenModal } from '../components/modals/modal-store';

// The dialogs' text is not in the first screen's bundle (src/app/i18n.ts).
const ModalView = lazy(() => loadWithTimeout(withAllTranslations(() => import('../components/modals/modal-view'))));

/** Renders whichever registry modal is open; keeps the last one mounted while it fades out. */
export function ModalHost() {
  const current = useModalStore((s) => s.current);
  const close = useModalStore((s) => s.close);
  const [shown, setShown] = useState<OpenModal | null>(current);
  useEffect(() => {
    if (current) setShown(current);
  }, [current]);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <ModalView modal={shown} show={current !== null} onHide={close} onExited={() => setShown(null)} />
    </Suspense>
  );
}
