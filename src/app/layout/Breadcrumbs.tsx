import { Breadcrumb } from '@chakra-ui/react';
import { Link, useLocation } from 'wouter';
import { useT } from '../i18n';
import { breadcrumbTrail } from '../routes';

/** Titles of the matched routes; every crumb but the last is a link (spec point 2). */
export function Breadcrumbs() {
  const t = useT();
  const [path] = useLocation();
  const trail = breadcrumbTrail(path);
  if (trail.length === 0) return null;
  return (
    <Breadcrumb.Root aria-label={t('shell.breadcrumb')} size="sm" minW="0">
      <Breadcrumb.List flexWrap="nowrap">
        {trail.map((crumb, i) => {
          const last = i === trail.length - 1;
          return [
            <Breadcrumb.Item
              key={crumb.path}
              minW="0"
              display={!last ? { base: 'none', md: 'flex' } : undefined}
            >
              {last ? (
                <Breadcrumb.CurrentLink truncate>{t(crumb.titleKey)}</Breadcrumb.CurrentLink>
              ) : (
                <Breadcrumb.Link asChild>
                  <Link href={crumb.path}>{t(crumb.titleKey)}</Link>
                </Breadcrumb.Link>
              )}
            </Breadcrumb.Item>,
            !last && <Breadcrumb.Separator key={`${crumb.path}/`} display={{ base: 'none', md: 'flex' }} />,
          ];
        })}
      </Breadcrumb.List>
    </Breadcrumb.Root>
  );
}
