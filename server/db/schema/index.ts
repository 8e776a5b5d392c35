export * from './org';
export * from './operators';
export * from './auth';
