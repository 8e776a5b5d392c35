import type { ReactNode } from 'react';
import { Button, Flex } from '@chakra-ui/react';
import type { Status } from '../../contract/fields';
import { useT } from '../../app/i18n';
import { EditIcon, LockIcon, UnlockIcon } from '../../components/icons';

/** The actions cell of an organisation row: edit, lock or unlock, and any extra buttons. */
export function RowActions({
  name,
  status,
  onEdit,
  onToggle,
  children,
}: {
  name: string;
  status: Status;
  onEdit?: () => void;
  onToggle?: () => void;
  children?: ReactNode;
}) {
  const t = useT();
  return (
    <Flex gap="1" wrap="nowrap">
      {onEdit && (
        <Button size="xs" variant="ghost" onClick={onEdit} aria-label={`${t('org.actions.edit')}: ${name}`}>
          <EditIcon />
          {t('org.actions.edit')}
        </Button>
      )}
      {onToggle && (
        <Button
          size="xs"
          variant="ghost"
          colorPalette={status === 'active' ? 'red' : 'green'}
          onClick={onToggle}
          aria-label={`${t(status === 'active' ? 'org.actions.lock' : 'org.actions.unlock')}: ${name}`}
        >
          {status === 'active' ? <LockIcon /> : <UnlockIcon />}
          {t(status === 'active' ? 'org.actions.lock' : 'org.actions.unlock')}
        </Button>
      )}
      {children}
    </Flex>
  );
}
