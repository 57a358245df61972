export * from './events';
export * from './notifications';
export * from './workflow-events';
export * from './provider';
export * from './provider-client';
export * from './appointments';
export * from './event-payloads';
