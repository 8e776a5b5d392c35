/** Commission and agency rebate rates per company and brand. */
export { commissionRoutes } from './routes';
