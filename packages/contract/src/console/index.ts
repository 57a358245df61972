export * from './define';
export * from './roles';
export * from './workflow';
export * from './schemas';
export * from './schemas-sales';
export * from './schemas-data';
export * from './endpoints';
export * from './client';
