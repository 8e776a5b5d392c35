import { useEffect, useRef, useState } from 'react';
import { Box, Button, CloseButton, Flex, Progress, Spinner, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { createActor, type Actor } from 'xstate';
import { exportJobMachine, type ExportFormat } from '../machines/exportJob';
import { exportActors, saveFile, type ExportPaths } from '../services/exports';
import { showError } from '../app/toaster';
import { useT } from '../app/i18n';
import type { Translate } from '../i18n/translator';
import { CheckIcon } from './icons';

type JobActor = Actor<typeof exportJobMachine>;
interface Job {
  id: number;
  format: ExportFormat;
  actor: JobActor;
}

const FORMATS: readonly ExportFormat[] = ['excel', 'csv'];

/** 1536 → '1.5 KB'. */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * The Excel and CSV export buttons of a list (exportExcel / exportCSVFile with the list's
 * current filters). Each press starts its own export job (exportJob machine), so several can
 * run; their progress shows in a tray at the bottom of the window.
 */
export function ExportButtons({ paths, query }: { paths: ExportPaths; query: Record<string, string> }) {
  const t = useT();
  const [jobs, setJobs] = useState<Job[]>([]);
  const next = useRef(1);
  const running = useRef<Job[]>([]);
  running.current = jobs;
  // Leaving the page cancels what still runs.
  useEffect(() => () => running.current.forEach((j) => j.actor.stop()), []);

  const start = (format: ExportFormat) => {
    const actor = createActor(exportJobMachine.provide({ actors: exportActors(paths) }), {
      input: { format, query },
    });
    actor.on('toast', (e) => showError(e.message));
    actor.on('save', (e) => saveFile(e.fileName, e.data as Blob));
    actor.start();
    const id = next.current++;
    setJobs((list) => [...list, { id, format, actor }]);
  };
  const dismiss = (job: Job) => {
    job.actor.stop();
    setJobs((list) => list.filter((j) => j.id !== job.id));
  };

  return (
    <>
      {FORMATS.map((format) => (
        <Button key={format} size="sm" variant="outline" onClick={() => start(format)}>
          {t(`exports.${format}`)}
        </Button>
      ))}
      {jobs.length > 0 && (
        <Stack
          role="region"
          aria-label={t('exports.tray')}
          position="fixed"
          insetEnd={{ base: '2', md: '6' }}
          insetStart={{ base: '2', md: 'auto' }}
          bottom={{ base: '2', md: '6' }}
          w={{ md: '22rem' }}
          gap="2"
          zIndex="toast"
        >
          {jobs.map((job) => (
            <ExportJobCard key={job.id} job={job} t={t} onDismiss={() => dismiss(job)} />
          ))}
        </Stack>
      )}
    </>
  );
}

function ExportJobCard({ job, t, onDismiss }: { job: Job; t: Translate; onDismiss: () => void }) {
  const state = useSelector(job.actor, (s) => s);
  const { fileName, received, total, error } = state.context;
  const title = fileName ?? t(`exports.${job.format}`);
  const busy = state.hasTag('busy');
  const percent = total ? Math.min(100, Math.round((received / total) * 100)) : null;
  return (
    <Box
      role="group"
      aria-label={t('exports.job', { name: title })}
      bg="bg.panel"
      borderWidth="1px"
      borderRadius="md"
      boxShadow="lg"
      p="3"
    >
      <Flex align="center" gap="2">
        {busy ? <Spinner size="xs" /> : state.matches('saved') ? <CheckIcon color="green.600" /> : null}
        <Text fontSize="sm" fontWeight="medium" flex="1" minW="0" truncate>
          {title}
        </Text>
        {!busy && <CloseButton size="2xs" aria-label={t('common.close')} onClick={onDismiss} />}
      </Flex>
      {state.matches('streaming') && (
        <Progress.Root mt="2" size="sm" value={percent} max={100} aria-label={t('exports.progress')}>
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      )}
      <Flex mt="1.5" align="center" gap="2" wrap="wrap">
        <Text
          fontSize="xs"
          color={state.matches('failed') ? 'fg.error' : 'fg.muted'}
          flex="1"
          minW="0"
          role="status"
        >
          {state.matches('requesting') && t('exports.requesting')}
          {state.matches('streaming') &&
            (percent !== null
              ? t('exports.percent', { percent, received: formatBytes(received) })
              : t('exports.received', { received: formatBytes(received) }))}
          {state.matches('saved') && t('exports.saved', { size: formatBytes(received) })}
          {state.matches('failed') && error}
          {state.matches('cancelled') && t('exports.cancelled')}
        </Text>
        {busy && (
          <Button size="2xs" variant="outline" onClick={() => job.actor.send({ type: 'CANCEL' })}>
            {t('common.cancel')}
          </Button>
        )}
        {state.can({ type: 'RETRY' }) && (
          <Button size="2xs" variant="outline" onClick={() => job.actor.send({ type: 'RETRY' })}>
            {t('common.retry')}
          </Button>
        )}
      </Flex>
    </Box>
  );
}
