import { Button, Flex } from '@chakra-ui/react';
import { useT } from '../../app/i18n';

/** Cancel and save under a long form, kept in view while scrolling (full width on phones). */
export function FormActions({ busy, onCancel }: { busy: boolean; onCancel: () => void }) {
  const t = useT();
  return (
    <Flex
      position="sticky"
      bottom="0"
      mt="4"
      py="3"
      gap="2"
      bg="bg.subtle"
      borderTopWidth="1px"
      justify={{ base: 'stretch', sm: 'flex-end' }}
      zIndex="1"
    >
      <Button type="button" variant="outline" bg="bg" flex={{ base: '1', sm: 'initial' }} onClick={onCancel}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" loading={busy} flex={{ base: '1', sm: 'initial' }}>
        {t('common.save')}
      </Button>
    </Flex>
  );
}

/** Save of a form that edits a record in place: enabled once something changed. */
export function SaveButton({ busy, dirty }: { busy: boolean; dirty: boolean }) {
  const t = useT();
  return (
    <Button type="submit" loading={busy} disabled={!dirty} flex={{ base: '1', sm: 'initial' }}>
      {t('common.save')}
    </Button>
  );
}
