import { Box, Flex, List, Text, VisuallyHidden } from '@chakra-ui/react';
import { PASSWORD_CHARS, PASSWORD_MAX, PASSWORD_MIN } from '../../contract/validation';
import { useT } from '../../app/i18n';
import { CheckIcon, CrossIcon } from '../../components/icons';

/** The contract's password rules as a live checklist (spec point 5). */
export function PasswordRules({ password, confirmation }: { password: string; confirmation: string }) {
  const t = useT();
  const rules = [
    {
      key: 'length',
      label: t('passwordForm.ruleLength'),
      met: password.length >= PASSWORD_MIN && password.length <= PASSWORD_MAX,
    },
    {
      key: 'chars',
      label: t('passwordForm.ruleChars'),
      met: password.length > 0 && PASSWORD_CHARS.test(password),
    },
    {
      key: 'match',
      label: t('passwordForm.ruleMatch'),
      met: password.length > 0 && password === confirmation,
    },
  ];
  return (
    <Box borderWidth="1px" borderRadius="md" bg="bg.subtle" p="3" id="password-rules">
      <Text fontSize="sm" fontWeight="medium" mb="2">
        {t('passwordForm.rules')}
      </Text>
      <List.Root gap="1.5" listStyleType="none" aria-label={t('passwordForm.rules')}>
        {rules.map((rule) => (
          <List.Item
            key={rule.key}
            data-met={rule.met}
            fontSize="sm"
            color={rule.met ? 'green.700' : 'fg.muted'}
          >
            <Flex align="center" gap="2">
              {rule.met ? <CheckIcon color="green.600" /> : <CrossIcon color="gray.400" />}
              <span>{rule.label}</span>
              <VisuallyHidden>{rule.met ? t('passwordForm.met') : t('passwordForm.unmet')}</VisuallyHidden>
            </Flex>
          </List.Item>
        ))}
      </List.Root>
      <Text fontSize="xs" color="fg.muted" mt="2">
        {t('passwordForm.serverRules')}
      </Text>
    </Box>
  );
}
