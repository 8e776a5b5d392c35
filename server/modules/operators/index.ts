/** Accounts (operators): list, create, edit, lock, password reset. Uses auth and org. */
export { operatorRoutes } from './routes';
export { operatorValueTaken } from './queries';
