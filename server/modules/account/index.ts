/** The signed-in user's own profile and password changes. */
export { accountRoutes } from './routes';
