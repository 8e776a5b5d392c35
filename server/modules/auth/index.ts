/** Sign-in, sign-out, the second factor (TOTP, recovery codes) and the sign-in lockout. */
export { authRoutes } from './routes';
export { unenrol as unenrolMfa } from './mfaQueries';
