/** The organisation: service providers, agencies, companies (with their brand settings), branches and comprehensive agents. */
export { orgRoutes } from './routes';
export { companyInScope } from './branches';
export { companyValueTaken } from './companies';
export { providerNameTaken } from './providers';
