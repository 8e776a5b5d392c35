import { useState, type FormEvent, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Code,
  Heading,
  Image,
  Input,
  List,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { useT } from '../../app/i18n';
import { FormField } from '../../components/FormField';
import type { secondFactorMachine } from '../../machines/secondFactor';
import { SignInError } from './SignInError';

export type SecondFactorActor = ActorRefFrom<typeof secondFactorMachine>;

/**
 * Renders the second-factor machine: the code form ('verify'), or the enrolment (QR code,
 * confirmation, recovery codes shown once). Used on the login page (the session invokes the
 * machine) and on the account screen (optional enrolment). `onLogout` adds a Log out button.
 */
export function SecondFactorForm({
  actor,
  onLogout,
  optional = false,
}: {
  actor: SecondFactorActor;
  onLogout?: () => void;
  /** Enrolment the user chose (account screen), not one the role requires. */
  optional?: boolean;
}) {
  const t = useT();
  const view = useSelector(actor, (s) =>
    s.matches('entering') || s.matches('verifying')
      ? 'verify'
      : s.matches('starting')
        ? 'starting'
        : s.matches('startFailed')
          ? 'startFailed'
          : s.matches('scanning') || s.matches('confirming')
            ? 'scan'
            : s.matches('showingRecoveryCodes')
              ? 'codes'
              : 'done',
  );
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const error = useSelector(actor, (s) => s.context.error);
  const lockedUntil = useSelector(actor, (s) => s.context.lockedUntil);
  const enrolment = useSelector(actor, (s) => s.context.enrolment);
  const codes = useSelector(actor, (s) => s.context.recoveryCodes);
  const [otp, setOtp] = useState('');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!otp.trim() || busy) return;
    actor.send({ type: 'SUBMIT_CODE', otp });
    setOtp('');
  };

  const errorBox = error && <SignInError error={error} lockedUntil={lockedUntil} />;
  const logout = onLogout && (
    <Button variant="ghost" size="sm" onClick={onLogout}>
      {t('mfa.logout')}
    </Button>
  );
  const codeField = (
    <FormField label={t('fields.otp')} required>
      <Input
        value={otp}
        onChange={(e) => setOtp(e.target.value)}
        autoComplete="one-time-code"
        inputMode={view === 'scan' ? 'numeric' : 'text'}
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={24}
        autoFocus
      />
    </FormField>
  );

  /** A form that sends a code: its heading and hint, what it shows above the code, the submit. */
  const codeForm = (
    heading: string,
    hint: string,
    submitLabel: string,
    busyLabel: string,
    above?: ReactNode,
  ) => (
    <form onSubmit={submit} noValidate aria-label={heading}>
      <Stack gap="4">
        <Heading as="h2" size="lg">
          {heading}
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          {hint}
        </Text>
        {above}
        {errorBox}
        {codeField}
        <Button type="submit" size="lg" w="full" loading={busy} loadingText={busyLabel}>
          {submitLabel}
        </Button>
        {logout}
      </Stack>
    </form>
  );

  if (view === 'verify') {
    return codeForm(t('mfa.verifyHeading'), t('mfa.verifyHint'), t('mfa.verify'), t('mfa.verifying'));
  }
  if (view === 'starting' || view === 'startFailed') {
    return (
      <Stack gap="4" align="center" textAlign="center">
        <Heading as="h2" size="lg">
          {t('mfa.enrolHeading')}
        </Heading>
        {view === 'starting' ? (
          <>
            <Spinner />
            <Text>{t('mfa.preparing')}</Text>
          </>
        ) : (
          <>
            {errorBox}
            <Button onClick={() => actor.send({ type: 'RETRY' })}>{t('mfa.retry')}</Button>
          </>
        )}
        {logout}
      </Stack>
    );
  }
  if (view === 'scan' && enrolment) {
    return codeForm(
      t('mfa.enrolHeading'),
      t(optional ? 'mfa.enrolHintOptional' : 'mfa.enrolHint'),
      t('mfa.confirm'),
      t('mfa.confirming'),
      <>
        <Image src={enrolment.qrDataUrl} alt={t('mfa.qrCode')} boxSize="48" alignSelf="center" />
        <Box>
          <Text fontSize="sm" id="mfa-manual-key">
            {t('mfa.manualKey')}
          </Text>
          <Code aria-labelledby="mfa-manual-key" wordBreak="break-all" fontSize="sm" data-testid="mfa-secret">
            {enrolment.secret}
          </Code>
        </Box>
      </>,
    );
  }
  if (view === 'codes') {
    return (
      <Stack gap="4">
        <Heading as="h2" size="lg">
          {t('mfa.recoveryHeading')}
        </Heading>
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Description>{t('mfa.recoveryHint')}</Alert.Description>
        </Alert.Root>
        <List.Root
          aria-label={t('mfa.recoveryList')}
          display="grid"
          gridTemplateColumns={{ base: '1fr', sm: '1fr 1fr' }}
          gap="2"
          listStyle="none"
          fontFamily="mono"
        >
          {codes.map((c) => (
            <List.Item key={c}>{c}</List.Item>
          ))}
        </List.Root>
        <Button size="lg" w="full" onClick={() => actor.send({ type: 'CODES_SAVED' })}>
          {t('mfa.saved')}
        </Button>
      </Stack>
    );
  }
  return <Spinner />;
}
