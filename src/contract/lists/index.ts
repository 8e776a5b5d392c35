export * from './define';
export * from './filters';
export * from './orders';
export * from './refunds';
export * from './payLinks';
export * from './preOrders';
