/** Whether a value is taken (forms check fields as they lose focus). Uses org and operators. */
export { checkRoutes } from './routes';
