import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/translation';

/** Show the PDF inside the page (the CSP allows `frame-src blob:`); the download link stays either way. */
export const EMBED_PDF_PREVIEW = true;

/** base64 → a PDF Blob URL (revoked when the preview changes or the page goes). */
export const usePdfUrl = (base64: string | undefined): string | null => {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!base64) {
      setUrl(null);
      return;
    }
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const next = URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [base64]);
  return url;
};

export function ContractPreview({ url, filename }: { url: string; filename: string }) {
  const { t } = useTranslation();
  return (
    <div className="contract-preview">
      {EMBED_PDF_PREVIEW && (
        <iframe src={url} title={t('signature.previewTitle')} className="w-100 border rounded-4 mb-3" style={{ height: '60vh' }} />
      )}
      <a className="btn btn-outline-primary btn-lg" href={url} download={filename} data-testid="contract-download">
        {t('signature.download')}
      </a>
    </div>
  );
}
