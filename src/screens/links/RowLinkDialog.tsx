import { Button, Dialog, Portal } from '@chakra-ui/react';
import { useT } from '../../app/i18n';
import type { Translate } from '../../i18n/translator';
import { showError, showSuccess } from '../../app/toaster';
import { qrFileName, qrPngDataUrl, saveFile } from '../../services/qrCode';
import { LinkAndQr } from './LinkAndQr';

/** Copies a pay link, with a toast either way. */
export function copyLink(link: string, t: Translate) {
  navigator.clipboard.writeText(link).then(
    () => showSuccess(t('links.copied')),
    () => showError(t('links.copyFailed')),
  );
}

/** The link and QR code of a row of the list (to send it again). */
export function RowLinkDialog({
  link,
  number,
  onClose,
}: {
  link: string;
  number: string;
  onClose: () => void;
}) {
  const t = useT();
  return (
    <Dialog.Root open placement="center" size="md" onOpenChange={(e) => !e.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx={{ base: '2', sm: '4' }}>
            <Dialog.Header>
              <Dialog.Title>{t('links.linkOf', { number })}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <LinkAndQr
                link={link}
                number={number}
                onCopy={() => copyLink(link, t)}
                onDownload={() => void qrPngDataUrl(link).then((url) => saveFile(url, qrFileName(number)))}
              />
            </Dialog.Body>
            <Dialog.Footer>
              <Button onClick={onClose}>{t('common.close')}</Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
