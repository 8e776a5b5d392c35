import { useEffect, useState } from 'react';
import { Button, Center, Flex, Grid, Image, Input, Skeleton, Stack, chakra } from '@chakra-ui/react';
import { useT } from '../../app/i18n';
import { CopyIcon } from '../../components/icons';
import { qrPngDataUrl } from '../../services/qrCode';

/** The QR code PNG of a link (made in the browser), null while it is drawn. */
export function useQrPng(link: string | null) {
  const [png, setPng] = useState<{ link: string; url: string } | null>(null);
  useEffect(() => {
    if (!link) return;
    let current = true;
    void qrPngDataUrl(link).then((url) => current && setPng({ link, url }));
    return () => {
      current = false;
    };
  }, [link]);
  return png && png.link === link ? png.url : null;
}

/** A pay link with Copy, and its QR code with Download (the actions come from the caller's machine). */
export function LinkAndQr({
  link,
  number,
  onCopy,
  onDownload,
  disabled = false,
}: {
  link: string;
  /** The order or pay number the QR code is named after. */
  number: string;
  onCopy: () => void;
  onDownload: () => void;
  /** The link no longer pays (closed, used up, expired): shown, not offered. */
  disabled?: boolean;
}) {
  const t = useT();
  const png = useQrPng(link);
  return (
    // From md the QR code stands beside the link, so Download stays in view on a laptop screen.
    <Grid gap="4" templateColumns={{ base: '1fr', md: 'minmax(0, 1fr) auto' }} alignItems="start">
      <Stack gap="1.5">
        <chakra.label htmlFor={`link-${number}`} fontSize="sm" fontWeight="medium">
          {t('links.payLink')}
        </chakra.label>
        <Flex gap="2" direction={{ base: 'column', sm: 'row', md: 'column', lg: 'row' }}>
          <Input
            id={`link-${number}`}
            value={link}
            readOnly
            size="sm"
            fontFamily="mono"
            textDecoration={disabled ? 'line-through' : undefined}
            onFocus={(e) => e.target.select()}
          />
          <Button size="sm" variant="outline" onClick={onCopy} disabled={disabled} flexShrink={0}>
            <CopyIcon />
            {t('links.copyLink')}
          </Button>
        </Flex>
      </Stack>
      <Center flexDirection="column" gap="2">
        {png ? (
          <Image
            src={png}
            alt={t('links.qrAlt', { number })}
            boxSize={{ base: '200px', md: '176px' }}
            borderWidth="1px"
            borderRadius="md"
            opacity={disabled ? 0.35 : 1}
          />
        ) : (
          <Skeleton boxSize={{ base: '200px', md: '176px' }} />
        )}
        <Button size="sm" variant="outline" onClick={onDownload} disabled={disabled || !png}>
          {t('links.downloadQr')}
        </Button>
      </Center>
    </Grid>
  );
}
