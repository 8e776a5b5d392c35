import { Badge } from '@chakra-ui/react';
import type { Status } from '../contract/fields';
import { useT } from '../app/i18n';

/** Active or locked (spec point 4), the same look on every organisation list. */
export function StatusBadge({ status }: { status: Status }) {
  const t = useT();
  return (
    <Badge colorPalette={status === 'active' ? 'green' : 'red'} variant="subtle">
      {t(status === 'active' ? 'org.status.active' : 'org.status.locked')}
    </Badge>
  );
}
