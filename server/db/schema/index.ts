export * from './org';
export * from './operators';
export * from './auth';
export * from './terminals';
export * from './commission';
export * from './audit';
export * from './preorders';
export * from './payments';
