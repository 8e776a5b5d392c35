import { useEffect, useState, type FormEvent } from 'react';
import { Button, Card, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { mfaRequiredFor, type OperatorType } from '../../contract/roles';
import { useLocale, useT } from '../../app/i18n';
import { showSuccess } from '../../app/toaster';
import { FormField } from '../../components/FormField';
import { secondFactorMachine } from '../../machines/secondFactor';
import { secondFactorActors } from '../../services/actors';
import { disableMfa } from '../../services/auth';
import { SecondFactorForm } from '../auth/SecondFactorForm';

/**
 * Two-step verification on the account screen: its state; for roles that do not require it,
 * the enrolment (the second-factor machine alone) and turning it off with password and code.
 */
export function MfaCard({
  operatorType,
  enrolled,
  onChanged,
}: {
  operatorType: OperatorType;
  enrolled: boolean;
  onChanged: () => void;
}) {
  const t = useT();
  const required = mfaRequiredFor(operatorType);
  const [mode, setMode] = useState<'idle' | 'enrol' | 'disable'>('idle');
  return (
    <Card.Root>
      <Card.Header>
        <Heading as="h2" size="md">
          {t('mfa.accountHeading')}
        </Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="3">
          {mode !== 'enrol' && <Text>{t(enrolled ? 'mfa.statusOn' : 'mfa.statusOff')}</Text>}
          {required && <Text color="fg.muted">{t('mfa.statusRequired')}</Text>}
          {mode === 'enrol' && (
            <Enrolment
              onDone={() => {
                setMode('idle');
                showSuccess(t('mfa.enrolled'));
                onChanged();
              }}
            />
          )}
          {mode === 'disable' && (
            <DisableForm
              onCancel={() => setMode('idle')}
              onDone={() => {
                setMode('idle');
                onChanged();
              }}
            />
          )}
          {mode === 'idle' && !enrolled && !required && (
            <Button alignSelf="start" onClick={() => setMode('enrol')}>
              {t('mfa.enable')}
            </Button>
          )}
          {mode === 'idle' && enrolled && !required && (
            <Button alignSelf="start" variant="outline" colorPalette="red" onClick={() => setMode('disable')}>
              {t('mfa.disable')}
            </Button>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function Enrolment({ onDone }: { onDone: () => void }) {
  const locale = useLocale();
  const actor = useActorRef(secondFactorMachine.provide({ actors: secondFactorActors }), {
    input: { mode: 'enrol', locale },
  });
  const done = useSelector(actor, (s) => s.matches('signedIn'));
  useEffect(() => {
    if (done) onDone();
  }, [done, onDone]);
  return done ? null : <SecondFactorForm actor={actor} optional />;
}

function DisableForm({ onCancel, onDone }: { onCancel: () => void; onDone: () => void }) {
  const t = useT();
  const [password, setPassword] = useState('');
  const [otp, setOtp] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!password || !otp.trim()) return;
    setBusy(true);
    try {
      await disableMfa(password, otp);
      showSuccess(t('server.mfa.disabled'));
      onDone();
    } catch {
      // The client has shown the reason.
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={t('mfa.disable')}>
      <Stack gap="3">
        <Text fontSize="sm">{t('mfa.disableHint')}</Text>
        <FormField label={t('fields.password')} required>
          <Input
            type="password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoComplete="current-password"
          />
        </FormField>
        <FormField label={t('fields.otp')} required>
          <Input value={otp} onChange={(e) => setOtp(e.target.value)} autoComplete="one-time-code" />
        </FormField>
        <Stack direction="row" gap="2">
          <Button type="submit" colorPalette="red" loading={busy}>
            {t('mfa.disable')}
          </Button>
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            {t('mfa.cancel')}
          </Button>
        </Stack>
      </Stack>
    </form>
  );
}
