export * from './events';
export * from './notifications';
