import { useEffect } from 'react';
import { Button } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { can } from '../../../contract/capabilities';
import type { ReconGroup } from '../../../contract/reconciliation';
import { type StatementImportView } from '../../../contract/statementImports';
import { useT } from '../../../app/i18n';
import { useRootActor, useSessionUser, useWorkflow } from '../../../app/session';
import { StepDialog } from '../../../components/StepDialog';
import { ImportSteps } from './ImportSteps';

/**
 * A reconciliation result screen's Import statement button and the dialog it opens (docs/
 * reconciliation.md, "Import"). The statementImport workflow runs in the root actor
 * (`statementImport.open` with the screen's group of brands); the dialog renders its state.
 * `onImported` is called when an import ends with a run (matched or refused): the screen
 * reloads the day. Shown to the roles that may import (the server decides again).
 */
export function ImportStatementButton({
  group,
  onImported,
}: {
  group: ReconGroup;
  onImported?: (view: StatementImportView) => void;
}) {
  const t = useT();
  const root = useRootActor();
  const user = useSessionUser();
  const actor = useWorkflow('statementImport');
  const openGroup = useSelector(actor, (s) => s?.context.group);
  // Leaving the screen ends the dialog (an import already queued goes on on the server).
  useEffect(() => () => root.send({ type: 'statementImport.close' }), [root]);
  useEffect(() => {
    if (!actor || !onImported) return;
    const sub = actor.on('imported', (e) => onImported(e.view));
    return () => sub.unsubscribe();
  }, [actor, onImported]);
  if (!can(user, 'reconcile')) return null;
  return (
    <>
      <Button
        size="sm"
        colorPalette="blue"
        onClick={() => root.send({ type: 'statementImport.open', input: { group } })}
      >
        {t('reconciliation.imports.open')}
      </Button>
      {actor && openGroup === group && <ImportDialog actor={actor} />}
    </>
  );
}

type ImportActor = NonNullable<ReturnType<typeof useWorkflow<'statementImport'>>>;

function ImportDialog({ actor }: { actor: ImportActor }) {
  const t = useT();
  const state = useSelector(actor, (s) => s);
  const close = () => {
    if (state.can({ type: 'CLOSE' })) actor.send({ type: 'CLOSE' });
    else actor.send({ type: 'CANCEL' });
  };
  return (
    <StepDialog
      label={t('reconciliation.imports.title')}
      title={t('reconciliation.imports.title')}
      busy={state.matches('uploading')}
      onClose={close}
    >
      <ImportSteps state={state} send={actor.send} onClose={close} />
    </StepDialog>
  );
}
