import type { GridLocaleText } from '@mui/x-data-grid';
import { deDE, enUS, nbNO, svSE } from '@mui/x-data-grid/locales';
import type { Language } from '@fleetdesk/contract';

type SortAriaLabel = GridLocaleText['columnHeaderSortIconAriaLabel'];

/**
 * Keys the community grid shows that MUI's nbNO and svSE packs leave untranslated (commented out upstream); without
 * them the sort button of every header would speak English. The other untranslated keys belong to Pro/Premium
 * features (pivot, charts, computed columns, AI assistant) the community grid never renders.
 */
const sortAria =
  (ascending: string, descending: string, none: string): SortAriaLabel =>
  (column, direction) =>
    direction === 'asc' ? `${ascending} ${column}` : direction === 'desc' ? `${descending} ${column}` : `${none} ${column}`;

const NB_PATCH: Partial<GridLocaleText> = {
  columnHeaderSortIconAriaLabel: sortAria('Sorter stigende:', 'Sorter synkende:', 'Fjern sortering:'),
};
const SV_PATCH: Partial<GridLocaleText> = {
  columnHeaderSortIconAriaLabel: sortAria('Sortera stigande:', 'Sortera fallande:', 'Ta bort sortering:'),
};

const pack = (locale: typeof enUS) => locale.components.MuiDataGrid.defaultProps.localeText;

/** The grid's own strings (menus, column panel, density, pagination, ARIA labels) in each UI language. */
export const GRID_LOCALE_TEXT: Record<Language, Partial<GridLocaleText>> = {
  de: pack(deDE),
  // enUS is the grid's own English; British English reads the same for every string the grid shows.
  'en-GB': pack(enUS),
  nb: { ...pack(nbNO), ...NB_PATCH },
  sv: { ...pack(svSE), ...SV_PATCH },
};

/**
 * The field separator of an exported .csv: ';' where the decimal mark is a comma (de, nb, sv), as spreadsheets in
 * those languages expect when a file is opened by double-click; ',' for British English.
 */
export const CSV_DELIMITER: Record<Language, ',' | ';'> = { de: ';', 'en-GB': ',', nb: ';', sv: ';' };
