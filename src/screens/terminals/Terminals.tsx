import { useMemo } from 'react';
import { Text } from '@chakra-ui/react';
import type { TerminalRow } from '../../contract/terminals';
import { TERMINAL_LIST } from '../../contract/lists/terminals';
import { pageTerminals, setTerminalStatus } from '../../services/terminals';
import { useT } from '../../app/i18n';
import type { Translate } from '../../i18n/translator';
import { formatDateTime } from '../../components/format';
import { PageHeader } from '../../components/PageHeader';
import type { Cells } from '../../lists/columns';
import { ListBody, type ColumnKey } from '../../lists/ListBody';
import { useListOf } from '../../lists/useListScreen';
import { useScopeFields } from '../../lists/useScopeFields';
import { can } from '../../contract/capabilities';
import { useSessionUser } from '../../app/session';
import { RowActions } from '../shared/RowActions';
import { statusAndCreatedCells } from '../shared/columns';
import { useStatusToggle } from '../shared/useStatusToggle';

/** /setup/payment: devices the gateway registered, filters app type / status / company / branch. */
export default function Terminals() {
  const t = useT();
  const user = useSessionUser();
  const scope = useScopeFields(t);
  const screen = useListOf<TerminalRow>(TERMINAL_LIST, pageTerminals);
  const toggle = useStatusToggle({
    change: setTerminalStatus,
    lockNote: t('org.lock.noteDevice'),
    onDone: screen.reload,
  });

  const cells = useMemo(
    () =>
      (tr: Translate): Cells<ColumnKey<typeof TERMINAL_LIST>, TerminalRow> => ({
        serial: (r) => <Text fontFamily="mono">{r.serial}</Text>,
        appType: (r) => tr(`terminals.appType.${r.appType}`),
        companyName: (r) => r.companyName,
        branchUnitName: (r) => r.branchUnitName ?? '—',
        ...statusAndCreatedCells<TerminalRow>(),
        updatedAt: (r) => formatDateTime(r.updatedAt),
        actions: (r) => (
          <RowActions
            name={r.serial}
            status={r.status}
            onToggle={() => toggle.ask({ id: r.id, name: r.serial, status: r.status })}
          />
        ),
      }),
    [toggle],
  );

  return (
    <>
      <PageHeader title={t('menu.terminals')} />
      <ListBody
        list={TERMINAL_LIST}
        screen={screen}
        tableKey="terminals.table"
        cells={cells}
        scope={{ fields: scope.fields, showCompany: true }}
        without={can(user, 'write') ? undefined : ['actions']}
      />
      {toggle.dialog}
    </>
  );
}
