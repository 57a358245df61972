import { ERROR_CODES, consoleEndpoints } from '@checkout/contract';
import type { FastifyRequest } from 'fastify';
import { dialectOf } from '../../db';
import { AppError } from '../../http/errors';
import { openStorage } from '../../infra/storage';
import type { AppModule } from '../app-module';
import { registerConsoleEndpoint, requireOperator } from '../console-auth';
import type { SignedInOperator } from '../console-auth';
import type { Actor } from './actor';
import {
  failStaleJobs, getReferenceJob, listReferenceJobs, receiveReferenceUpload, ReferenceJobRunner, STALE_AFTER_MS,
} from './jobs';
import type { JobRunnerOptions } from './jobs';
import { eraseOrder, exportSubject, searchSubject } from './privacy';

const actorOf = (operator: SignedInOperator, req: FastifyRequest): Actor => ({
  id: operator.id, email: operator.email, ip: req.ip ?? null, userAgent: req.headers['user-agent'] ?? null,
});

/** The body types an upload may have: the file's bytes as they are. */
const UPLOAD_TYPES = ['application/octet-stream', 'text/csv', 'text/plain'];
const UPLOAD_TYPE_MESSAGE = 'Inviare il file così com’è, come application/octet-stream o text/csv.';

export interface ConsoleDataOptions extends JobRunnerOptions {
  /** Tests: the app's import runner (to wait until it is idle). */
  onRunner?: (runner: ReferenceJobRunner) => void;
}

/** The console's reference files (coverage, ATECO) and privacy tools. */
export function createConsoleDataModule(options: ConsoleDataOptions = {}): AppModule {
  return async (app, deps) => {
    const { db, config, now } = deps;
    const storage = openStorage(config, db);
    const jobs = { db, storage, now, log: app.log };
    const runner = new ReferenceJobRunner(jobs, options);
    options.onRunner?.(runner);
    const privacy = { db, storage, now };

    // A job left active by a process that is gone fails: on SQLite at once (one server process owns the
    // file, so none runs now), on PostgreSQL once its row has not moved for a minute (another process may
    // be running it).
    app.addHook('onReady', async () => { await failStaleJobs(jobs, dialectOf(db) === 'sqlite' ? 0 : STALE_AFTER_MS); });
    app.addHook('onClose', async () => runner.stop());

    // This scope only: the upload's body is the file, left unread for the handler to stream into storage.
    // Its "body" for the call's schema is the query string (the call's request).
    app.addContentTypeParser(UPLOAD_TYPES, (req, _payload, done) => { done(null, req.query); });

    registerConsoleEndpoint(app, deps, consoleEndpoints.uploadReferenceFile, async (ctx) => {
      const operator = requireOperator(ctx);
      // A JSON or form body was parsed away already: the file must come as the raw body.
      const type = (ctx.req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
      if (!UPLOAD_TYPES.includes(type)) throw new AppError(ERROR_CODES.unsupportedMediaType, 415, UPLOAD_TYPE_MESSAGE);
      return { job: await receiveReferenceUpload(jobs, runner, actorOf(operator, ctx.req), ctx.input, ctx.req.raw) };
    });
    registerConsoleEndpoint(app, deps, consoleEndpoints.referenceJobs, async () => listReferenceJobs(jobs));
    registerConsoleEndpoint(app, deps, consoleEndpoints.referenceJob, async ({ params }) => getReferenceJob(jobs, params.job_id));

    registerConsoleEndpoint(app, deps, consoleEndpoints.privacySearch, async (ctx) =>
      searchSubject(privacy, actorOf(requireOperator(ctx), ctx.req), ctx.input.q));
    registerConsoleEndpoint(app, deps, consoleEndpoints.privacyExport, async (ctx) => {
      const file = await exportSubject(privacy, actorOf(requireOperator(ctx), ctx.req), ctx.input.q);
      return ctx.reply
        .header('Content-Type', 'application/zip')
        .header('Content-Disposition', `attachment; filename="${file.filename}"`)
        .header('X-Content-Type-Options', 'nosniff')
        .send(Buffer.from(file.zip.buffer, file.zip.byteOffset, file.zip.byteLength));
    });
    registerConsoleEndpoint(app, deps, consoleEndpoints.privacyEraseOrder, async (ctx) =>
      eraseOrder(privacy, actorOf(requireOperator(ctx), ctx.req), ctx.params.order_id, ctx.input.confirm_order_number));
  };
}

export const consoleDataModule: AppModule = createConsoleDataModule();
