import { Fragment, type ReactNode } from 'react';
import { Card } from '@chakra-ui/react';
import { useLoad } from '../../../app/useLoad';
import { LoadFailed } from '../../../components/LoadFailed';
import { CardHeading } from '../../../components/SectionCard';
import { TopProgress } from '../../../components/TopProgress';

/**
 * A company's setting below its form, loaded and saved on its own (the refund approval
 * threshold, the brand connectors): its card with the title (`titleId`: the form's name) and
 * help, and the form of the saved setting, started afresh each time the setting is loaded.
 */
export function CompanySettingCard<T>({
  companyId,
  load,
  title,
  titleId,
  help,
  children,
}: {
  companyId: number;
  load: (companyId: number) => Promise<T>;
  title: string;
  titleId: string;
  help: (saved: T) => ReactNode;
  /** The form; `onSaved` loads the setting again. */
  children: (saved: T, onSaved: () => void) => ReactNode;
}) {
  const setting = useLoad(() => load(companyId), [companyId]);
  if (setting.status === 'failed') return <LoadFailed message={setting.error} onRetry={setting.reload} />;
  if (!setting.data) return <TopProgress />;
  return (
    <Card.Root mt="6">
      <CardHeading title={title} help={help(setting.data)} id={titleId} />
      <Card.Body pt="0">
        <Fragment key={JSON.stringify(setting.data)}>{children(setting.data, setting.reload)}</Fragment>
      </Card.Body>
    </Card.Root>
  );
}
