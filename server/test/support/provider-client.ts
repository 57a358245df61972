import type { FastifyInstance } from 'fastify';
import { ApiError, createProviderClient } from '@checkout/contract';
import type { ProviderClient } from '@checkout/contract';
import { injectFetch } from './inject-client';
import type { InjectedAnswer, InjectClientOptions } from './inject-client';

/*
 * The provider API's typed client (contract createProviderClient) over app.inject, as the provider's
 * systems would call it: the bearer token on every call, no api key, no cookie.
 */

export type TestProviderClient = ProviderClient & {
  /** The raw answer to the newest call (status, headers such as WWW-Authenticate or Idempotent-Replayed). */
  lastAnswer: () => InjectedAnswer;
};

export function providerClientFor(app: FastifyInstance, token: string, options: InjectClientOptions = {}): TestProviderClient {
  let last: InjectedAnswer | undefined;
  const client = createProviderClient({
    baseUrl: '', token, fetch: injectFetch(app, { ...options, apiKey: null }, (answer) => { last = answer; }),
  });
  return Object.assign(client, {
    lastAnswer: (): InjectedAnswer => {
      if (!last) throw new Error('no call was made with this client');
      return last;
    },
  });
}

export interface ProviderRefusal {
  status: number;
  code: string;
  message: string;
  /** The whole `error` of the envelope (fields, current_status…). */
  error: Record<string, unknown>;
}

/** A provider call that must be refused: its status, code and envelope. */
export async function providerRefusal(call: Promise<unknown>): Promise<ProviderRefusal> {
  const outcome = await call.then((value: unknown) => ({ value }), (err: unknown) => ({ err }));
  if ('value' in outcome) throw new Error(`expected a refusal, the call resolved with ${JSON.stringify(outcome.value).slice(0, 300)}`);
  if (!(outcome.err instanceof ApiError) || outcome.err.status === null) throw outcome.err;
  const body = outcome.err.body as { result?: unknown; error?: Record<string, unknown> } | undefined;
  if (body?.result !== false || !body.error) throw new Error(`expected the error envelope, got ${JSON.stringify(body).slice(0, 300)}`);
  return { status: outcome.err.status, code: outcome.err.code, message: outcome.err.message, error: body.error };
}
