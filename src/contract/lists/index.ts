export * from './define';
export * from './filters';
export * from './orders';
export * from './refunds';
