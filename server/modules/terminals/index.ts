/** Terminals (devices) of companies and branches. */
export { terminalRoutes } from './routes';
