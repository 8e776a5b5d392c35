import { Box, Button, Card, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { UBO_ATTRIBUTES, UBO_MAX, UBO_MIN } from '../../../../contract/org';
import { useT } from '../../../../app/i18n';
import { PlusIcon, TrashIcon } from '../../../../components/icons';
import { enumOptions } from '../../../shared/options';
import { EMPTY_UBO, type CompanyForm } from '../companyForm';
import { useFieldError } from '../../../shared/formFields';
import { FieldGrid, SelectField, TextField } from '../../../shared/formFields';

/** M-ID (unique acquirer id) and S-ID, then the beneficial owners: 1 to 10 rows. */
export function UboSection({ checkMid }: { checkMid: () => void }) {
  const t = useT();
  const { control } = useFormContext<CompanyForm>();
  const { fields, append, remove } = useFieldArray({ control, name: 'ubos' });
  const error = useFieldError();
  const listError = error('ubos');
  return (
    <Stack gap="4">
      <FieldGrid>
        <TextField name="mid" onBlurCheck={checkMid} />
        <TextField name="sid" />
      </FieldGrid>
      <Flex align="center" justify="space-between" gap="2" wrap="wrap">
        <Heading as="h3" size="sm">
          {t('org.sections.ubo')}{' '}
          <Text as="span" color="fg.muted" fontWeight="normal" fontSize="sm">
            {t('org.ubo.count', { count: fields.length })}
          </Text>
        </Heading>
        <Button
          size="sm"
          variant="outline"
          disabled={fields.length >= UBO_MAX}
          onClick={() => append({ ...EMPTY_UBO })}
        >
          <PlusIcon />
          {t('org.ubo.add')}
        </Button>
      </Flex>
      {listError && (
        <Text color="fg.error" fontSize="sm" role="alert">
          {listError}
        </Text>
      )}
      {fields.map((field, i) => (
        <Card.Root
          key={field.id}
          variant="outline"
          size="sm"
          role="group"
          aria-label={t('org.uboN', { n: i + 1 })}
        >
          <Card.Header pb="0">
            <Flex align="center" justify="space-between">
              <Text fontWeight="medium">{t('org.uboN', { n: i + 1 })}</Text>
              <Button
                size="xs"
                variant="ghost"
                colorPalette="red"
                disabled={fields.length <= UBO_MIN}
                onClick={() => remove(i)}
                aria-label={`${t('org.ubo.remove')}: ${t('org.uboN', { n: i + 1 })}`}
              >
                <TrashIcon />
                {t('org.ubo.remove')}
              </Button>
            </Flex>
          </Card.Header>
          <Card.Body>
            <Box>
              <FieldGrid>
                <SelectField
                  name={`ubos.${i}.attribute`}
                  required
                  options={enumOptions(t, UBO_ATTRIBUTES, 'org.uboAttribute')}
                />
                <TextField name={`ubos.${i}.companyName`} required />
                <TextField name={`ubos.${i}.lastName`} required />
                <TextField name={`ubos.${i}.firstName`} required />
                <TextField name={`ubos.${i}.passportNumber`} />
                <TextField name={`ubos.${i}.registrationNumber`} required />
                <TextField name={`ubos.${i}.city`} required />
                <TextField name={`ubos.${i}.companyAttribute`} required />
              </FieldGrid>
            </Box>
          </Card.Body>
        </Card.Root>
      ))}
    </Stack>
  );
}
