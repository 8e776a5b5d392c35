/** The organisation: service providers, agencies, companies (with their brand settings) and branches. */
export { orgRoutes } from './routes';
export { companyInScope } from './branches';
export { companyValueTaken } from './companies';
export { providerNameTaken } from './providers';
