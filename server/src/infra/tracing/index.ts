import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';

/**
 * Optional OpenTelemetry tracing: with OTEL_EXPORTER_OTLP_ENDPOINT set, @fastify/otel opens a span per request
 * (and its hooks and handler) and the spans go by OTLP/HTTP (protobuf) to `<endpoint>/v1/traces`. Without it
 * nothing here is even loaded (dynamic imports). Registered before every route: the plugin wraps routes as
 * they are added. The provider is this app's (closed with it, flushing the last spans); it is also made the
 * process's global one, so an incoming `traceparent` continues the caller's trace.
 */
export async function registerTracing(app: FastifyInstance, config: Pick<Config, 'tracing'>): Promise<void> {
  const { otlpEndpoint, serviceName } = config.tracing;
  if (!otlpEndpoint) return;
  const [{ FastifyOtelInstrumentation }, { NodeTracerProvider, BatchSpanProcessor }, { OTLPTraceExporter }, { resourceFromAttributes }] = await Promise.all([
    import('@fastify/otel'),
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/exporter-trace-otlp-proto'),
    import('@opentelemetry/resources'),
  ]);
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': serviceName }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: `${otlpEndpoint}/v1/traces` }))],
  });
  provider.register();
  // Scrapes are not traced: one span every few seconds that says nothing about visitors.
  const instrumentation = new FastifyOtelInstrumentation({ ignorePaths: '/metrics' });
  instrumentation.setTracerProvider(provider);
  await app.register(instrumentation.plugin());
  app.addHook('onClose', async () => { await provider.shutdown(); });
}
