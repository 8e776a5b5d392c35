import { Box, Flex, List, Text, VisuallyHidden } from '@chakra-ui/react';
import { passwordChecks, type PasswordPolicy, type PasswordRule } from '../../contract/passwords';
import { useT } from '../../app/i18n';
import { CheckIcon, CrossIcon } from '../../components/icons';

type Shown = PasswordRule | 'match';

/**
 * The contract's password rules (src/contract/passwords.ts) under the server's policy as a
 * live checklist: the same rules the server applies, so a ticked list is an accepted password
 * (but for the history, which only the server knows: checked on save).
 */
export function PasswordRules({
  password,
  confirmation,
  policy,
}: {
  password: string;
  confirmation: string;
  policy: PasswordPolicy;
}) {
  const t = useT();
  const checks = passwordChecks(password, policy);
  const rules: { key: Shown; label: string; met: boolean | null }[] = [
    {
      key: 'length',
      label: t('passwordForm.ruleLength', { min: policy.minLength, max: policy.maxLength }),
      met: checks.length,
    },
    { key: 'letterAndDigit', label: t('passwordForm.ruleLetterAndDigit'), met: checks.letterAndDigit },
    { key: 'chars', label: t('passwordForm.ruleChars'), met: checks.chars },
    { key: 'notRecent', label: t('passwordForm.ruleNotRecent', { count: policy.history }), met: null },
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
            data-rule={rule.key}
            data-met={rule.met ?? 'unknown'}
            fontSize="sm"
            color={rule.met ? 'green.700' : 'fg.muted'}
          >
            <Flex align="center" gap="2">
              {rule.met === null ? (
                <Box as="span" w="3.5" textAlign="center" aria-hidden>
                  ·
                </Box>
              ) : rule.met ? (
                <CheckIcon color="green.600" />
              ) : (
                <CrossIcon color="gray.400" />
              )}
              <span>{rule.label}</span>
              {rule.met === null ? (
                <Text as="span" fontSize="xs">
                  {t('passwordForm.onSave')}
                </Text>
              ) : (
                <VisuallyHidden>{rule.met ? t('passwordForm.met') : t('passwordForm.unmet')}</VisuallyHidden>
              )}
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
