import { deDE, enUS, nbNO, svSE, type PickersLocaleText } from '@mui/x-date-pickers/locales';
import 'dayjs/locale/de';
import 'dayjs/locale/en-gb';
import 'dayjs/locale/nb';
import 'dayjs/locale/sv';
import type { Language } from '@fleetdesk/contract';

/** day.js's locale per UI language: the names of months and days, and the first day of the week, in the pickers. */
export const DAYJS_LOCALES: Record<Language, string> = { de: 'de', 'en-GB': 'en-gb', nb: 'nb', sv: 'sv' };

const pack = (locale: typeof enUS): Partial<PickersLocaleText> => locale.components.MuiLocalizationProvider.defaultProps.localeText;

/**
 * The pickers' own strings (Cancel, OK, Clear, "Choose date, selected date is …", the calendar's and clock's labels,
 * the field's placeholders) in each UI language, so that a picker never speaks English under nb (issue 17). MUI's
 * nbNO and svSE packs leave only the range pickers' strings untranslated, which the console does not use.
 */
export const PICKER_LOCALE_TEXT: Record<Language, Partial<PickersLocaleText>> = {
  de: pack(deDE),
  'en-GB': pack(enUS),
  nb: pack(nbNO),
  sv: pack(svSE),
};
