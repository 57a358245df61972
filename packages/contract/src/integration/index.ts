export * from './events';
export * from './notifications';
export * from './event-payloads';
