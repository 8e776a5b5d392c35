import { Button } from '@chakra-ui/react';
import { Link } from 'wouter';
import { useT } from '../../app/i18n';
import { PlusIcon } from '../../components/icons';

/** The "new" button of a setup list's header: opens the list's dialog, or leads to `href`. */
export function CreateButton(props: { onClick: () => void } | { href: string }) {
  const t = useT();
  const content = (
    <>
      <PlusIcon />
      {t('org.actions.create')}
    </>
  );
  if ('href' in props)
    return (
      <Button size="sm" asChild>
        <Link href={props.href}>{content}</Link>
      </Button>
    );
  return (
    <Button size="sm" onClick={props.onClick}>
      {content}
    </Button>
  );
}
