/** The sign-in history list. */
export { loginHistoryRoutes } from './routes';
