import { useEffect, useRef } from 'react';
import { COVERAGE_PATH } from '@checkout/contract';
import { useTranslation } from '../../lib/translation';
import { isChunkLoadError } from '../../lib/lazy-with-timeout';

/**
 * Route-level error boundary. A chunk that failed to load gets a retry (a reload fetches the
 * current build's chunks); anything else a generic message with a way back. Plain links, no
 * router calls: the router itself may be what failed.
 */
export function ErrorScreen({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const chunk = isChunkLoadError(error);
  return (
    <section className="page-section error-screen text-center" role="alert" data-testid={chunk ? 'chunk-error' : 'route-error'}>
      <h1 ref={heading} tabIndex={-1}>{t(chunk ? 'errors.chunkTitle' : 'errors.genericTitle')}</h1>
      <p className="lead">{t(chunk ? 'errors.chunkText' : 'errors.genericText')}</p>
      {chunk ? (
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>{t('errors.retry')}</button>
      ) : (
        <a href={COVERAGE_PATH} className="btn btn-primary">{t('errors.backHome')}</a>
      )}
    </section>
  );
}
