/*
 * Documents: uploads of identity documents and other attachments of an order, screened and stored privately.
 * The module's face: other modules, the app, the CLI and the demo seed import only this file.
 */
export { createDocumentsModule, documentsModule } from './routes';
export { readStoredFile, removeOrderFiles, storedFilePath } from './file-storage';
export { listOrderMedias } from './repository';
export type { MediaRow } from './repository';
export { MAX_FILES_PER_ORDER } from './service';
export { UPLOAD_CLAIM_WINDOW_MS, UPLOAD_QUOTAS_LOCK } from './upload-quota';
export { UPLOAD_LINK_TTL_MS, createUploadLinks } from './upload-links';
export { MAX_FILE_BYTES } from './upload-rules';
