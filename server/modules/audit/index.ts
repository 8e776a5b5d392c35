/** The audit log's list (the rows are written by platform/audit.ts). */
export { auditRoutes } from './routes';
