import { Redirect, useParams, useSearch } from 'wouter';

/** /redirect/{path}: replaces itself with /{path} (re-mounts a screen with the same path). */
export default function RedirectHelper() {
  const rest = useParams()['*'] ?? '';
  const search = useSearch();
  const to = `/${rest.replace(/^\/+/, '')}${search ? `?${search}` : ''}`;
  return <Redirect to={to} replace />;
}
