import { useState } from 'react';
import { Button, Flex, Input, Text } from '@chakra-ui/react';
import { SECRET_MASK } from '../contract/fields';
import { useT } from '../app/i18n';

/**
 * A stored secret (a channel key or token): the server sends it masked (••••1234) and keeps
 * it when the masked value comes back. "Replace" opens an empty input for a new one;
 * "Keep" returns to the stored value. A new record starts with the input open.
 */
export function SecretInput({
  value,
  stored,
  onChange,
  label,
}: {
  value: string;
  /** The masked value the server sent ('' when none is stored). */
  stored: string;
  onChange: (value: string) => void;
  label: string;
}) {
  const t = useT();
  const [replacing, setReplacing] = useState(!stored);
  if (!replacing) {
    return (
      <Flex gap="2" align="center" minH="10">
        <Text fontFamily="mono" fontSize="sm" flex="1" color="fg.muted" aria-label={label}>
          {value.startsWith(SECRET_MASK) ? value : stored}
        </Text>
        <Button
          size="xs"
          variant="outline"
          onClick={() => {
            setReplacing(true);
            onChange('');
          }}
        >
          {t('org.secrets.replace')}
        </Button>
      </Flex>
    );
  }
  return (
    <Flex gap="2" align="center">
      <Input
        flex="1"
        value={value}
        type="password"
        autoComplete="new-password"
        placeholder={stored ? t('org.secrets.newValue') : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {stored && (
        <Button
          size="xs"
          variant="ghost"
          onClick={() => {
            setReplacing(false);
            onChange(stored);
          }}
        >
          {t('org.secrets.keep')}
        </Button>
      )}
    </Flex>
  );
}
