import { Box, Button, Card, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { BranchTreeNode } from '../../../contract/org';
import { useT } from '../../../app/i18n';

/**
 * Companies in scope with their branches (/org/branchUnit/tree). Picking a company narrows
 * the list to its branches; "all" shows every branch again.
 */
export function BranchTree({
  tree,
  loading,
  selectedCompanyId,
  onSelect,
}: {
  tree: readonly BranchTreeNode[];
  loading: boolean;
  selectedCompanyId: string;
  onSelect: (companyId: string) => void;
}) {
  const t = useT();
  const item = (id: string, label: string, count: number | null, locked: boolean) => {
    const active = selectedCompanyId === id;
    return (
      <Button
        key={id || 'all'}
        variant={active ? 'subtle' : 'ghost'}
        colorPalette={active ? 'blue' : 'gray'}
        size="sm"
        justifyContent="space-between"
        w="full"
        fontWeight={active ? 'semibold' : 'normal'}
        aria-current={active ? 'true' : undefined}
        onClick={() => onSelect(id)}
      >
        <Text as="span" truncate textDecoration={locked ? 'line-through' : undefined}>
          {label}
        </Text>
        {count !== null && (
          <Text as="span" color="fg.muted" fontSize="xs">
            {count}
          </Text>
        )}
      </Button>
    );
  };
  return (
    <Card.Root as="nav" aria-label={t('org.branch.tree')}>
      <Card.Header pb="2">
        <Heading as="h2" size="sm">
          {t('menu.companies')}
        </Heading>
      </Card.Header>
      <Card.Body pt="0" px="2" maxH={{ base: '14rem', lg: 'calc(100dvh - 14rem)' }} overflowY="auto">
        {loading ? (
          <Stack>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} h="6" />
            ))}
          </Stack>
        ) : (
          <Stack gap="0.5">
            {item('', t('org.branch.allCompanies'), null, false)}
            {tree.map((co) => (
              <Box key={co.id}>
                {item(String(co.id), co.name, co.branches.length, co.status === 'locked')}
                {selectedCompanyId === String(co.id) && co.branches.length > 0 && (
                  <Stack as="ul" gap="0" ps="5" py="1" listStyleType="none" aria-label={co.name}>
                    {co.branches.map((b) => (
                      <Text
                        as="li"
                        key={b.id}
                        fontSize="xs"
                        color={b.status === 'locked' ? 'fg.subtle' : 'fg.muted'}
                        py="0.5"
                        truncate
                      >
                        {b.name}
                      </Text>
                    ))}
                  </Stack>
                )}
              </Box>
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
