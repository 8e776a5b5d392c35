/** The health probe (a plain Fastify route, not an API call). */
export { healthRoutes } from './routes';
