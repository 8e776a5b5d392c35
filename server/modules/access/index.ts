/** Roles and the screens (routes) each role is granted; the role rows seeded on a new database. */
export { accessRoutes } from './routes';
export { seedRoleRoutes } from './queries';
