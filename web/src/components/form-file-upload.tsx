import { useId, useRef, useState } from 'react';
import { useTranslation } from '../lib/translation';
import type { z } from 'zod';
import { formatItalianNumber, type attachmentRefSchema } from '@checkout/contract';
import './form-kit.css';

export type AttachmentRef = z.infer<typeof attachmentRefSchema>;

/** What the server accepts (it sniffs the bytes; this only spares a pointless upload). */
export const ACCEPTED_UPLOAD_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

const size = { format: (n: number): string => formatItalianNumber(n, 1) };
export const formatBytes = (bytes: number): string =>
  bytes < 1024 * 1024 ? `${size.format(Math.max(1, bytes / 1024))} KB` : `${size.format(bytes / (1024 * 1024))} MB`;

/** Why a chosen file is refused before upload, or null. */
export const uploadProblem = (file: Pick<File, 'type' | 'name' | 'size'>): 'type' | 'size' | null => {
  const typeOk = (ACCEPTED_UPLOAD_TYPES as readonly string[]).includes(file.type) || /\.(pdf|jpe?g|png)$/i.test(file.name);
  if (!typeOk) return 'type';
  if (file.size > MAX_UPLOAD_BYTES) return 'size';
  return null;
};

export interface FormFileUploadProps {
  /** The pill label of the file input (its accessible name). */
  label: string;
  /** The name of the list of uploaded files (e.g. 'File caricati: tessera sanitaria'). */
  listLabel: string;
  hint?: string;
  items: readonly AttachmentRef[];
  /** Sends the file; reports progress 0..1. Rejects with an error whose message can be shown. */
  upload: (file: File, onProgress: (fraction: number) => void) => Promise<AttachmentRef>;
  remove: (item: AttachmentRef) => Promise<void>;
  onChange: (items: AttachmentRef[]) => void;
  /** The sentence shown for a failed call. */
  errorMessage: (error: unknown) => string;
  disabled?: boolean;
  /** The form's own complaint about this field (a required file missing), shown when no upload error is. */
  fieldError?: string | null;
  /** The file input's id, for the form to move focus to it. */
  inputId?: string;
}

/** A document upload: pill file label, real progress, the list of uploaded files with delete (issue 4). */
export function FormFileUpload({ label, listLabel, hint, items, upload, remove, onChange, errorMessage, disabled = false, fieldError = null, inputId }: FormFileUploadProps) {
  const { t } = useTranslation();
  const generatedId = useId();
  const id = inputId ?? generatedId;
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<{ name: string; fraction: number } | null>(null);
  const [uploadError, setError] = useState<string | null>(null);
  const error = uploadError ?? fieldError;
  const [status, setStatus] = useState('');
  const [deleting, setDeleting] = useState<string | null>(null);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    const problem = uploadProblem(file);
    if (problem) {
      setError(t(`upload.problem.${problem}`));
      if (input.current) input.current.value = '';
      return;
    }
    setProgress({ name: file.name, fraction: 0 });
    setStatus(t('upload.uploading', { name: file.name }));
    try {
      const item = await upload(file, (fraction) => setProgress({ name: file.name, fraction }));
      onChange([...items, item]);
      setStatus(t('upload.done', { name: item.filename }));
    } catch (err) {
      setError(errorMessage(err));
      setStatus('');
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  };

  const onDelete = async (item: AttachmentRef) => {
    setError(null);
    setDeleting(item.id);
    try {
      await remove(item);
      onChange(items.filter((i) => i.id !== item.id));
      setStatus(t('upload.deleted', { name: item.filename }));
      input.current?.focus();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setDeleting(null);
    }
  };

  const busy = progress !== null;
  const percent = progress ? Math.round(progress.fraction * 100) : 0;
  return (
    <div className="form-file-upload mb-3">
      <input
        ref={input}
        id={`${id}-file`}
        type="file"
        className="file-upload-input"
        accept={`${ACCEPTED_UPLOAD_TYPES.join(',')},.pdf,.jpg,.jpeg,.png`}
        aria-describedby={[hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined}
        aria-invalid={error ? true : undefined}
        disabled={disabled || busy}
        onChange={(event) => void onFile(event.target.files?.[0])}
      />
      <label htmlFor={`${id}-file`} className={`btn btn-outline-primary file-label${disabled || busy ? ' disabled' : ''}`}>
        {label}
      </label>
      {hint && <div id={`${id}-hint`} className="form-text">{hint}</div>}
      {progress && (
        <div className="upload-progress">
          <div className="small mb-1">{t('upload.uploading', { name: progress.name })}</div>
          <div
            className="progress"
            role="progressbar"
            aria-label={t('upload.progressLabel', { name: progress.name })}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
          >
            <div className="progress-bar" style={{ width: `${percent}%` }}>{percent}%</div>
          </div>
        </div>
      )}
      {error && <div id={`${id}-error`} className="invalid-feedback d-block" role="alert">{error}</div>}
      {items.length > 0 && (
        <ul className="upload-list" aria-label={listLabel}>
          {items.map((item) => (
            <li key={item.id}>
              <span>
                {item.filename} <span className="text-body-secondary small">({formatBytes(item.size)})</span>
              </span>
              <button
                type="button"
                className="btn btn-sm btn-outline-danger"
                onClick={() => void onDelete(item)}
                disabled={deleting === item.id}
                aria-label={t('upload.delete', { name: item.filename })}
              >
                {t('upload.deleteShort')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="visually-hidden" role="status" aria-live="polite">{status}</div>
    </div>
  );
}
