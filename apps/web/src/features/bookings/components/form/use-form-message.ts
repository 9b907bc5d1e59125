import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format/use-format';
import { readFormMessage } from './booking-form-schema';

/**
 * Words a field error: the form's own checks carry a message id (see booking-form-schema), a server's field
 * error its text, which is shown as it is.
 */
export function useFormMessage(): (text: string | undefined) => string | undefined {
  const { t } = useTranslation();
  const format = useFormat();
  return useCallback(
    (text) => {
      if (text === undefined || text === '') return undefined;
      const message = readFormMessage(text);
      if (message === null) return text;
      switch (message.key) {
        case 'maxCharacters':
          return t('messages.maxCharacters', { max: message.max, len: message.len });
        case 'notAChoice':
          return t('messages.notAChoice', { choices: message.choices });
        case 'chooseClass':
        case 'chooseModel':
        case 'chooseVehicle':
          return t(`bookingForm.validation.${message.key}`);
        case 'notBeforeMinimum':
          return t('bookingForm.validation.notBeforeMinimum', { minimum: format.dateTime(message.minimum) });
        default:
          return t(`messages.${message.key}`);
      }
    },
    [t, format],
  );
}
